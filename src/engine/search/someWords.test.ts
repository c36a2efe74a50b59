// Keyword mode is Gmail's every-word search while some message holds every word; when none does (a half-remembered
// subject, a description), it shows the messages with the most of the words, says so, and its timeline counts them.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, toMbox } from '../../../test/corpus';
import { withEngine } from '../../../test/engine';

describe('keyword mode when no message has every word', () => {
  it('shows the messages with the most of the words, rare words first, and says so', async () => {
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'usrp-300.mbox');
      await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 300)));
      await engine.importPaths([file], 'usrp');

      // Every word held by some message: only the messages with all of them, as before.
      const every = await engine.search({ query: 'daughterboard usrp', mode: 'keyword', limit: 100 });
      expect(every.total).toBeGreaterThan(0);
      expect(every.modeNote ?? '').not.toMatch(/most of them/);

      // A word no message holds beside ones that some do: the messages with the others, and the note saying so.
      const some = await engine.search({ query: 'daughterboard usrp xylophonequartz', mode: 'keyword', limit: 100 });
      expect(some.total).toBeGreaterThanOrEqual(every.total);
      expect(some.modeNote).toBe('no message has all of the words: showing messages with the most of them');
      expect(some.hits.map((hit) => hit.id)).toEqual(expect.arrayContaining(every.hits.slice(0, 3).map((hit) => hit.id)));
      expect((await engine.timeline({ query: 'daughterboard usrp xylophonequartz', mode: 'keyword' })).total).toBe(some.total);

      // Words none of which any message holds still find nothing.
      const none = await engine.search({ query: 'xylophonequartz plorbnik', mode: 'keyword' });
      expect(none.total).toBe(0);
      expect(none.hits).toEqual([]);
    });
  }, 120_000);
});
