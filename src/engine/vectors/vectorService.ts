// Owns semantic search's moving parts: which embedder made the vectors, the chunk table, and the background stage.
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LanternEvent } from '../../shared/contract/api';
import type { EmbeddingReport } from '../../shared/model/embedding';
import type { TableHealing } from '../../shared/model/storeHealth';
import { chooseEmbedder, type EmbedderOptions } from '../embed/chooseEmbedder';
import { chunkMessage } from '../embed/chunker';
import type { Embedder } from '../embed/embedder';
import { similarityFloors, type SimilarityFloors } from '../embed/similarityFloor';
import { createWorkerEmbedder } from '../embed/workerEmbedder';
import type { Catalog } from '../index/catalog';
import type { SemanticRetriever } from '../search/searchContext';
import type { MessageStore } from '../store/messageStore';
import type { HealingPlace } from '../store/tableHealth';
import type { ChunkFilter } from './chunkFilter';
import { ANN_INDEX_THRESHOLD, ChunkStore, type ChunkMatch } from './chunkStore';
import { EmbeddingPause } from './embeddingPause';
import { VectorIndex, type Chunker } from './embeddingStage';
import { errorMessage } from '../../shared/errorMessage';

const STATE_FILE = 'vectors.json';
const STATE_VERSION = 1;

/** Which embedder made the stored vectors; another one means re-embedding everything. */
interface VectorState {
  version: number;
  embedderId: string;
  dimensions: number;
}

const chunkForEmbedding: Chunker = (message) =>
  chunkMessage({ subject: message.subject, body: message.text, attachments: message.attachments }).map((chunk) => ({
    text: chunk.text,
    origin: chunk.origin === 'subject+body' ? 'body' : chunk.origin.attachment,
  }));

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
  private index: VectorIndex | null = null;
  /** The chunk table behind `index`. */
  private chunks: ChunkStore | null = null;
  private opening: Promise<VectorIndex> | null = null;
  private running: Promise<EmbeddingReport> | null = null;
  private readonly stop = new AbortController();
  private readonly pause = new EmbeddingPause();
  private closing = false;

  private constructor(private readonly options: VectorServiceOptions) {}

  /** Opens existing vectors without loading a model; the model loads on the first semantic query or embedding run. */
  static async open(options: VectorServiceOptions): Promise<VectorService> {
    const service = new VectorService(options);
    const state = await service.readState();
    if (state) {
      const chunks = await service.openChunks(state.dimensions, false);
      service.index = new VectorIndex(
        chunks,
        lazyEmbedder(state, () => service.loadEmbedder()),
        chunkForEmbedding,
        options.catalog,
      );
      // Reads every message id in the table: a damaged data file is met, and healed, here.
      await service.index.prepare();
    }
    return service;
  }

  private async openChunks(dimensions: number, replace: boolean): Promise<ChunkStore> {
    const place: HealingPlace = { dataDir: this.options.dataDir, canWrite: this.options.canWrite };
    const chunks = await ChunkStore.open(this.options.tablesLocation, dimensions, replace, ANN_INDEX_THRESHOLD, place);
    this.chunks?.close();
    this.chunks = chunks;
    return chunks;
  }

  /** What opening found damaged in the chunk table and gave up (its vectors are made again by embedding), or null. */
  healing(): TableHealing | null {
    return this.chunks?.healing ?? null;
  }

  private async readState(): Promise<VectorState | null> {
    try {
      const state = JSON.parse(await readFile(join(this.options.dataDir, STATE_FILE), 'utf8')) as VectorState;
      return state.version === STATE_VERSION ? state : null;
    } catch {
      return null;
    }
  }

  private async writeState(state: VectorState): Promise<void> {
    const target = join(this.options.dataDir, STATE_FILE);
    await writeFile(`${target}.tmp`, JSON.stringify(state));
    await rename(`${target}.tmp`, target);
  }

  private loadedEmbedder: Promise<Embedder> | null = null;

  private loadEmbedder(): Promise<Embedder> {
    if (this.options.embedder) return Promise.resolve(this.options.embedder);
    this.loadedEmbedder ??= chooseEmbedder({ modelFolder: this.options.modelFolder, resourcesDir: this.options.resourcesDir }).then(
      (chosen) => chosen.embedder,
    );
    return this.loadedEmbedder;
  }

  /** The index for the configured embedder, replacing vectors another embedder made. */
  private async ready(): Promise<VectorIndex> {
    this.opening ??= (async () => {
      const embedder = await this.loadEmbedder();
      const state = await this.readState();
      if (this.index && state?.embedderId === embedder.id) return this.index;
      // Only vectors known to come from another model are dropped: a machine sharing the tables, with no record of its
      // own yet, adopts the vectors there (of the same size, so from the same model when every machine uses the default).
      const chunks = await this.openChunks(embedder.dimensions, state !== null && state.embedderId !== embedder.id);
      await this.writeState({ version: STATE_VERSION, embedderId: embedder.id, dimensions: embedder.dimensions });
      this.index = new VectorIndex(chunks, embedder, chunkForEmbedding, this.options.catalog);
      await this.index.prepare();
      return this.index;
    })();
    return this.opening;
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

  similarityFloors(): SimilarityFloors {
    return similarityFloors(this.index?.embedderId ?? '');
  }

  /** Only passages at or above the embedder's similarity floor: a query about nothing in the archive finds nothing. */
  async search(text: string, limit: number, allowed: Set<string> | null, filter?: ChunkFilter): Promise<ChunkMatch[]> {
    if (!this.index) return [];
    const { floor } = similarityFloors(this.index.embedderId);
    return (await this.index.search(text, limit, allowed, filter)).filter((match) => match.similarity >= floor);
  }

  /** Embeds what has no vectors yet; concurrent callers share one run. */
  embed(): Promise<EmbeddingReport> {
    this.running ??= (async () => {
      try {
        const index = await this.ready();
        const worker = await this.startWorker(index.embedderId);
        try {
          return await index.run(this.options.store, this.options.emit, this.stop.signal, worker ?? undefined, this.pause);
        } finally {
          // The worker holds a second copy of the model: it lives only as long as a run.
          await worker?.close();
        }
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
    if (!this.running && this.index) {
      this.options.emit({
        type: 'embedding-progress',
        done: this.index.embeddedCount(),
        total: this.options.catalog.size,
        embedderId: this.index.embedderId,
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
      return await createWorkerEmbedder(
        script,
        { modelFolder: this.options.modelFolder, resourcesDir: this.options.resourcesDir },
        embedderId,
      );
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
    const embedder = this.loadedEmbedder ? await this.loadedEmbedder.catch(() => null) : null;
    await embedder?.close();
    // Also removes a read-only view of a damaged table.
    this.chunks?.close();
    this.chunks = null;
  }
}

/** An Embedder that loads the real model only when first asked to embed (queries on an already-embedded store). */
function lazyEmbedder(state: VectorState, load: () => Promise<Embedder>): Embedder {
  return {
    id: state.embedderId,
    dimensions: state.dimensions,
    embed: async (texts) => (await load()).embed(texts),
    close: async () => {},
  };
}
