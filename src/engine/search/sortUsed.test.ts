// A search says which order its results are in, so the app's Relevance/Newest toggle shows the order actually used:
// a query without words has nothing to rank by and lists newest first, whatever order was asked for.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, toMbox } from '../../../test/corpus';
import { withEngine } from '../../../test/engine';

describe('the order a search reports', () => {
  it('is the order its hits are in: date without words, relevance with them unless date was asked', async () => {
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'usrp-80.mbox');
      await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 80)));
      await engine.importPaths([file], 'usrp');
      const newestFirst = (dates: string[]): boolean => dates.every((date, index) => index === 0 || dates[index - 1]! >= date);

      const all = await engine.search({ query: '', sort: 'relevance', limit: 40 });
      expect(all.sort).toBe('date');
      expect(all.hits.length).toBe(40);
      expect(newestFirst(all.hits.map((hit) => hit.date))).toBe(true);
      // Operators alone give no words to rank by either.
      const scoped = await engine.search({ query: 'in:anywhere', sort: 'relevance', limit: 40 });
      expect(scoped.sort).toBe('date');
      expect(newestFirst(scoped.hits.map((hit) => hit.date))).toBe(true);

      expect((await engine.search({ query: 'usrp', sort: 'relevance', limit: 5, mode: 'keyword' })).sort).toBe('relevance');
      expect((await engine.search({ query: 'usrp', limit: 5, mode: 'keyword' })).sort).toBe('relevance');
      expect((await engine.search({ query: 'usrp', sort: 'date', limit: 5, mode: 'keyword' })).sort).toBe('date');
    });
  }, 120_000);
});
