// Searching as one types: the box's last word, cut short, matches the words it begins; a finished search does not.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, toMbox } from '../../../test/corpus';
import { withEngine } from '../../../test/engine';

describe('the last word while typing', () => {
  it('matches the words it begins when no message holds it, and only while typing', async () => {
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'usrp-300.mbox');
      await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 300)));
      await engine.importPaths([file], 'usrp');
      const count = async (query: string, isTyping: boolean): Promise<number> =>
        (await engine.search({ query, isTyping, mode: 'keyword', limit: 100 })).total;

      const whole = await count('daughterboard', false);
      expect(whole).toBeGreaterThan(0);
      expect(await count('daughterboa', false)).toBe(0);
      const typed = await engine.search({ query: 'daughterboa', isTyping: true, mode: 'keyword', limit: 100 });
      expect(typed.total).toBeGreaterThanOrEqual(whole);
      expect(typed.completions).toContain('daughterboard');
      expect(typed.hits.some((hit) => /daughterboard/i.test(`${hit.subject} ${hit.snippet}`))).toBe(true);
      // The words it was read as are marked in the snippets, and the timeline counts what the list counts.
      expect(typed.hits.some((hit) => hit.highlights.length > 0)).toBe(true);
      expect((await engine.timeline({ query: 'daughterboa', isTyping: true, mode: 'keyword' })).total).toBe(typed.total);
      expect((await engine.search({ query: 'daughterboard', mode: 'keyword' })).completions).toBeUndefined();

      // Every word but the last must still be there as written (or by stem); the last one as a beginning.
      expect(await count('usrp daughterboa', true)).toBeGreaterThan(0);
      expect(await count('usrp daughterboa', true)).toBeLessThanOrEqual(await count('daughterboa', true));
      // A word the archive holds is that word, typing or not; a space ends the word; an operator's value is no word.
      expect(await count('daughterboard', true)).toBe(whole);
      expect(await count('daughterboa ', true)).toBe(0);
      expect(await count('subject:daughterboa', true)).toBe(0);
    });
  }, 120_000);
});
