// What a backup folder holds and how it describes itself; restore refuses what it does not understand.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LanternError } from '../../shared/contract/errors';
import { DATA_FOLDER_MARKER, type DataFolderMarker } from '../store/dataFolderMarker';

export const BACKUP_FORMAT = 'lantern-backup';
/** 2 added the files' and attachments' checksums, the keyword index note and the data folder marker; 1 still restores. */
export const BACKUP_VERSION = 2;
export const BACKUP_MANIFEST = 'backup.json';
/** Small files of the data folder copied as they are (the keyword index is rebuilt from the messages on restore). */
export const COPIED_FILES = ['sources.json', 'vectors.json', 'settings.json', 'people.json', DATA_FOLDER_MARKER] as const;
/** Every name a backup folder (or its staging folder) may hold. */
export const BACKUP_ENTRIES: readonly string[] = ['lancedb', 'attachments', BACKUP_MANIFEST, ...COPIED_FILES];

export interface BackupTable {
  name: string;
  /** The LanceDB version the rows were read at: every row of one table comes from one consistent snapshot. */
  version: number;
  rows: number;
}

export interface FileDigest {
  size: number;
  sha256: string;
}

/** The attachment files are named by the SHA-256 of their bytes; this fingerprints the list of names and sizes. */
export interface AttachmentListDigest {
  count: number;
  bytes: number;
  /** SHA-256 of the sorted lines "name size\n". */
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The data folder it was taken from, for the user's information only. */
  dataDir: string;
  messages: number;
  tables: BackupTable[];
  files: string[];
  /** Size and SHA-256 of each of `files` (version 2). */
  fileDigests?: Record<string, FileDigest>;
  /** The keyword index is never copied: the restored store rebuilds it from its messages at its first open (version 2). */
  keywordIndex?: 'rebuilt-on-open';
  /** Files of the attachment store in the backup's attachments/ folder; absent in backups from before it was kept. */
  attachments?: number;
  attachmentDigest?: AttachmentListDigest;
  /** The source folder's data folder marker; null when it had none yet (version 2). */
  marker?: DataFolderMarker | null;
}

/** Reads and checks a backup's manifest: not-found when the folder is not a backup, bad-request when it is unusable. */
export async function readBackupManifest(backupDir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(backupDir, BACKUP_MANIFEST), 'utf8');
  } catch {
    throw new LanternError('not-found', `backup: ${backupDir} is not a Lantern backup (no readable ${BACKUP_MANIFEST})`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new LanternError(
      'bad-request',
      `backup: the ${BACKUP_MANIFEST} of ${backupDir} is damaged (not JSON); the backup cannot be used`,
    );
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new LanternError('bad-request', `backup: ${backupDir} is not a Lantern backup (its ${BACKUP_MANIFEST} has another format)`);
  if (manifest.version > BACKUP_VERSION) {
    throw new LanternError(
      'bad-request',
      `backup: ${backupDir} was written by a newer Lantern (backup format ${manifest.version}); update Lantern first`,
    );
  }
  if (!Array.isArray(manifest.tables) || !Array.isArray(manifest.files) || typeof manifest.messages !== 'number') {
    throw new LanternError(
      'bad-request',
      `backup: the ${BACKUP_MANIFEST} of ${backupDir} is damaged (tables, files or messages missing); the backup cannot be used`,
    );
  }
  return manifest;
}
