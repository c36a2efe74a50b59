// "Back up now" and the automatic snapshots after imports: dated folders in one place, the oldest pruned.
import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BackupSummary } from '../../shared/model/settings';
import { backupStore } from './backupStore';
import { readBackupManifest } from './backupFormat';
import { removeLeftoverStagings } from './backupStaging';

const PREFIX = 'lantern-backup-';

/** Where snapshots go when settings name no folder: beside the data folder, never inside it. */
export function defaultBackupFolder(dataDir: string): string {
  return `${resolve(dataDir)}-backups`;
}

export async function listBackups(folder: string): Promise<BackupSummary[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.startsWith(PREFIX) && !name.endsWith('.partial'));
  } catch {
    return [];
  }
  const summaries: BackupSummary[] = [];
  for (const name of names) {
    try {
      const manifest = await readBackupManifest(join(folder, name));
      summaries.push({ folder: join(folder, name), createdAt: manifest.createdAt, messages: manifest.messages });
    } catch {
      // Not a finished backup (or not ours): never listed, never pruned.
    }
  }
  return summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Takes a snapshot into a new dated folder, then keeps the newest `keep` (0 keeps every one). */
export async function backupInto(dataDir: string, folder: string, keep: number): Promise<BackupSummary> {
  const name = `${PREFIX}${new Date().toISOString().replace(/[:.]/g, '-')}`;
  // Each snapshot has a new name, so a killed one's staging folder is never reused: it is cleared here instead.
  for (const leftover of await removeLeftoverStagings(folder, PREFIX))
    console.error(`backup: removed ${leftover}, left by a backup that was interrupted`);
  const manifest = await backupStore(dataDir, join(folder, name));
  if (keep > 0) {
    for (const old of (await listBackups(folder)).slice(keep)) await rm(old.folder, { recursive: true, force: true });
  }
  return { folder: join(folder, name), createdAt: manifest.createdAt, messages: manifest.messages };
}
