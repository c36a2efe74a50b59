// The store's one writer: imports one after another on its queue, the indexes saved after their batches, the store
// settled after each (a read-only engine refuses writes before they reach it, as the method table marks them).
import type { ImportReport } from '../../shared/model/importing';
import type { Catalog } from '../index/catalog';
import type { KeywordIndex } from '../index/keywordIndex';
import { CatalogSnapshotKeeper } from '../index/catalogSnapshot';
import { saveKeywordIndex } from '../index/loadIndexes';
import { markStoreChanged } from './storeGeneration';
import type { MessageStore } from './messageStore';
import { VersionTidier } from './versionTidier';
import { WriteQueue } from './writeQueue';

export interface StoreWriterOptions {
  store: MessageStore;
  catalog: Catalog;
  keywords: KeywordIndex;
  dataDir: string;
  /** False in a read-only engine: nothing is tidied. */
  canWrite: boolean;
  /** How long replaced table versions stay on disk for searches still reading them (see VersionTidier). */
  versionGraceMs: number;
}

export class StoreWriter {
  private readonly queue = new WriteQueue();
  private readonly tidier: VersionTidier;
  private readonly catalogSnapshot: CatalogSnapshotKeeper;

  constructor(private readonly options: StoreWriterOptions) {
    this.catalogSnapshot = new CatalogSnapshotKeeper(options.store, options.catalog, options.dataDir);
    // A tidy's new version holds the same rows: the catalog snapshot is tied to it before readers are told.
    this.tidier = new VersionTidier(options.store, this.queue, options.dataDir, options.versionGraceMs, () => this.catalogSnapshot.keep());
    // Versions an earlier session left (it closed within the grace) go once this session has had the store for a grace.
    if (options.canWrite) this.tidier.later();
  }

  /** Saves what an import's batches added to the indexes kept beside the store, then tells readers the store changed. */
  async saveIndexes(): Promise<void> {
    const { store, catalog, keywords, dataDir } = this.options;
    await saveKeywordIndex(keywords, catalog, dataDir);
    await store.ensureIdIndex(catalog.size);
    await this.catalogSnapshot.keep();
    await markStoreChanged(dataDir);
  }

  /** Runs an import as the next write; its settling is queued right behind it, after the import has reported. */
  runImport(work: () => Promise<ImportReport>): Promise<ImportReport> {
    const run = this.queue.run(work);
    this.queue.runUnattended(
      // A failed import is reported to its caller, who awaits `run`.
      () =>
        run.then(
          (report) => (report.imported > 0 ? this.settleAfterImport() : undefined),
          () => undefined,
        ),
      "store: merging the import's fragments or dropping replaced versions failed (the next import or tidy tries again)",
    );
    return run;
  }

  /**
   * Not part of the import: its messages are searchable as soon as the keyword index is saved, and merging the batches'
   * fragments (a noticeable share of an import, rewriting every small fragment; bench/measured-reasons.md) only makes
   * later reads touch fewer files. Searches go on meanwhile.
   */
  private async settleAfterImport(): Promise<void> {
    // Merged at once, so searches read few files; the versions it replaced stay for the grace.
    if (await this.options.store.isFragmented()) {
      await this.options.store.mergeFragments();
      await this.catalogSnapshot.keep();
      await markStoreChanged(this.options.dataDir);
    }
    // With no grace nothing reads the store meanwhile (the bench's import): the replaced versions go now.
    if (this.tidier.graceMs === 0) await this.tidier.now();
    else this.tidier.later();
  }

  /** Runs a background stage's write (the OCR stage's text) as the next write, never during an import. */
  write<T>(work: () => Promise<T>): Promise<T> {
    return this.queue.run(work);
  }

  /** Lets the writes already queued finish (an import's settling among them), then schedules nothing more. */
  async close(): Promise<void> {
    this.tidier.cancelTimer();
    await this.queue.drained();
    this.tidier.stop();
  }
}
