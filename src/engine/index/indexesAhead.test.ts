// The saved indexes read while the messages table opens: taken when they are of the table as it is, and let go (the
// catalog scanned, the keyword index made for it) when the table changed behind the snapshot.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { testNormalizeContext } from '../../../test/normalizeContext';
import { openEngine } from '../api/engine';
import { normalizeMessage } from '../import/normalize';
import { MessageStore } from '../store/messageStore';
import { loadCatalog, loadKeywordIndex, readSavedIndexesAhead } from './loadIndexes';

let mails: Buffer[];

beforeAll(async () => {
  mails = await readCorpusMessages('usrp-users-list.mbox.gz', 31);
});

/** A data folder holding the first 30 mails, imported by a writing engine (which saves both indexes). */
async function importedStore(): Promise<string> {
  const dir = await makeTempDir();
  const mbox = join(dir, 'slice.mbox');
  await writeFile(mbox, toMbox(mails.slice(0, 30)));
  const dataDir = join(dir, 'store');
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    await engine.importPaths([mbox], 'slice');
  } finally {
    await engine.close();
  }
  return dataDir;
}

async function withStore<T>(dataDir: string, use: (store: MessageStore) => Promise<T>): Promise<T> {
  const store = await MessageStore.open(join(dataDir, 'lancedb'));
  try {
    return await use(store);
  } finally {
    store.close();
  }
}

describe('indexes read ahead', () => {
  it('are taken when the snapshot is of the table as it is', async () => {
    const dataDir = await importedStore();
    const ahead = readSavedIndexesAhead(dataDir);
    await withStore(dataDir, async (store) => {
      const catalog = await loadCatalog(store, dataDir, false, ahead);
      const read = await ahead.catalog;
      expect(read !== null && 'catalog' in read ? read.catalog : null).toBe(catalog);
      const keywords = await loadKeywordIndex(store, catalog, dataDir, false, ahead);
      expect(keywords).toBe((await ahead.keywords)!.index);
      expect(keywords.documents).toBe(30);
      keywords.close();
    });
  });

  it('are let go when the table changed behind the snapshot: the catalog scanned and a keyword index made for it', async () => {
    const dataDir = await importedStore();
    const { record } = await normalizeMessage(mails[30]!, testNormalizeContext);
    await withStore(dataDir, (store) => store.add([{ ...record, id: 'added-behind' }]));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const ahead = readSavedIndexesAhead(dataDir);
      await withStore(dataDir, async (store) => {
        const catalog = await loadCatalog(store, dataDir, false, ahead);
        expect(catalog.size).toBe(31);
        expect(catalog.has('added-behind')).toBe(true);
        const early = (await ahead.keywords)!;
        expect(early.documents).toBe(30);
        const keywords = await loadKeywordIndex(store, catalog, dataDir, false, ahead);
        expect(keywords).not.toBe(early.index);
        expect(keywords.documents).toBe(31);
        keywords.close();
      });
      expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
        expect.stringMatching(/^catalog snapshot: reading the catalog from the messages table instead: it was made from version/),
      ]);
    } finally {
      warn.mockRestore();
    }
  });
});
