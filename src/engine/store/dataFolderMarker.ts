// The file that marks a folder as a Lantern data folder, so that restore only ever replaces what is provably Lantern's.
import { nodeCrypto } from '../nodeCrypto';
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const DATA_FOLDER_MARKER = 'lantern-data.json';
const DATA_FOLDER_FORMAT = 'lantern-data';
const DATA_FOLDER_VERSION = 1;

/** What the marker file holds. */
export interface DataFolderMarker {
  format: typeof DATA_FOLDER_FORMAT;
  version: number;
  createdAt: string;
}

/** What a folder is, as far as restore is concerned. */
export type DataFolderKind = 'missing' | 'empty' | 'lantern' | 'other';

export interface DataFolderSurvey {
  kind: DataFolderKind;
  /** The names in the folder, sorted; empty for a missing folder or a file. */
  entries: string[];
  isFile: boolean;
}

export async function readDataFolderMarker(dataDir: string): Promise<DataFolderMarker | null> {
  try {
    const marker = JSON.parse(await readFile(join(dataDir, DATA_FOLDER_MARKER), 'utf8')) as DataFolderMarker;
    return marker.format === DATA_FOLDER_FORMAT ? marker : null;
  } catch {
    return null;
  }
}

/**
 * Written by the writer each time it opens a data folder without one: new folders, and folders from before the
 * marker existed. Written to a temporary name and renamed, so a crash never leaves half a marker.
 */
export async function writeDataFolderMarker(dataDir: string): Promise<void> {
  if (await readDataFolderMarker(dataDir)) return;
  const marker: DataFolderMarker = { format: DATA_FOLDER_FORMAT, version: DATA_FOLDER_VERSION, createdAt: new Date().toISOString() };
  const temporary = join(dataDir, `.${DATA_FOLDER_MARKER}.${nodeCrypto().randomBytes(6).toString('hex')}`);
  try {
    await writeFile(temporary, `${JSON.stringify(marker, null, 2)}\n`);
    await rename(temporary, join(dataDir, DATA_FOLDER_MARKER));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * A folder is Lantern's when it has the marker, or (written before the marker existed) when its `lancedb/` holds
 * the `messages` table Lantern creates at its first open.
 */
export async function surveyDataFolder(path: string): Promise<DataFolderSurvey> {
  let entries: string[];
  try {
    entries = (await readdir(path)).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing', entries: [], isFile: false };
    if (code === 'ENOTDIR') return { kind: 'other', entries: [], isFile: true };
    throw error;
  }
  if (entries.length === 0) return { kind: 'empty', entries, isFile: false };
  const isLantern = (await readDataFolderMarker(path)) !== null || (await isDirectory(join(path, 'lancedb', 'messages.lance')));
  return { kind: isLantern ? 'lantern' : 'other', entries, isFile: false };
}

/** "3 entries: a.txt, notes, photos" with at most five names, for messages that say what a folder holds. */
export function describeEntries(entries: readonly string[]): string {
  const shown = entries.slice(0, 5).join(', ');
  const more = entries.length > 5 ? `, and ${entries.length - 5} more` : '';
  return `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}: ${shown}${more}`;
}
