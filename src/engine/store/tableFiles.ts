// A local LanceDB table's files as healing sees them: version manifests, whether each is whole, and a place to keep the bad ones.
import { copyFile, mkdir, mkdtemp, open, readdir, rename, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSIONS_FOLDER = '_versions';
const DATA_FOLDER = 'data';
/** Lance ends a manifest with the manifest's position (u64), the format's version (two u16) and these four bytes. */
const MANIFEST_MAGIC = 'LANC';
const MANIFEST_FOOTER_BYTES = 16;
/**
 * Lance's newer manifest names count down from the largest u64 (u64::MAX - version), so that a listing's first name is
 * the newest version; older tables name them by the version itself.
 */
const U64_MAX = 2n ** 64n - 1n;
const COUNTING_DOWN_FROM = 2n ** 63n;

export interface ManifestFile {
  name: string;
  version: number;
}

/** The folder of a table kept on this machine; null for object storage (s3://, gs://, az://), which heals nothing here. */
export function localTableFolder(location: string, table: string): string | null {
  if (location.startsWith('file://')) return join(fileURLToPath(location), `${table}.lance`);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return null;
  return join(location, `${table}.lance`);
}

export function manifestVersion(name: string): number | null {
  const match = /^(\d+)\.manifest$/.exec(name);
  if (!match) return null;
  const number = BigInt(match[1]!);
  return Number(number >= COUNTING_DOWN_FROM ? U64_MAX - number : number);
}

/** The table's version manifests, newest first. */
export async function listManifests(tableFolder: string): Promise<ManifestFile[]> {
  const names = await readdir(join(tableFolder, VERSIONS_FOLDER)).catch(() => [] as string[]);
  const manifests: ManifestFile[] = [];
  for (const name of names) {
    const version = manifestVersion(name);
    if (version !== null) manifests.push({ name, version });
  }
  return manifests.sort((first, second) => second.version - first.version);
}

/** Whether a manifest ends as Lance ends one (a cut-short one does not): its footer only, no decoding, so one overwritten inside passes. */
export async function isWholeManifest(tableFolder: string, manifest: ManifestFile): Promise<boolean> {
  const path = join(tableFolder, VERSIONS_FOLDER, manifest.name);
  let handle;
  try {
    handle = await open(path, 'r');
    const { size } = await handle.stat();
    if (size < MANIFEST_FOOTER_BYTES) return false;
    const footer = Buffer.alloc(MANIFEST_FOOTER_BYTES);
    await handle.read(footer, 0, MANIFEST_FOOTER_BYTES, size - MANIFEST_FOOTER_BYTES);
    return footer.toString('latin1', 12) === MANIFEST_MAGIC && footer.readBigUInt64LE(0) < BigInt(size - MANIFEST_FOOTER_BYTES);
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}

/** A new folder under `<dataDir>/damaged/` for what one healing takes out of a table, named by when and which table. */
export async function makeDamagedFolder(dataDir: string, table: string): Promise<string> {
  const folder = join(dataDir, 'damaged', `${new Date().toISOString().replace(/[:.]/g, '-')}-${table}`);
  await mkdir(join(folder, VERSIONS_FOLDER), { recursive: true });
  return folder;
}

/** Moves manifests out of the table into `damagedFolder` (a rename: nothing is deleted), so LanceDB no longer sees them. */
export async function moveManifestsAside(tableFolder: string, manifests: readonly ManifestFile[], damagedFolder: string): Promise<void> {
  for (const manifest of manifests)
    await rename(join(tableFolder, VERSIONS_FOLDER, manifest.name), join(damagedFolder, VERSIONS_FOLDER, manifest.name));
}

/**
 * Copies the manifests of versions given up, and the data files written since `since` (one of them is the damaged
 * one), into `damagedFolder`: the table keeps them only until its replaced versions are tidied away.
 */
export async function keepLostFiles(
  tableFolder: string,
  manifests: readonly ManifestFile[],
  since: Date,
  damagedFolder: string,
): Promise<void> {
  for (const manifest of manifests)
    await copyFile(join(tableFolder, VERSIONS_FOLDER, manifest.name), join(damagedFolder, VERSIONS_FOLDER, manifest.name));
  const dataFolder = join(tableFolder, DATA_FOLDER);
  const names = await readdir(dataFolder).catch(() => [] as string[]);
  for (const name of names) {
    if ((await stat(join(dataFolder, name))).mtimeMs < since.getTime()) continue;
    await mkdir(join(damagedFolder, DATA_FOLDER), { recursive: true });
    await copyFile(join(dataFolder, name), join(damagedFolder, DATA_FOLDER, name));
  }
}

/**
 * A view of the table at one whole manifest, for a reader that must not write: a temporary folder whose table links
 * to the real one's files and holds a copy of that manifest only (LanceDB opens the newest manifest it finds, and reads
 * a linked manifest's size as the link's). Returns the view's LanceDB location and how to remove it.
 */
export async function readOnlyView(
  tableFolder: string,
  table: string,
  manifest: ManifestFile,
): Promise<{ location: string; remove: () => Promise<void> }> {
  const location = await mkdtemp(join(tmpdir(), 'lantern-intact-'));
  const viewTable = join(location, `${table}.lance`);
  await mkdir(join(viewTable, VERSIONS_FOLDER), { recursive: true });
  for (const entry of await readdir(tableFolder)) {
    if (entry !== VERSIONS_FOLDER) await symlink(join(tableFolder, entry), join(viewTable, entry));
  }
  await copyFile(join(tableFolder, VERSIONS_FOLDER, manifest.name), join(viewTable, VERSIONS_FOLDER, manifest.name));
  return { location, remove: () => rm(location, { recursive: true, force: true }) };
}
