// The catalog saved beside the keyword index, so an engine opens without scanning the messages table: read only when
// it was made from the table's current version, kept current by the one writer.
import { readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { errorMessage } from '../../shared/errorMessage';
import type { MessageStore } from '../store/messageStore';
import { Catalog } from './catalog';
import { ContactDirectory, startContactsFrom } from './contacts';
import { CONTACTS_FILE, contactsFileText, readSavedContacts } from './savedContacts';
import { noteOrderFingerprint, orderFingerprint } from './orderFingerprint';
import {
  CATALOG_SNAPSHOT_VERSION,
  isReadableOldVersion,
  readCatalogManifest,
  readCatalogSnapshot,
  retieCatalogSnapshot,
  writeCatalogSnapshot,
  type CatalogSnapshotManifest,
  type TableTie,
} from './catalogSnapshotFile';

/** The data folder's subfolder the catalog snapshot is saved in (lantern check reads it there too). */
export const CATALOG_SNAPSHOT_FOLDER = 'catalog-snapshot';

export function catalogSnapshotFolder(dataDir: string): string {
  return join(dataDir, CATALOG_SNAPSHOT_FOLDER);
}

/**
 * Read at every open, one stat per data file, so it grows with the archive: synchronous stats cost half the CPU of a
 * promise per file, and an open waits for all of them either way. Each file's path is the folder's and its name
 * joined as they are: path.join normalises every path character by character, which for a store's hundreds of
 * files cost more than their stats in a freshly started command (issue 25).
 */
function dataFileSizes(tableFolder: string | null): Record<string, number> | null {
  if (tableFolder === null) return null;
  const folder = join(tableFolder, 'data');
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    names = [];
  }
  return Object.fromEntries(names.map((name) => [name, statSync(`${folder}${sep}${name}`, { throwIfNoEntry: false })?.size ?? -1]));
}

/** The table's version, row count and data files now. */
export async function tableTieOf(store: MessageStore): Promise<TableTie> {
  return { version: await store.version(), rows: await store.count(), dataFiles: dataFileSizes(store.localFolder) };
}

/** Why a snapshot made from the table as `saved` describes it is not of the table as it is `now`; null when it is. */
function tieDifference(saved: TableTie, now: TableTie): string | null {
  if (saved.version !== now.version || saved.rows !== now.rows)
    return `it was made from version ${saved.version} of the messages table (${saved.rows} messages), which is now at version ${now.version} (${now.rows})`;
  for (const [name, size] of Object.entries(saved.dataFiles ?? {})) {
    const current = now.dataFiles?.[name];
    if (current !== size)
      return `the table's data file ${name} ${current === undefined ? 'is gone' : `holds ${current} bytes, not ${size}`}`;
  }
  return null;
}

/** A snapshot as read from its folder, before it is checked against the table; null when there is none. */
export type SnapshotRead =
  { manifest: CatalogSnapshotManifest; catalog: Catalog } | { manifest: CatalogSnapshotManifest | null; problem: string } | null;

/**
 * Why a snapshot whose manifest this is cannot be the catalog of the table as it is (`table`; null while the table is
 * still opening: only its format is checked then); null when it may be.
 */
function manifestProblem(manifest: CatalogSnapshotManifest, table: TableTie | null): string | null {
  if (manifest.version !== CATALOG_SNAPSHOT_VERSION && !isReadableOldVersion(manifest.version))
    return `it is of format ${manifest.version}, not ${CATALOG_SNAPSHOT_VERSION}`;
  if (table === null) return null;
  const difference = tieDifference(manifest.table, table);
  if (difference) return difference;
  if (manifest.rows !== table.rows) return `it holds ${manifest.rows} messages, the table ${table.rows}`;
  return null;
}

/**
 * Reads the snapshot, its columns and its contacts side by side, unless its manifest says it is not the table's
 * (`table`, when known). A read-only engine starts this while the messages table opens (table null), and checks what
 * it read against the table once that has opened (see loadCatalogSnapshot); `manifestRead` is its manifest, read.
 */
export async function readCatalogSnapshotFiles(
  dataDir: string,
  table: TableTie | null,
  manifestRead: Promise<CatalogSnapshotManifest | null> = readCatalogManifest(catalogSnapshotFolder(dataDir)),
): Promise<SnapshotRead> {
  const folder = catalogSnapshotFolder(dataDir);
  let manifest: CatalogSnapshotManifest | null = null;
  try {
    manifest = await manifestRead;
    if (!manifest) return null;
    const problem = manifestProblem(manifest, table);
    if (problem !== null) return { manifest, problem };
    const [parts, contacts] = await Promise.all([
      readCatalogSnapshot(folder, manifest),
      readSavedContacts(folder, manifest.checksum, manifest.rows),
    ]);
    const catalog = Catalog.fromParts(parts);
    if (manifest.order !== undefined) noteOrderFingerprint(catalog, manifest.order);
    startContactsFrom(catalog, contacts);
    return { manifest, catalog };
  } catch (error) {
    return { manifest, problem: errorMessage(error) };
  }
}

/**
 * The saved catalog when it was made from the table as it is now; null (and one line on stderr saying why, when there
 * was a snapshot) when it is missing, of another version, made from another table version, or damaged. `read` is the
 * snapshot as read ahead, or read now.
 */
export async function loadCatalogSnapshot(
  dataDir: string,
  table: TableTie,
  read: Promise<SnapshotRead> = readCatalogSnapshotFiles(dataDir, table),
): Promise<Catalog | null> {
  const snapshot = await read;
  if (snapshot === null) return null;
  // What its manifest says first, as when the snapshot is read once the table has opened (then nothing else is read).
  const problem = (snapshot.manifest && manifestProblem(snapshot.manifest, table)) ?? ('problem' in snapshot ? snapshot.problem : null);
  if (problem === null && 'catalog' in snapshot) return snapshot.catalog;
  console.warn(`catalog snapshot: reading the catalog from the messages table instead: ${problem}`);
  return null;
}

/**
 * Whether the snapshot is of an old format still read (see isReadableOldVersion) or lacks the order fingerprint of its
 * ids (saved since a later version of the same format), for a writer to save it again.
 */
export async function isOldCatalogSnapshot(dataDir: string): Promise<boolean> {
  const manifest = await readCatalogManifest(catalogSnapshotFolder(dataDir)).catch(() => null);
  return manifest !== null && (isReadableOldVersion(manifest.version) || manifest.order === undefined);
}

/**
 * Kept by the store's writer: after the catalog changed, the snapshot is written again; after a change of the table
 * alone (merged fragments, a new index, dropped versions: the same rows), only its manifest is tied to the new version.
 */
export class CatalogSnapshotKeeper {
  /** The catalog's revision the snapshot on disk holds, when this writer wrote it. */
  private savedRevision: number | null = null;
  /** Saved with the snapshot; counted on from where the last save (or the snapshot this catalog was read from) stopped. */
  private readonly contacts: ContactDirectory;

  constructor(
    private readonly store: MessageStore,
    private readonly catalog: Catalog,
    private readonly dataDir: string,
  ) {
    this.contacts = new ContactDirectory(catalog);
  }

  /** Writes the snapshot whole: the catalog and the table are the same messages now (the writer's queue holds both). */
  async save(): Promise<void> {
    const { catalog } = this;
    if (catalog.size === 0) return;
    const revision = catalog.revision;
    const parts = catalog.parts();
    const order = orderFingerprint(catalog);
    const contacts = this.contacts.counted();
    await writeCatalogSnapshot(catalogSnapshotFolder(this.dataDir), parts, await tableTieOf(this.store), {
      besides: (checksum) => ({ [CONTACTS_FILE]: contactsFileText(contacts, checksum) }),
      order,
    });
    this.savedRevision = revision;
  }

  /** Brings the snapshot to the table's current version, rewriting only the manifest when the catalog has not changed. */
  async keep(): Promise<void> {
    try {
      const folder = catalogSnapshotFolder(this.dataDir);
      const manifest = this.savedRevision === this.catalog.revision ? await readCatalogManifest(folder).catch(() => null) : null;
      if (!manifest || manifest.rows !== this.catalog.size) await this.save();
      else await retieCatalogSnapshot(folder, manifest, await tableTieOf(this.store));
    } catch (error) {
      // Only a faster start is lost: a snapshot left behind is of an older table version, which no engine reads.
      console.warn(`catalog snapshot: not saved, the next open reads the messages table: ${errorMessage(error)}`);
    }
  }
}
