// Tables kept outside the data folder, at a LanceDB URI two machines can share: what one imports and embeds, the
// other finds, building its own keyword index from the records; backups say they do not cover such tables.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from './engine';

describe('tables at a LanceDB URI', () => {
  it('serve a second data folder with the same messages, vectors and results', async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'slice.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 120)));
    const tablesLocation = pathToFileURL(join(dir, 'shared-tables')).href;
    expect(tablesLocation).toMatch(/^file:\/\//);

    const first = await openEngine({ dataDir: join(dir, 'machine-a'), tablesLocation, timeZone: 'UTC' });
    let firstHits: string[];
    let semanticHits: string[];
    try {
      expect(await first.importPaths([file], 'slice')).toMatchObject({ imported: 120, failed: 0 });
      expect((await first.embed()).embedded).toBe(120);
      firstHits = (await first.search({ query: 'from:marcus subject:N320', mode: 'keyword' })).hits.map((hit) => hit.id);
      semanticHits = (await first.search({ query: 'radio overheats', mode: 'semantic' })).hits.map((hit) => hit.id);
      expect(firstHits.length).toBeGreaterThan(0);
      expect(semanticHits.length).toBeGreaterThan(0);
      await expect(first.backupNow()).rejects.toThrow(/backup: the tables live at file:\/\/.*outside the data folder/);
    } finally {
      await first.close();
    }

    const second = await openEngine({ dataDir: join(dir, 'machine-b'), tablesLocation, timeZone: 'UTC' });
    try {
      expect((await second.getStats()).messages).toBe(120);
      expect((await second.search({ query: 'from:marcus subject:N320', mode: 'keyword' })).hits.map((hit) => hit.id)).toEqual(firstHits);
      // Adopts the vectors already there: nothing to embed again, and the same semantic results.
      expect((await second.embed()).chunks).toBe(0);
      expect((await second.search({ query: 'radio overheats', mode: 'semantic' })).hits.map((hit) => hit.id)).toEqual(semanticHits);
    } finally {
      await second.close();
    }
  });
});
