// The order fingerprint a saved keyword index is tied to: saved with the catalog's snapshot and read back from it, the
// same as hashing the ids, and never taken for a catalog that has grown since.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { MessageStore } from '../store/messageStore';
import type { Catalog } from './catalog';
import { catalogSnapshotFolder, loadCatalogSnapshot, tableTieOf } from './catalogSnapshot';
import { KEYWORD_FOLDER, scanCatalog } from './loadIndexes';
import { orderFingerprint } from './orderFingerprint';

let dataDir: string;
let manifestPath: string;

beforeAll(async () => {
  const dir = await makeTempDir();
  const mbox = join(dir, 'slice.mbox');
  await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 30)));
  dataDir = join(dir, 'store');
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    await engine.importPaths([mbox], 'slice');
  } finally {
    await engine.close();
  }
  manifestPath = join(catalogSnapshotFolder(dataDir), 'manifest.json');
});

async function readJson(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
}

/** The catalog from the snapshot and from the messages table, as an engine opening the data folder reads them. */
async function bothCatalogs(): Promise<{ saved: Catalog | null; scanned: Catalog }> {
  const store = await MessageStore.open(join(dataDir, 'lancedb'));
  try {
    return { saved: await loadCatalogSnapshot(dataDir, await tableTieOf(store)), scanned: await scanCatalog(store) };
  } finally {
    store.close();
  }
}

describe('order fingerprint', () => {
  it('is saved with the snapshot, equal to the hash of the ids and to the keyword index it ties', async () => {
    const order = (await readJson(manifestPath)).order;
    expect(order).toMatch(/^[0-9a-f]{16}$/);
    const { saved, scanned } = await bothCatalogs();
    expect(saved).not.toBeNull();
    // The scanned catalog has no snapshot: its fingerprint is hashed from its ids.
    expect(orderFingerprint(scanned)).toBe(order);
    expect(orderFingerprint(saved!)).toBe(order);
    expect((await readJson(join(dataDir, KEYWORD_FOLDER, 'manifest.json'))).order).toBe(order);
  });

  it('is hashed again once the catalog has grown', async () => {
    const { saved, scanned } = await bothCatalogs();
    const order = orderFingerprint(saved!);
    for (const catalog of [saved!, scanned]) catalog.add({ ...catalog.row(0), id: 'one-more', messageId: 'one-more@example.org' });
    expect(orderFingerprint(saved!)).not.toBe(order);
    expect(orderFingerprint(saved!)).toBe(orderFingerprint(scanned));
  });

  it('is hashed from the saved ids when a snapshot of an earlier version has none, until a writer saves it again', async () => {
    const manifest = await readJson(manifestPath);
    const { order, ...withoutOrder } = manifest;
    await writeFile(manifestPath, JSON.stringify(withoutOrder));
    try {
      const { saved } = await bothCatalogs();
      expect(saved).not.toBeNull();
      expect(orderFingerprint(saved!)).toBe(order);
      // An engine that may write saves the snapshot again, with it.
      await (await openEngine({ dataDir, timeZone: 'UTC' })).close();
      expect((await readJson(manifestPath)).order).toBe(order);
    } finally {
      await writeFile(manifestPath, JSON.stringify(manifest));
    }
  });
});
