// What a backup folder holds and how it describes itself; restore refuses what it does not understand.

export const BACKUP_FORMAT = 'lantern-backup';
export const BACKUP_VERSION = 1;
export const BACKUP_MANIFEST = 'backup.json';
/** Small files of the data folder copied as they are (the keyword index is rebuilt from the messages on restore). */
export const COPIED_FILES = ['sources.json', 'vectors.json', 'settings.json'] as const;

export interface BackupTable {
  name: string;
  /** The LanceDB version the rows were read at: every row of one table comes from one consistent snapshot. */
  version: number;
  rows: number;
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
  /** Files of the attachment store in the backup's attachments/ folder; absent in backups from before it was kept. */
  attachments?: number;
}
