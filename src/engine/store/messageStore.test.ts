// The messages table merges the fragments import batches leave, keeping the row order the keyword index relies on, and
// drops replaced versions only once no search can still be reading them.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { connect } from '@lancedb/lancedb';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { MessageStore } from './messageStore';
import { VersionTidier } from './versionTidier';
import { WriteQueue } from './writeQueue';
import { numberedRecord } from '../../../test/plainRecords';
import type { MessageRecord } from './messageRecord';

async function scannedIds(store: MessageStore): Promise<string[]> {
  const ids: string[] = [];
  for await (const rows of store.scanColumns(['id'])) ids.push(...rows.map((row) => row.id));
  return ids;
}

async function dataFiles(location: string): Promise<number> {
  return (await readdir(join(location, 'messages.lance', 'data'))).length;
}

describe('MessageStore tidying', () => {
  it("tells the writer when a tidy dropped the versions an import's merge replaced, though it wrote no version", async () => {
    const dataDir = await makeTempDir();
    const store = await MessageStore.open(join(dataDir, 'lancedb'));
    try {
      for (let batch = 0; batch < 25; batch += 1) await store.add(Array.from({ length: 4 }, (_, row) => numberedRecord(batch * 4 + row)));
      // As an import's settling does: merged first, then tidied with no grace (the bench's import).
      await store.mergeFragments();
      let tidied = 0;
      await new VersionTidier(store, new WriteQueue(), dataDir, 0, async () => {
        tidied += 1;
      }).now();
      // The catalog snapshot is tied to the data files: the writer must hear that the replaced ones went.
      expect(tidied).toBe(1);
      expect(await dataFiles(join(dataDir, 'lancedb'))).toBe(1);
    } finally {
      store.close();
    }
  });

  it('merges the fragments of many import batches once there are 20, keeping the rows and their order, then drops the batches', async () => {
    const location = join(await makeTempDir(), 'lancedb');
    const store = await MessageStore.open(location);
    try {
      // Interleaved ids, so that an order by id or by time would show as a change.
      const batches = Array.from({ length: 25 }, (_, batch) => Array.from({ length: 40 }, (_, row) => numberedRecord(row * 25 + batch)));
      for (const batch of batches.slice(0, 10)) await store.add(batch);
      expect(await store.isFragmented()).toBe(false);
      for (const batch of batches.slice(10)) await store.add(batch);
      expect(await store.isFragmented()).toBe(true);
      const before = await scannedIds(store);
      const table = await (await connect(location)).openTable('messages');
      expect((await table.stats()).fragmentStats.numFragments).toBe(25);

      await store.mergeFragments();
      await table.checkoutLatest();
      expect((await table.stats()).fragmentStats.numFragments).toBe(1);
      // Merging drops nothing: the batches' files stay until the versions that use them are dropped.
      expect(await dataFiles(location)).toBe(26);
      // No new version, but the merged batches' versions and files go: the catalog snapshot's tie must follow.
      expect(await store.tidy(0)).toEqual({ changed: false, remaining: false, dropped: true });
      expect(await table.listVersions()).toHaveLength(1);
      expect(await dataFiles(location)).toBe(1);
      expect(await scannedIds(store)).toEqual(before);
      expect((await store.get(['id-26']))[0]?.text).toBe('body of message 26');
      expect(await store.isFragmented()).toBe(false);
      expect(await store.tidy(0)).toEqual({ changed: false, remaining: false, dropped: false });
      table.close();
    } finally {
      store.close();
    }
  });

  it('keeps the versions replaced within the grace readable, and drops them and their files once it has passed', async () => {
    const location = join(await makeTempDir(), 'lancedb');
    const store = await MessageStore.open(location);
    try {
      for (let batch = 0; batch < 5; batch += 1) await store.add(Array.from({ length: 40 }, (_, row) => numberedRecord(batch * 40 + row)));
      const reader = await (await connect(location)).openTable('messages');
      const readVersion = await reader.version();
      const graceMs = 1500;

      expect(await store.tidy(graceMs)).toEqual({ changed: true, remaining: true, dropped: false });
      // A search that started before the merge still reads the version it started on, files and all.
      await reader.checkout(readVersion);
      expect(await reader.countRows()).toBe(200);
      expect(await dataFiles(location)).toBe(6);

      await new Promise((resolve) => setTimeout(resolve, graceMs + 100));
      expect(await store.tidy(graceMs)).toMatchObject({ remaining: false, dropped: true });
      await reader.checkoutLatest();
      expect(await reader.listVersions()).toHaveLength(1);
      expect(await dataFiles(location)).toBe(1);
      await expect(reader.checkout(readVersion)).rejects.toThrow();
      expect(await scannedIds(store)).toEqual(Array.from({ length: 200 }, (_, index) => `id-${index}`));
      reader.close();
    } finally {
      store.close();
    }
  });
});

describe('MessageStore reading rows by place', () => {
  const sortedById = <T extends { id: string }>(rows: T[]): T[] => [...rows].sort((first, second) => first.id.localeCompare(second.id));
  const ids = ['id-3', 'id-4', 'id-17', 'id-29'];

  /** The rows of `ids` read by a store opened afresh (which tries places until one is wrong), given these places. */
  async function readAt(location: string, places: number[]): Promise<Pick<MessageRecord, 'id' | 'subject' | 'labelsJson'>[]> {
    const reader = await MessageStore.open(location);
    try {
      return sortedById(await reader.getColumns(ids, ['id', 'subject', 'labelsJson'], places));
    } finally {
      reader.close();
    }
  }

  it('gives the rows of the ids asked for whether their places are right, wrong, past the end or moved by a write', async () => {
    const location = join(await makeTempDir(), 'lancedb');
    const store = await MessageStore.open(location);
    try {
      await store.add(Array.from({ length: 30 }, (_, index) => numberedRecord(index)));
      await store.ensureIdIndex(30);
      const expected = sortedById(await store.getColumns(ids, ['id', 'subject', 'labelsJson']));
      expect(expected.map((row) => row.subject)).toEqual(['Subject 17', 'Subject 29', 'Subject 3', 'Subject 4']);
      for (const places of [[3, 4, 17, 29], [4, 5, 18, 0], [3, 400, 17, 1000], []])
        expect(await readAt(location, places)).toEqual(expected);
      // An update writes its row anew at the end of the table: the rows after it move up one place.
      await store.updateLabels('id-3', '["moved"]');
      const moved = await readAt(location, [3, 4, 17, 29]);
      expect(moved).toEqual(sortedById(await store.getColumns(ids, ['id', 'subject', 'labelsJson'])));
      expect(moved.map((row) => row.labelsJson)).toEqual(['[]', '[]', '["moved"]', '[]']);
      // The store that wrote reads by id from then on, and gives the same rows.
      expect(sortedById(await store.getColumns(ids, ['id', 'subject', 'labelsJson'], [3, 4, 17, 29]))).toEqual(moved);
    } finally {
      store.close();
    }
  });
});
