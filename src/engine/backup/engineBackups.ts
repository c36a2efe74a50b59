// An open engine's backups: taken on request and after each import, into the folder the settings name.
import { LanternError } from '../../shared/contract/errors';
import { errorMessage } from '../../shared/errorMessage';
import type { BackupSummary } from '../../shared/model/settings';
import type { EngineSettings } from '../settings/engineSettings';
import { backupInto, defaultBackupFolder, listBackups } from './backupRotation';

export interface TablesPlace {
  /** Where the message and chunk tables live: a folder or a LanceDB URI (see EngineOptions.tablesLocation). */
  location: string;
  /** The tables are the data folder's own lancedb folder, so a copy of the data folder holds them. */
  isLocal: boolean;
}

export class EngineBackups {
  constructor(
    private readonly dataDir: string,
    private readonly settings: EngineSettings,
    private readonly tables: TablesPlace,
  ) {}

  private folder(): string {
    return this.settings.current.backups.folder ?? defaultBackupFolder(this.dataDir);
  }

  /** Backups copy the data folder; tables kept elsewhere are backed up where they live (object store versioning). */
  async now(): Promise<BackupSummary> {
    if (!this.tables.isLocal) {
      throw new LanternError(
        'bad-request',
        `backup: the tables live at ${this.tables.location}, outside the data folder; back them up where they are kept (for object storage, its versioning)`,
      );
    }
    return backupInto(this.dataDir, this.folder(), this.settings.current.backups.keep);
  }

  list(): Promise<BackupSummary[]> {
    return listBackups(this.folder());
  }

  /** The automatic snapshot after an import that added messages, when settings keep any; its failure is logged, not thrown. */
  afterImport(): void {
    const { keep } = this.settings.current.backups;
    if (keep <= 0 || !this.tables.isLocal) return;
    backupInto(this.dataDir, this.folder(), keep).catch((error: unknown) =>
      console.error(`backup: the automatic backup after an import failed: ${errorMessage(error)}`),
    );
  }
}
