// Puts a backup in place of a data folder without ever deleting the folder it replaces.
import { cp, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { LanternError } from '../../shared/contract/errors';
import { acquireWriterLock } from '../store/writerLock';
import { BACKUP_FORMAT, BACKUP_MANIFEST, BACKUP_VERSION, type BackupManifest } from './backupFormat';

export interface RestoreReport {
  messages: number;
  /** Where the data folder that was replaced now is; null when there was nothing to keep. */
  previous: string | null;
}

export async function readBackupManifest(backupDir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(backupDir, BACKUP_MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new LanternError('not-found', `restore: ${backupDir} is not a Lantern backup (no readable ${BACKUP_MANIFEST})`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new LanternError('bad-request', `restore: ${backupDir} is not a Lantern backup`);
  if (manifest.version > BACKUP_VERSION) {
    throw new LanternError('bad-request', `restore: ${backupDir} was written by a newer Lantern (backup format ${manifest.version}); update Lantern first`);
  }
  return manifest;
}

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

async function hasContent(path: string): Promise<boolean> {
  try {
    return (await stat(join(path, 'lancedb'))).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Copies the backup beside the data folder, then swaps folders: a failure at any step leaves the old store usable.
 * Refused while another Lantern writes the folder. The keyword index is rebuilt on the next open.
 */
export async function restoreStore(backupDir: string, dataDir: string): Promise<RestoreReport> {
  const manifest = await readBackupManifest(resolve(backupDir));
  const target = resolve(dataDir);
  await mkdir(target, { recursive: true });
  const release = await acquireWriterLock(target);
  const incoming = `${target}.restoring-${stamp()}`;
  let previous: string | null = null;
  try {
    await mkdir(dirname(target), { recursive: true });
    // Everything but the manifest, the attachments/ folder included; a backup from before it existed restores without
    // one, and its mail then says to re-import the file to open attachments.
    await cp(resolve(backupDir), incoming, { recursive: true, filter: (path) => !path.endsWith(BACKUP_MANIFEST) });
    if (await hasContent(target)) {
      previous = `${target}.before-restore-${stamp()}`;
      await rename(target, previous);
      // The lock file moved with the old folder; it must not make that folder look busy later.
      await rm(join(previous, 'writer.lock'), { force: true });
    } else {
      await rm(target, { recursive: true, force: true });
    }
    await rename(incoming, target);
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw error;
  } finally {
    await release();
  }
  return { messages: manifest.messages, previous };
}
