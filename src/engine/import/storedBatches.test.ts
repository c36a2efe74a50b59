// The engine announces each stored batch of an import ('store-changed'), and a search then finds it while the import
// goes on: what lets the window leave its first-run page and show results before the import ends.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, toMbox } from '../../../test/corpus';
import { withEngine } from '../../../test/engine';

describe('stored batches while importing', () => {
  it('says the store changed before the import ends, and a search then finds the mail stored so far', async () => {
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'io-uring.mbox');
      await writeFile(file, toMbox(await readCorpusMessages('io-uring-list.mbox.gz', 2500)));
      let isFinished = false;
      const found: number[] = [];
      const searches: Promise<void>[] = [];
      engine.subscribe((event) => {
        if (event.type !== 'store-changed' || isFinished) return;
        searches.push(engine.search({ query: 'io_uring', limit: 5 }).then((result) => void found.push(result.total)));
      });
      const report = await engine.importPaths([file], 'batches');
      isFinished = true;
      await Promise.all(searches);
      expect(found.length).toBeGreaterThan(0);
      expect(found[0]).toBeGreaterThan(0);
      expect(found[0]).toBeLessThan(report.imported);
    });
  }, 120_000);
});
