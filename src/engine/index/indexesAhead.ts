// The saved catalog and keyword index, read while the messages table opens: a read-only engine (a whole `lantern
// search`) waited for the table to open, then for the catalog's files, then for the keyword index's, one after the
// other, its thread idle while each was read (issue 25).
import { catalogSnapshotFolder, readCatalogSnapshotFiles, type SnapshotRead } from './catalogSnapshot';
import { readCatalogManifest } from './catalogSnapshotFile';
import { KeywordIndex } from './keywordIndex';

/** The keyword index saved for the catalog the snapshot's manifest describes, with that catalog's size and order. */
export interface KeywordIndexAhead {
  index: KeywordIndex | null;
  documents: number;
  order: string;
}

export interface IndexesAhead {
  catalog: Promise<SnapshotRead>;
  /** Null when the snapshot's manifest names no order fingerprint (or there is none): loaded once the catalog is. */
  keywords: Promise<KeywordIndexAhead | null>;
}

/** Starts reading both; loadCatalog and loadKeywordIndex take what was read when it is of the table as it is. */
export function readIndexesAhead(dataDir: string, keywordFolder: string): IndexesAhead {
  const manifest = readCatalogManifest(catalogSnapshotFolder(dataDir));
  const keywords = manifest
    .then(async (read) => {
      if (read?.order === undefined) return null;
      return { index: await KeywordIndex.load(keywordFolder, read.rows, read.order), documents: read.rows, order: read.order };
    })
    .catch(() => null);
  return { catalog: readCatalogSnapshotFiles(dataDir, null, manifest), keywords };
}
