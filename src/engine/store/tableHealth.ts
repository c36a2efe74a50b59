// Opens a LanceDB table at its newest intact version: the writer sets a damaged latest version aside, a reader reads around it.
import { connect, type Connection, type Table } from '@lancedb/lancedb';
import { lanceConnection } from './lanceConnection';
import { LanternError } from '../../shared/contract/errors';
import type { TableHealing } from '../../shared/model/storeHealth';
import {
  isWholeManifest,
  keepLostFiles,
  listManifests,
  localTableFolder,
  makeDamagedFolder,
  moveManifestsAside,
  readOnlyView,
  type ManifestFile,
} from './tableFiles';
import { errorMessage } from '../../shared/errorMessage';

/** Where healing may act: the writer moves damaged files into `<dataDir>/damaged/`; a reader changes nothing. */
export interface HealingPlace {
  dataDir: string | null;
  canWrite: boolean;
}

/** Opened at the latest version, changing nothing: for callers that only read a known-good table (tests, tools). */
export const READ_AS_IS: HealingPlace = { dataDir: null, canWrite: false };

export interface OpenedTable {
  name: string;
  connection: Connection;
  table: Table;
  healing: TableHealing | null;
  close(): void;
}

/**
 * LanceDB's errors for files cut short, missing or undecodable (its IO and corruption errors). Bytes overwritten inside
 * a data file can make its decoder panic on an index out of range (lance-encoding); JavaScript then sees only "Panic in
 * async function".
 */
export function isTableDamage(error: unknown): boolean {
  const message = errorMessage(error);
  if (isObjectStoreRefusal(error)) return false;
  return /LanceError\((IO|Corrupt)|file size is too small|failed to fill whole buffer|Not found: .*\.(lance|manifest)|corrupt|invalid (protobuf|manifest)|failed to decode|Panic in async function|panicked at|out of range for slice/i.test(
    message,
  );
}

/**
 * An object store that refused a request or could not be reached (wrong keys, no server, a timeout): LanceDB reports it
 * as an IO error too, but the tables may be whole, and `lantern check --repair` could do nothing for them.
 */
export function isObjectStoreRefusal(error: unknown): boolean {
  return /Generic \w+ error: [^]*(Error performing|error sending request|Server returned non-2xx|HTTP error)/i.test(errorMessage(error));
}

/** LanceDB's message without the Rust source locations and repeated causes, for logs. */
export function plainLanceMessage(error: unknown): string {
  const message = errorMessage(error);
  return message
    .split(/\s+Caused by:/)[0]!
    .replace(/,\s*\/\S+\.rs:\d+:\d+/g, '')
    .trim();
}

function damageKind(error: unknown): string {
  const message = errorMessage(error);
  if (/file size is too small/i.test(message)) return 'a version file is cut short';
  if (/failed to fill whole buffer/i.test(message)) return 'a data file is cut short';
  if (/Not found/i.test(message)) return 'a data file is missing';
  if (/Panic in async function|panicked at|out of range for slice/i.test(message)) return 'a data file cannot be decoded';
  return 'a file cannot be decoded';
}

function withoutIntactVersion(table: string, error: unknown): LanternError {
  console.error(`store: the ${table} table is damaged: ${plainLanceMessage(error)}`);
  return new LanternError(
    'engine-unavailable',
    `the store's ${table} table is damaged (${damageKind(error)}) and has no intact version; run \`lantern check --repair\` or restore a backup: \`lantern restore\``,
  );
}

/** A damage this engine may not repair: a reader, or tables in object storage. */
function notRepairedHere(table: string, error: unknown): LanternError {
  console.error(`store: the ${table} table is damaged: ${plainLanceMessage(error)}`);
  return new LanternError(
    'engine-unavailable',
    `the store's ${table} table is damaged (${damageKind(error)}); run \`lantern check --repair\` or restore a backup: \`lantern restore\``,
  );
}

/** Any other failure to open, in words: LanceDB's own message names Rust source files. */
export function openFailure(table: string, location: string, error: unknown): Error {
  if (error instanceof LanternError) return error;
  if (isObjectStoreRefusal(error)) {
    return new LanternError(
      'engine-unavailable',
      `store: the object store at ${location} refused or could not be reached: ${plainLanceMessage(error)}`,
    );
  }
  if (isTableDamage(error)) return notRepairedHere(table, error);
  return new LanternError('engine-unavailable', `store: could not open the ${table} table at ${location}: ${plainLanceMessage(error)}`);
}

/**
 * The index in `manifests` (newest first) of the newest one LanceDB opens on its own, or -1. A footer tells a manifest
 * cut short; one overwritten inside keeps its footer, and only decoding it (opening a view of it alone) tells.
 */
async function newestOpenableManifest(folder: string, name: string, manifests: readonly ManifestFile[]): Promise<number> {
  for (const [index, manifest] of manifests.entries()) {
    if (!(await isWholeManifest(folder, manifest))) continue;
    const view = await readOnlyView(folder, name, manifest);
    try {
      const connection = await connect(view.location);
      try {
        const table = await connection.openTable(name);
        await table.countRows();
        table.close();
        return index;
      } finally {
        connection.close();
      }
    } catch (error) {
      if (!isTableDamage(error)) throw error;
    } finally {
      await view.remove();
    }
  }
  return -1;
}

async function versionTime(table: Table, version: number): Promise<string | null> {
  const found = (await table.listVersions()).find((listed) => listed.version === version);
  return found ? found.timestamp.toISOString() : null;
}

/**
 * Opens `name` at `location`. When its newest manifests are cut short or undecodable (LanceDB then cannot open the
 * table at all), the writer moves them aside and opens the newest one that opens; a reader opens a view of that one.
 */
export async function openIntactTable(location: string, name: string, place: HealingPlace): Promise<OpenedTable> {
  const connection = await lanceConnection(location);
  let failure: unknown;
  try {
    const table = await connection.openTable(name);
    return { name, connection, table, healing: null, close: () => (table.close(), connection.close()) };
  } catch (error) {
    if (!isTableDamage(error)) throw error;
    failure = error;
  }
  const folder = localTableFolder(location, name);
  const manifests = folder ? await listManifests(folder) : [];
  const keptAt = folder ? await newestOpenableManifest(folder, name, manifests) : -1;
  // The newest manifest opens on its own: what fails is not a version file, so moving versions aside would not help.
  if (!folder || manifests.length === 0 || keptAt === 0) throw notRepairedHere(name, failure);
  if (keptAt < 0) throw withoutIntactVersion(name, failure);
  const kept = manifests[keptAt]!;
  const broken = manifests.slice(0, keptAt);
  const lostVersions = broken.filter((bad) => bad.version > kept.version).map((bad) => bad.version);
  const healing = (table: Table, rows: number, keptAt: string | null, damagedFolder: string | null, isRepaired: boolean): TableHealing => ({
    table: name,
    lostVersions,
    keptVersion: kept.version,
    keptAt,
    rows,
    rowsLost: null,
    damagedFolder,
    isRepaired,
  });
  try {
    if (place.canWrite && place.dataDir) {
      const damagedFolder = await makeDamagedFolder(place.dataDir, name);
      await moveManifestsAside(folder, broken, damagedFolder);
      console.warn(
        `store: the ${name} table's version ${lostVersions.join(', ')} could not be read (${damageKind(failure)}); moved into ${damagedFolder}, the table is back at version ${kept.version}`,
      );
      const table = await connection.openTable(name);
      return {
        name,
        connection,
        table,
        healing: healing(table, await table.countRows(), await versionTime(table, kept.version), damagedFolder, true),
        close: () => (table.close(), connection.close()),
      };
    }
    const view = await readOnlyView(folder, name, kept);
    const viewConnection = await connect(view.location);
    const table = await viewConnection.openTable(name);
    const close = (): void => {
      table.close();
      viewConnection.close();
      connection.close();
      view
        .remove()
        .catch((error: unknown) => console.error(`store: could not remove the read-only view ${view.location}: ${String(error)}`));
    };
    return {
      name,
      connection: viewConnection,
      table,
      healing: healing(table, await table.countRows(), await versionTime(table, kept.version), null, false),
      close,
    };
  } catch (error) {
    if (isTableDamage(error)) throw withoutIntactVersion(name, error);
    throw error;
  }
}

/**
 * Runs `read` over the table (a scan that reads every data file it needs: the catalog load, the vector ids). When it
 * meets damage, goes back version by version to the newest that `read` reads whole; the writer then makes that version
 * current (LanceDB's restore: a new version with its content) after copying the lost versions' files aside.
 */
export async function readIntact<T>(
  opened: OpenedTable,
  location: string,
  place: HealingPlace,
  read: () => Promise<T>,
): Promise<{ value: T; healing: TableHealing | null }> {
  let failure: unknown;
  try {
    return { value: await read(), healing: opened.healing };
  } catch (error) {
    if (!isTableDamage(error)) throw error;
    failure = error;
  }
  const { table, name } = opened;
  const current = await table.version();
  const versions = (await table.listVersions()).sort((first, second) => second.version - first.version);
  const newestRows = Number(versions[0]?.metadata.total_rows ?? Number.NaN);
  for (const candidate of versions.filter((listed) => listed.version < current)) {
    let value: T;
    try {
      await table.checkout(candidate.version);
      value = await read();
    } catch (error) {
      if (isTableDamage(error)) continue;
      throw error;
    }
    const lost = versions.filter((listed) => listed.version > candidate.version).map((listed) => listed.version);
    const folder = localTableFolder(location, name);
    let damagedFolder = opened.healing?.damagedFolder ?? null;
    const isRepaired = place.canWrite;
    if (place.canWrite) {
      if (folder && place.dataDir) {
        damagedFolder ??= await makeDamagedFolder(place.dataDir, name);
        const manifests = (await listManifests(folder)).filter((manifest) => lost.includes(manifest.version));
        await keepLostFiles(folder, manifests, candidate.timestamp, damagedFolder);
      }
      await table.restore();
      console.warn(
        `store: the ${name} table's versions ${lost.join(', ')} could not be read (${damageKind(failure)}); it is back at version ${candidate.version}${damagedFolder ? `, the lost versions' files are kept in ${damagedFolder}` : ''}`,
      );
    }
    const rows = await table.countRows();
    const rowsLost = Number.isFinite(newestRows) ? Math.max(0, newestRows - rows) : null;
    const earlier = opened.healing?.lostVersions ?? [];
    const healing: TableHealing = {
      table: name,
      lostVersions: [...new Set([...earlier, ...lost])].sort((first, second) => second - first),
      keptVersion: candidate.version,
      keptAt: candidate.timestamp.toISOString(),
      rows,
      rowsLost,
      damagedFolder,
      isRepaired,
    };
    opened.healing = healing;
    return { value, healing };
  }
  throw withoutIntactVersion(name, failure);
}
