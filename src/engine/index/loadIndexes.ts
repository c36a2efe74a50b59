// Loads the indexes an engine keeps in memory: the catalog from the store's records, the keyword index from its saved copy.
import { join } from 'node:path';
import type { MessageStore } from '../store/messageStore';
import { Catalog } from './catalog';
import { CatalogSnapshotKeeper, isOldCatalogSnapshot, loadCatalogSnapshot, tableTieOf } from './catalogSnapshot';
import { KeywordIndex } from './keywordIndex';
import { KEYWORD_SOURCE_COLUMNS, keywordDocumentOf } from './keywordDocument';
import { orderFingerprint } from './orderFingerprint';
import { readIndexesAhead, type IndexesAhead } from './indexesAhead';

/** The data folder's subfolder the keyword index is saved in (lantern check reads it there too). */
export const KEYWORD_FOLDER = 'keyword-index';

function keywordFolder(dataDir: string): string {
  return join(dataDir, KEYWORD_FOLDER);
}

/** A read-only engine's saved indexes, read while its messages table opens (see indexesAhead.ts). */
export function readSavedIndexesAhead(dataDir: string): IndexesAhead {
  return readIndexesAhead(dataDir, keywordFolder(dataDir));
}

/** Every message's catalog row, read through the store's healing: a damaged table is repaired or read around first. */
export function scanCatalog(store: MessageStore): Promise<Catalog> {
  return store.readIntact(async (intact) => {
    const catalog = new Catalog();
    for await (const rows of intact.scanCatalog()) for (const row of rows) catalog.add(row);
    return catalog;
  });
}

/**
 * The catalog saved beside the keyword index when it was made from the table as it is (a read of one file instead of
 * every row: most of an engine's start); otherwise the scanned one, saved again when this engine may write, as a
 * snapshot of the old format is. `ahead`: the snapshot as read while the table opened.
 */
export async function loadCatalog(store: MessageStore, dataDir: string, canSave: boolean, ahead?: IndexesAhead): Promise<Catalog> {
  const saved = await loadCatalogSnapshot(dataDir, await tableTieOf(store), ahead?.catalog);
  // An old format is saved again as the current one: the next open reads it in place.
  if (saved && canSave && (await isOldCatalogSnapshot(dataDir))) await new CatalogSnapshotKeeper(store, saved, dataDir).save();
  if (saved) return saved;
  const scanned = await scanCatalog(store);
  if (canSave) await new CatalogSnapshotKeeper(store, scanned, dataDir).save();
  return scanned;
}

/** A keyword index of every stored message, read from the store. */
export async function rebuildKeywords(store: MessageStore, catalog: Catalog): Promise<KeywordIndex> {
  const keywords = new KeywordIndex();
  for await (const rows of store.scanColumns(['id', ...KEYWORD_SOURCE_COLUMNS])) {
    for (const row of rows) {
      const ordinal = catalog.ordinalOf(row.id);
      if (ordinal !== undefined) keywords.add(ordinal, keywordDocumentOf(row));
    }
  }
  keywords.documents = catalog.size;
  return keywords;
}

/** The saved keyword index of the catalog as it is: the one read ahead when it was read for the same catalog. */
async function savedKeywordIndex(catalog: Catalog, dataDir: string, ahead: IndexesAhead | undefined): Promise<KeywordIndex | null> {
  const order = orderFingerprint(catalog);
  const early = await ahead?.keywords;
  if (early && early.documents === catalog.size && early.order === order) return early.index;
  early?.index?.close();
  return KeywordIndex.load(keywordFolder(dataDir), catalog.size, order);
}

/**
 * The saved keyword index when it numbers the catalog's messages in the same order; otherwise (missing, damaged, of
 * another version or another order) one rebuilt from the store's records, and saved when this engine may write.
 */
export async function loadKeywordIndex(
  store: MessageStore,
  catalog: Catalog,
  dataDir: string,
  canSave: boolean,
  ahead?: IndexesAhead,
): Promise<KeywordIndex> {
  const saved = await savedKeywordIndex(catalog, dataDir, ahead);
  if (saved?.isOldFormat && !canSave)
    console.warn(
      `keyword index: ${keywordFolder(dataDir)} is of an older format: searched as it is (identifiers by their words alone) until Lantern opens this data folder to write, which rebuilds it`,
    );
  if (saved && !(saved.isOldFormat && canSave)) {
    // Imports fold into files beside the index rather than into the heap.
    if (canSave) saved.foldInto(keywordFolder(dataDir));
    // Saved again once, with the word tables every later open reads rather than builds (issue 25).
    if (canSave && saved.lacksWordTables) await saveKeywordIndex(saved, catalog, dataDir);
    return saved;
  }
  // An older format lacks the identifiers kept whole since format 7: rebuilt from the messages by an engine that may write.
  saved?.close();
  const rebuilt = await rebuildKeywords(store, catalog);
  if (canSave) rebuilt.foldInto(keywordFolder(dataDir));
  if (catalog.size > 0 && canSave) await saveKeywordIndex(rebuilt, catalog, dataDir);
  return rebuilt;
}

export async function saveKeywordIndex(keywords: KeywordIndex, catalog: Catalog, dataDir: string): Promise<void> {
  await keywords.save(keywordFolder(dataDir), orderFingerprint(catalog));
}
