// The engine announces each stored batch of an import ('store-changed') while it still reads, and a search then finds
// that mail: what lets the window leave its first-run page and show results before the import ends.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, toMbox } from '../../../test/corpus';
import { withEngine } from '../../../test/engine';

describe('stored batches while importing', () => {
  it('says the store changed while the import still reads, and a search then finds the mail stored so far', async () => {
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'io-uring.mbox');
      await writeFile(file, toMbox(await readCorpusMessages('io-uring-list.mbox.gz', 2500)));
      /** Messages a search found at each 'store-changed' that came before the import's last progress event. */
      let found: Promise<number> | null = null;
      let isReadingAfterChange = false;
      engine.subscribe((event) => {
        if (event.type === 'store-changed' && found === null)
          found = engine.search({ query: 'io_uring', limit: 5 }).then((result) => result.total);
        if (event.type === 'import-progress' && event.progress.phase === 'reading' && found !== null) isReadingAfterChange = true;
      });
      const report = await engine.importPaths([file], 'batches');
      expect(isReadingAfterChange, "a 'store-changed' came while the import still read").toBe(true);
      const first = await found!;
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThan(report.imported);
    });
  }, 120_000);
});
