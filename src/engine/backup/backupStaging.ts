// The folder a backup is written into before it is renamed into place, and the leftovers of backups that were killed.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LanternError } from '../../shared/contract/errors';
import { describeEntries } from '../store/dataFolderMarker';
import { acquireWriterLock } from '../store/writerLock';
import { BACKUP_ENTRIES } from './backupFormat';
import { errorMessage } from '../../shared/errorMessage';

/** A backup being written; `release` is called before the folder is renamed, so its lock is not part of the backup. */
export interface Staging {
  folder: string;
  /** The staging folder a killed backup into the same target had left, removed before this one started. */
  removedLeftover: string | null;
  release: () => Promise<void>;
}

export function stagingFolderOf(destination: string): string {
  return `${destination}.partial`;
}

async function entriesOf(folder: string): Promise<string[] | null> {
  try {
    return (await readdir(folder)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Whether a staging folder was left by a backup that no longer runs. A backup holds the writer lock of its staging
 * folder while it writes, so a lock we can take means its writer died; a folder without a lock is Lantern's only
 * if it holds nothing but what a backup writes (backups from before the lock). Throws when a live backup owns it.
 */
async function isLeftover(folder: string, entries: readonly string[]): Promise<boolean> {
  if (!entries.every((name) => BACKUP_ENTRIES.includes(name) || name === 'writer.lock')) return false;
  if (!entries.includes('writer.lock')) return true;
  try {
    const release = await acquireWriterLock(folder);
    await release();
    return true;
  } catch (error) {
    if (error instanceof LanternError && error.code === 'store-busy') {
      throw new LanternError('store-busy', `backup: another backup is being written into ${folder}; wait for it to finish`);
    }
    throw error;
  }
}

/** Removes `folder` if a killed backup left it; refuses (naming what is in it) when it is anything else. */
export async function removeLeftoverStaging(folder: string): Promise<boolean> {
  const entries = await entriesOf(folder);
  if (entries === null) return false;
  if (!(await isLeftover(folder, entries))) {
    throw new LanternError(
      'bad-request',
      `backup: ${folder} is in the way and is not an unfinished Lantern backup (it holds ${describeEntries(entries)}); move it away or choose another backup folder`,
    );
  }
  await rm(folder, { recursive: true, force: true });
  return true;
}

/** Makes the staging folder for a backup into `destination`, holding its lock until `release`. */
export async function startStaging(destination: string): Promise<Staging> {
  const folder = stagingFolderOf(destination);
  const removedLeftover = (await removeLeftoverStaging(folder)) ? folder : null;
  await mkdir(folder, { recursive: true });
  const release = await acquireWriterLock(folder);
  return { folder, removedLeftover, release };
}

/** The unfinished backups in a folder of dated backups, removed; those a live backup is writing are left alone. */
export async function removeLeftoverStagings(backupsFolder: string, prefix: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of (await entriesOf(backupsFolder)) ?? []) {
    if (!name.startsWith(prefix) || !name.endsWith('.partial')) continue;
    const folder = join(backupsFolder, name);
    try {
      if (await removeLeftoverStaging(folder)) removed.push(folder);
    } catch (error) {
      // Another backup writing, or a folder that is not ours: left as it is, and said.
      console.error(`backup: left ${folder} in place: ${errorMessage(error)}`);
    }
  }
  return removed;
}
