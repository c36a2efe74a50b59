// Puts a verified backup in place of a data folder; it only ever replaces a Lantern data folder (kept beside) or an empty one.
import { copyFile, cp, mkdir, rename, rm, rmdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { LanternError } from '../../shared/contract/errors';
import { describeEntries, surveyDataFolder, writeDataFolderMarker, type DataFolderKind } from '../store/dataFolderMarker';
import { acquireWriterLock } from '../store/writerLock';
import { BACKUP_MANIFEST, readBackupManifest, type BackupManifest } from './backupFormat';
import { checkTables } from './checkTables';
import { verifyBackup } from './verifyBackup';
import { errorMessage } from '../../shared/errorMessage';

export interface RestoreReport {
  messages: number;
  /** Where the data folder that was replaced now is; null when there was nothing to keep. */
  previous: string | null;
  /** What the backup's verification checked before anything moved. */
  checked: string[];
}

export interface RestoreOptions {
  /**
   * Opens the restored store once after the swap; if it throws, the previous store is put back. The default opens
   * every table with LanceDB and counts its rows; a caller may pass a stricter check.
   */
  checkRestored?: (dataDir: string, manifest: BackupManifest) => Promise<void>;
}

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

async function openRestored(dataDir: string, manifest: BackupManifest): Promise<void> {
  const findings = await checkTables(join(dataDir, 'lancedb'), manifest.tables, false);
  if (findings.problems.length > 0) throw new Error(findings.problems.join('; '));
}

/** Never a recursive delete: a folder someone put a file in meanwhile stays. */
async function removeIfEmpty(folder: string): Promise<void> {
  await rmdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT' && error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  });
}

async function refuseForeignFolder(target: string): Promise<DataFolderKind> {
  const survey = await surveyDataFolder(target);
  if (survey.kind !== 'other') return survey.kind;
  const holds = survey.isFile ? 'it is a file' : `it holds ${describeEntries(survey.entries)}`;
  throw new LanternError(
    'bad-request',
    `restore: ${target} is not a Lantern data folder (${holds}); nothing was changed. Restore into the data folder itself, or into an empty or new folder`,
  );
}

/** After a failed check of the restored store: removes this restore's copy and moves the previous folder back. */
async function putBack(target: string, previous: string | null, kind: DataFolderKind, failure: unknown): Promise<LanternError> {
  const what = `restore: the restored store in ${target} did not open (${errorMessage(failure)})`;
  try {
    await rm(target, { recursive: true, force: true });
    if (previous) await rename(previous, target);
    else if (kind === 'empty') await mkdir(target);
  } catch (error) {
    const where = previous ? `the previous store is at ${previous}` : `${target} may hold part of the restored copy`;
    return new LanternError('internal', `${what}, and putting things back failed (${errorMessage(error)}): ${where}`);
  }
  const state = previous ? `the previous store was put back in ${target}` : `${target} is as it was`;
  return new LanternError(
    'internal',
    `${what}; ${state}, nothing changed. The backup may be damaged: check it with lantern backup --verify`,
  );
}

/** Moves the data folder aside (or removes it when it held only our lock) and the restored copy in; undone on failure. */
async function swapIn(incoming: string, target: string, previous: string | null): Promise<void> {
  if (previous) await rename(target, previous);
  else {
    await rm(join(target, 'writer.lock'));
    await rmdir(target);
  }
  try {
    await rename(incoming, target);
  } catch (error) {
    if (!previous) throw error;
    await rename(previous, target).catch((undo: unknown) => {
      throw new LanternError(
        'internal',
        `restore: moving the restored copy in failed (${errorMessage(error)}) and so did moving the previous store back (${errorMessage(undo)}): it is at ${previous}`,
      );
    });
    throw error;
  }
}

/**
 * Verifies the backup through, copies it beside the data folder, then swaps folders and opens the result once; a
 * failure at any step leaves the old store in place. Refused while another Lantern writes the folder, and for any
 * folder that is not provably Lantern's. The keyword index is rebuilt on the next open.
 */
export async function restoreStore(backupDir: string, dataDir: string, options: RestoreOptions = {}): Promise<RestoreReport> {
  const source = resolve(backupDir);
  const target = resolve(dataDir);
  const manifest = await readBackupManifest(source);
  if (source === target)
    throw new LanternError('bad-request', `restore: ${target} is the backup itself; give the data folder to restore into`);
  const kind = await refuseForeignFolder(target);
  await mkdir(target, { recursive: true });
  const release = await acquireWriterLock(target);
  const incoming = `${target}.restoring-${stamp()}`;
  let previous: string | null = null;
  let isSwapped = false;
  let isDone = false;
  try {
    const verification = await verifyBackup(source);
    if (verification.problems.length > 0) {
      throw new LanternError(
        'bad-request',
        `restore: the backup ${source} is damaged; nothing was changed in ${target}: ${verification.problems.join('; ')}`,
      );
    }
    // Everything but the manifest, the attachments/ folder included; a backup from before it existed restores without
    // one, and its mail then says to re-import the file to open attachments.
    await cp(source, incoming, { recursive: true, filter: (path) => path !== join(source, BACKUP_MANIFEST) });
    await writeDataFolderMarker(incoming);
    // The lock goes in with the new folder, so no other writer can open the data folder in the middle of the swap.
    await copyFile(join(target, 'writer.lock'), join(incoming, 'writer.lock'));
    if (kind === 'lantern') previous = `${target}.before-restore-${stamp()}`;
    await swapIn(incoming, target, previous);
    isSwapped = true;
    try {
      await (options.checkRestored ?? openRestored)(target, manifest);
    } catch (error) {
      throw await putBack(target, previous, kind, error);
    }
    // The lock file moved with the old folder; it must not make that folder look busy later.
    if (previous) await rm(join(previous, 'writer.lock'), { force: true });
    isDone = true;
    return { messages: manifest.messages, previous, checked: verification.checked };
  } finally {
    if (!isSwapped) await rm(incoming, { recursive: true, force: true });
    await release();
    if (!isDone && kind === 'missing') await removeIfEmpty(target);
  }
}
