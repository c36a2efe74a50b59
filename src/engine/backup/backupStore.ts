// A consistent snapshot of a data folder, taken beside a running writer: each table is read at one LanceDB version.
import { copyFile, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { connect } from '@lancedb/lancedb';
import { LanternError } from '../../shared/contract/errors';
import { readDataFolderMarker } from '../store/dataFolderMarker';
import { digestFile } from './backupDigest';
import { startStaging } from './backupStaging';
import { copyAttachmentStore } from './copyAttachmentStore';
import {
  BACKUP_FORMAT,
  BACKUP_MANIFEST,
  BACKUP_VERSION,
  COPIED_FILES,
  type BackupManifest,
  type BackupTable,
  type FileDigest,
} from './backupFormat';

/** The manifest written, and what the backup had to clear first. */
export interface BackupReport extends BackupManifest {
  /** The staging folder a killed backup into the same target had left, removed before this one started. */
  removedLeftover: string | null;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function isEmptyOrMissing(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch {
    return true;
  }
}

/**
 * Writes the backup into `target` (missing or empty) by way of `<target>.partial`, renamed into place once whole: a
 * failed backup removes its staging folder, and one that was killed leaves it for the next backup into `target` to remove.
 */
export async function backupStore(dataDir: string, target: string): Promise<BackupReport> {
  const source = resolve(dataDir);
  const destination = resolve(target);
  if (!(await exists(join(source, 'lancedb')))) throw new LanternError('not-found', `backup: ${source} holds no Lantern store`);
  if (!(await isEmptyOrMissing(destination)))
    throw new LanternError('bad-request', `backup: ${destination} is not empty; choose a new folder`);
  if (destination === source || destination.startsWith(`${source}/lancedb`))
    throw new LanternError('bad-request', 'backup: the backup folder cannot be inside the store');
  const staging = await startStaging(destination);
  try {
    const tables = await copyTables(join(source, 'lancedb'), join(staging.folder, 'lancedb'));
    const files: string[] = [];
    const fileDigests: Record<string, FileDigest> = {};
    for (const name of COPIED_FILES) {
      if (!(await exists(join(source, name)))) continue;
      await copyFile(join(source, name), join(staging.folder, name));
      files.push(name);
      fileDigests[name] = await digestFile(join(staging.folder, name));
    }
    const attachmentDigest = await copyAttachmentStore(source, staging.folder);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      dataDir: source,
      messages: tables.find((table) => table.name === 'messages')?.rows ?? 0,
      tables,
      files,
      fileDigests,
      keywordIndex: 'rebuilt-on-open',
      attachments: attachmentDigest.count,
      attachmentDigest,
      marker: await readDataFolderMarker(source),
    };
    await writeFile(join(staging.folder, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await staging.release();
    // Checked empty above; rmdir (never a recursive delete) so a file put there meanwhile stops the backup instead.
    await rmdir(destination).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(staging.folder, destination);
    return { ...manifest, removedLeftover: staging.removedLeftover };
  } catch (error) {
    await staging.release();
    await rm(staging.folder, { recursive: true, force: true });
    throw error;
  }
}

/** Copies every table row by row at the version it had when opened, so writes during the backup are not half-seen. */
async function copyTables(from: string, to: string): Promise<BackupTable[]> {
  const input = await connect(from);
  const output = await connect(to);
  const copied: BackupTable[] = [];
  try {
    for (const name of await input.tableNames()) {
      const table = await input.openTable(name);
      const version = await table.version();
      await table.checkout(version);
      const schema = await table.schema();
      const copy = await output.createEmptyTable(name, schema);
      let rows = 0;
      for await (const batch of table.query()) {
        if (batch.numRows === 0) continue;
        // A table-like object, not `new Table(batch)`: the batch comes from LanceDB's own copy of apache-arrow.
        await copy.add({ schema: batch.schema, batches: [batch] });
        rows += batch.numRows;
      }
      copied.push({ name, version, rows });
      table.close();
      copy.close();
    }
  } finally {
    input.close();
    output.close();
  }
  return copied;
}
