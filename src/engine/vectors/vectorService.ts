// Owns semantic search's moving parts: which embedder made the vectors, the chunk table, and the background stage;
// and switching the embedder without a moment where meaning search is off.
import { existsSync } from 'node:fs';
import type { LanternEvent } from '../../shared/contract/api';
import type { EmbeddingReport } from '../../shared/model/embedding';
import type { TableHealing } from '../../shared/model/storeHealth';
import { chooseEmbedder, type EmbedderOptions } from '../embed/chooseEmbedder';
import type { Embedder } from '../embed/embedder';
import { similarityFloors, type SimilarityFloors } from '../embed/similarityFloor';
import { createWorkerEmbedder } from '../embed/workerEmbedder';
import type { Catalog } from '../index/catalog';
import type { SemanticRetriever } from '../search/searchContext';
import type { MessageStore } from '../store/messageStore';
import type { HealingPlace } from '../store/tableHealth';
import type { ChunkFilter } from './chunkFilter';
import { ANN_INDEX_THRESHOLD, CHUNK_TABLE, ChunkStore, type ChunkMatch } from './chunkStore';
import { EmbeddingPause } from './embeddingPause';
import { VectorIndex } from './embeddingStage';
import { chunkForEmbedding } from './messagePassages';
import { floorsOf, readVectorState, tableFor, tableOf, vectorSet, writeVectorState, type VectorSet } from './vectorState';
import { errorMessage } from '../../shared/errorMessage';

export interface VectorServiceOptions extends EmbedderOptions {
  dataDir: string;
  /** Where the chunk table lives, beside the message table: a folder or a LanceDB URI. */
  tablesLocation: string;
  /** The writer heals a damaged chunk table at open (its damaged files into `<dataDir>/damaged/`); a reader reads around it. */
  canWrite: boolean;
  /** Built embedding worker (out/engine/embedWorker.mjs): the embedding stage runs its model there when present. */
  embedWorkerScript?: string;
  /** Used instead of choosing a model (and not closed here); the stage then runs it on this thread, with no worker. */
  embedder?: Embedder;
  store: MessageStore;
  catalog: Catalog;
  emit: (event: LanternEvent) => void;
}

export class VectorService implements SemanticRetriever {
  /** The vectors meaning search reads. */
  private index: VectorIndex | null = null;
  /** The chunk table behind `index`, and the set of vectors it holds. */
  private chunks: ChunkStore | null = null;
  private serving: VectorSet | null = null;
  /** A newly chosen embedder's vectors while they are made; they replace `index` once they cover the archive. */
  private next: { index: VectorIndex; chunks: ChunkStore; set: VectorSet } | null = null;
  private opening: Promise<VectorIndex> | null = null;
  private running: Promise<EmbeddingReport> | null = null;
  /** Stops the current run, for close or for a newly chosen embedder. */
  private stop = new AbortController();
  private readonly pause = new EmbeddingPause();
  private closing = false;
  /** The model folder chosen now; the serving vectors may still come from another. */
  private modelFolder: string | undefined;
  /** Searches reading the serving table: a table replaced by another embedder's is dropped only once they finish. */
  private readonly searching = new Set<Promise<unknown>>();
  /** The next set recorded in vectors.json when the store opened; ready() takes it up if it is still the chosen embedder's. */
  private pendingNext: VectorSet | null = null;
  /** Embedders by id: the chosen one, and the serving one while it differs. */
  private readonly embedders = new Map<string, Promise<Embedder>>();
  private chosen: Promise<Embedder> | null = null;

  private constructor(private readonly options: VectorServiceOptions) {
    this.modelFolder = options.modelFolder;
  }

  /** Opens existing vectors without loading a model; the model loads on the first semantic query or embedding run. */
  static async open(options: VectorServiceOptions): Promise<VectorService> {
    const service = new VectorService(options);
    const state = await readVectorState(options.dataDir);
    if (state) {
      const serving: VectorSet = { embedderId: state.embedderId, dimensions: state.dimensions, table: tableOf(state) };
      if (state.modelFolder !== undefined) serving.modelFolder = state.modelFolder;
      if (state.floors) serving.floors = state.floors;
      const chunks = await service.openChunks(serving, false);
      service.useServing(serving, chunks, new VectorIndex(chunks, service.lazyEmbedder(serving), chunkForEmbedding, options.catalog));
      // Counts the table's messages: a damaged data file is met, and healed, here.
      await service.index!.prepare();
      // A re-embedding that was under way goes on from where it stopped, at the next run (see ready).
      service.pendingNext = state.next ?? null;
    }
    return service;
  }

  private useServing(set: VectorSet, chunks: ChunkStore, index: VectorIndex): void {
    this.serving = set;
    this.chunks = chunks;
    this.index = index;
  }

  private openChunks(set: VectorSet, replace: boolean): Promise<ChunkStore> {
    const place: HealingPlace = { dataDir: this.options.dataDir, canWrite: this.options.canWrite };
    return ChunkStore.open(this.options.tablesLocation, set.dimensions, replace, ANN_INDEX_THRESHOLD, place, tableOf(set));
  }

  /** What opening found damaged in the chunk table and gave up (its vectors are made again by embedding), or null. */
  healing(): TableHealing | null {
    return this.chunks?.healing ?? null;
  }

  /** The embedder the settings choose now. */
  private chosenEmbedder(): Promise<Embedder> {
    if (this.options.embedder) return Promise.resolve(this.options.embedder);
    this.chosen ??= chooseEmbedder({ modelFolder: this.modelFolder, resourcesDir: this.options.resourcesDir }).then((chosen) => {
      this.embedders.set(chosen.embedder.id, Promise.resolve(chosen.embedder));
      return chosen.embedder;
    });
    return this.chosen;
  }

  /** The embedder that made `set`'s vectors, for queries on them: loaded from the folder recorded with them. */
  private async embedderFor(set: VectorSet): Promise<Embedder> {
    // Usually the chosen one; stores from before the folder was recorded with the vectors always are.
    const chosen = await this.chosenEmbedder();
    if (chosen.id === set.embedderId) return chosen;
    let loading = this.embedders.get(set.embedderId);
    if (!loading) {
      loading = chooseEmbedder({ modelFolder: set.modelFolder, resourcesDir: this.options.resourcesDir }).then(async ({ embedder }) => {
        if (embedder.id === set.embedderId) return embedder;
        await embedder.close();
        throw new Error(
          `embed: the vectors were made by ${set.embedderId}, but ${set.modelFolder ?? 'the built-in model'} now loads ${embedder.id}; ` +
            'meaning search returns once the chosen model has re-embedded the archive',
        );
      });
      // A failed load is tried again at the next query rather than remembered.
      loading.catch(() => this.embedders.delete(set.embedderId));
      this.embedders.set(set.embedderId, loading);
    }
    return loading;
  }

  /** An Embedder that loads the model only when first asked to embed (queries on an already-embedded store). */
  private lazyEmbedder(set: VectorSet): Embedder {
    return {
      id: set.embedderId,
      dimensions: set.dimensions,
      embed: async (texts) => (await this.embedderFor(set)).embed(texts),
      close: async () => {},
    };
  }

  /**
   * The index the next run fills: the serving one while it is the chosen embedder's, else the chosen embedder's own
   * (new, or the one a stopped run left), which the serving vectors stand in for until it covers the archive.
   */
  private async ready(): Promise<VectorIndex> {
    this.opening ??= (async () => {
      const embedder = await this.chosenEmbedder();
      const chosenSet = (table: string): VectorSet => vectorSet(embedder, table, this.options.embedder ? undefined : this.modelFolder);
      if (!this.serving || !this.index) {
        // The first vectors of this store. A machine sharing the tables, with no record of its own yet, adopts the
        // vectors there (of the same size, so from the same model when every machine uses the default).
        const set = chosenSet(CHUNK_TABLE);
        const chunks = await this.openChunks(set, false);
        await writeVectorState(this.options.dataDir, set);
        this.useServing(set, chunks, new VectorIndex(chunks, embedder, chunkForEmbedding, this.options.catalog));
        await this.index!.prepare();
        return this.index!;
      }
      const leftover = this.next?.set ?? this.pendingNext;
      this.pendingNext = null;
      if (this.serving.embedderId === embedder.id) {
        // Chosen again before the other model finished: its part-made vectors go.
        if (leftover) await this.dropNext(leftover);
        // A store from before the folder and floors were recorded learns them now, so a later switch can still query
        // these vectors with the floors they were searched at.
        const isFolderUnrecorded = this.serving.modelFolder === undefined && this.modelFolder !== undefined && !this.options.embedder;
        this.serving = {
          ...this.serving,
          floors: floorsOf(this.serving),
          ...(isFolderUnrecorded ? { modelFolder: this.modelFolder } : {}),
        };
        await writeVectorState(this.options.dataDir, this.serving);
        return this.index;
      }
      if (this.next?.set.embedderId === embedder.id) return this.next.index;
      if (leftover) await this.dropNext(leftover);
      // A stopped re-embedding of this same model is resumed; anything else starts a table of its own.
      const set = leftover?.embedderId === embedder.id ? leftover : chosenSet(tableFor(embedder.id));
      const chunks = await this.openChunks(set, leftover?.embedderId !== embedder.id);
      await writeVectorState(this.options.dataDir, this.serving, set);
      this.next = { index: new VectorIndex(chunks, embedder, chunkForEmbedding, this.options.catalog), chunks, set };
      await this.next.index.prepare();
      return this.next.index;
    })();
    return this.opening;
  }

  /** Drops a re-embedding's table unless it is the one about to be resumed. */
  private async dropNext(set: VectorSet): Promise<void> {
    const chosen = await this.chosenEmbedder();
    if (set.embedderId === chosen.id && !this.next) return;
    const chunks = this.next?.chunks ?? (await this.openChunks(set, false));
    this.next = null;
    await chunks.drop();
  }

  /**
   * The chosen embedder's vectors now cover the archive: they serve from here on, with their own similarity floors,
   * and the old ones are deleted once the searches reading them are done.
   */
  private async promoteNext(): Promise<void> {
    const next = this.next!;
    const old = { chunks: this.chunks, set: this.serving };
    await writeVectorState(this.options.dataDir, next.set);
    this.next = null;
    this.useServing(next.set, next.chunks, next.index);
    this.opening = Promise.resolve(next.index);
    // The window names the model meaning search uses from the stats; this is when that changes.
    this.options.emit({ type: 'store-changed' });
    await Promise.allSettled([...this.searching]);
    await old.chunks?.drop();
    if (old.set && old.set.embedderId !== next.set.embedderId) {
      const embedder = await this.embedders.get(old.set.embedderId)?.catch(() => null);
      this.embedders.delete(old.set.embedderId);
      if (embedder && embedder !== this.options.embedder) await embedder.close();
    }
  }

  /**
   * Chooses the embedder of `modelFolder` (undefined: the built-in or bundled one). The run under way stops between
   * batches; the next run re-embeds the archive for it, newest mail first, while the current vectors keep answering.
   * Returns whether the choice changed.
   */
  async useEmbedder(modelFolder: string | undefined): Promise<boolean> {
    if (modelFolder === this.modelFolder) return false;
    this.modelFolder = modelFolder;
    this.stop.abort();
    await this.running?.catch(() => undefined);
    this.stop = new AbortController();
    const previous = this.chosen ? await this.chosen.catch(() => null) : null;
    this.chosen = null;
    this.opening = null;
    // The previously chosen model stays loaded only while its vectors serve.
    if (previous && previous.id !== this.serving?.embedderId && previous !== this.options.embedder) {
      this.embedders.delete(previous.id);
      await previous.close();
    }
    return true;
  }

  stats(): { embeddedMessages: number; embeddedChunks: number; embedderId: string | null } {
    return {
      embeddedMessages: this.index?.embeddedCount() ?? 0,
      embeddedChunks: this.index?.chunkCount() ?? 0,
      embedderId: this.index?.embedderId ?? null,
    };
  }

  embeddedShare(): number {
    return this.index?.embeddedShare() ?? 0;
  }

  /** The floors calibrated for the embedder whose vectors serve, recorded with them. */
  similarityFloors(): SimilarityFloors {
    return this.serving ? floorsOf(this.serving) : similarityFloors('');
  }

  /** Only passages at or above the embedder's similarity floor: a query about nothing in the archive finds nothing. */
  async search(text: string, limit: number, allowed: Set<string> | null, filter?: ChunkFilter): Promise<ChunkMatch[]> {
    if (!this.index || !this.serving) return [];
    const { floor } = floorsOf(this.serving);
    const searching = this.index.search(text, limit, allowed, filter);
    this.searching.add(searching);
    try {
      return (await searching).filter((match) => match.similarity >= floor);
    } finally {
      this.searching.delete(searching);
    }
  }

  /** Marks messages whose text changed (OCR read their images) for embedding again; nothing to do before any vectors. */
  async forget(messageIds: readonly string[]): Promise<void> {
    await this.index?.forget(messageIds);
    // A re-embedding under way may have embedded their old text already.
    await this.next?.index.forget(messageIds);
  }

  /** Embeds what has no vectors yet; concurrent callers share one run. */
  embed(): Promise<EmbeddingReport> {
    this.running ??= (async () => {
      try {
        const index = await this.ready();
        const { signal } = this.stop;
        const worker = await this.startWorker(index.embedderId);
        let report: EmbeddingReport;
        try {
          report = await index.run(this.options.store, this.options.emit, signal, worker ?? undefined, this.pause);
        } finally {
          // The worker holds a second copy of the model: it lives only as long as a run.
          await worker?.close();
        }
        if (index === this.next?.index && !signal.aborted && report.embedded >= report.total) await this.promoteNext();
        return report;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Pauses or resumes embedding between batches (a run started while paused waits too); returns whether paused. */
  setPaused(paused: boolean): boolean {
    if (paused) this.pause.pause();
    else this.pause.resume();
    // Without a run going no progress would follow; the window still wants to see the button's new state.
    const index = this.next?.index ?? this.index;
    if (!this.running && index) {
      this.options.emit({
        type: 'embedding-progress',
        done: index.embeddedCount(),
        total: this.options.catalog.size,
        embedderId: index.embedderId,
        paused,
        etaSeconds: null,
      });
    }
    return this.pause.isPaused;
  }

  /** The model on a worker thread for one run, or null to embed on this thread (no worker built, or it failed). */
  private async startWorker(embedderId: string): Promise<Embedder | null> {
    const script = this.options.embedWorkerScript;
    if (this.options.embedder || script === undefined || !existsSync(script)) return null;
    try {
      return await createWorkerEmbedder(script, { modelFolder: this.modelFolder, resourcesDir: this.options.resourcesDir }, embedderId);
    } catch (error) {
      console.warn(`embed: embedding on the engine's thread instead of a worker (${errorMessage(error)})`);
      return null;
    }
  }

  /** Starts embedding in the background; errors are reported as events, never thrown into the caller. */
  startInBackground(onError: (error: Error) => void, onDone: () => Promise<void> = async () => undefined): void {
    if (this.closing) return;
    this.embed()
      .then(onDone)
      .catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))));
  }

  async close(): Promise<void> {
    this.closing = true;
    this.stop.abort();
    await this.running?.catch(() => undefined);
    for (const loading of this.embedders.values()) {
      const embedder = await loading.catch(() => null);
      if (embedder !== this.options.embedder) await embedder?.close();
    }
    // Also removes a read-only view of a damaged table.
    this.chunks?.close();
    this.chunks = null;
    this.next?.chunks.close();
    this.next = null;
  }
}
