// The background stage that gives messages vectors: resumable, in batches, with progress, after keyword indexing.
import type { LanternEvent } from '../../shared/contract/api';
import type { EmbeddingReport } from '../../shared/model/embedding';
import type { Embedder } from '../embed/embedder';
import type { Catalog } from '../index/catalog';
import { progressRate } from '../../shared/progress/progressRate';
import { decodeAttachmentTexts } from '../store/messageRecord';
import type { MessageStore } from '../store/messageStore';
import { NO_PLACES, placesOf, type ChunkFilter, type ChunkPlaces } from './chunkFilter';
import type { ChunkMatch, ChunkRow, ChunkStore, DateSpan } from './chunkStore';
import { EmbeddingPause } from './embeddingPause';
import { passagesToEmbed } from './messagePassages';
import { PassageReuse } from './passageReuse';
import { unlessAborted } from '../unlessAborted';

/** Passages fetched for each message wanted. */
const PASSAGES_PER_MESSAGE = 2;
/** Messages per batch: large enough to batch the model, small enough to show progress and stop promptly. */
const MESSAGES_PER_BATCH = 32;
/**
 * Passages and seconds an append to the chunk table waits for. Every append is a new table version whose manifest
 * lists every file so far, so appending each batch made the manifests grow with the square of the archive
 * (bench/measured-reasons.md).
 */
const APPEND_PASSAGES = 2000;
const APPEND_SECONDS = 30;
/** Progress between appends, at most this often: the status bar's count moves with each batch. */
const PROGRESS_INTERVAL_MS = 1000;

export interface PassageInput {
  subject: string;
  text: string;
  attachments: { filename: string; text: string }[];
}

export interface Passage {
  text: string;
  /** 'body' or the attachment's file name. */
  origin: string;
}

/** Splits a message into the passages that get one vector each. */
export type Chunker = (message: PassageInput) => Passage[];

export class VectorIndex {
  /** Which messages have vectors: read when a run or a forget first needs them, not at open (see `prepare`). */
  private embedded: Set<string> | null = null;
  /** How many messages have vectors, counted at open without their ids (see `prepare`). */
  private embeddedCounted: number | null = null;

  constructor(
    private readonly chunks: ChunkStore,
    private readonly embedder: Embedder,
    private readonly chunker: Chunker,
    private readonly catalog: Catalog,
  ) {}

  get embedderId(): string {
    return this.embedder.id;
  }

  private async embeddedIds(): Promise<Set<string>> {
    this.embedded ??= await this.chunks.embeddedMessageIds();
    return this.embedded;
  }

  embeddedCount(): number {
    return this.embedded?.size ?? this.embeddedCounted ?? 0;
  }

  /** Passages with vectors. */
  chunkCount(): number {
    return this.chunks.size;
  }

  /** Share of the catalog's messages that have vectors (0 before the first count). */
  embeddedShare(): number {
    const embedded = this.embedded?.size ?? this.embeddedCounted;
    if (embedded === null || this.catalog.size === 0) return 0;
    return Math.min(1, embedded / this.catalog.size);
  }

  /** The folder, labels and participants a message's passages carry now; null for a message no longer stored. */
  private placesFor(messageId: string): ChunkPlaces | null {
    const ordinal = this.catalog.ordinalOf(messageId);
    return ordinal === undefined ? null : placesOf(this.catalog.entry(ordinal));
  }

  /** Writer only: brings stored passages up to the current schema, and their places up to their messages' own. */
  private async refreshPlaces(): Promise<void> {
    if (this.chunks.needsUpgrade) await this.chunks.upgrade((messageId) => this.placesFor(messageId) ?? NO_PLACES);
    else await this.chunks.syncPlaces((messageId) => this.placesFor(messageId));
  }

  /** Forgets these messages' vectors: the next run embeds them again, with the text they have now. */
  async forget(messageIds: readonly string[]): Promise<void> {
    await this.chunks.removeMessages(messageIds);
    const embedded = await this.embeddedIds();
    for (const id of messageIds) embedded.delete(id);
  }

  /**
   * The messages without vectors, newest first: meaning search is most often asked about recent mail, so it can
   * answer for that long before the whole archive is done.
   */
  private pendingNewestFirst(embedded: Set<string>): string[] {
    const ordinals: number[] = [];
    for (let ordinal = 0; ordinal < this.catalog.size; ordinal += 1) if (!embedded.has(this.catalog.id(ordinal))) ordinals.push(ordinal);
    const dates = this.catalog.dates;
    ordinals.sort((left, right) => dates[right]! - dates[left]!);
    return ordinals.map((ordinal) => this.catalog.id(ordinal));
  }

  /**
   * Counts the messages that have vectors: searches and stats need how many, not which. A writer reads which when a
   * run or a forget first asks; read at open, they were a set of every embedded message's id for as long as the engine
   * ran, and most of a large store's start.
   */
  async prepare(): Promise<void> {
    this.embeddedCounted = await this.chunks.embeddedMessageCount();
  }

  /**
   * Embeds every message that has no vectors yet; stops when `signal` aborts, keeping the batches already embedded.
   * `embedder` may be the same model on another thread (it must have the same id), so queries keep their own. While
   * `pause` is paused the run waits between batches.
   */
  async run(
    store: MessageStore,
    emit: (event: LanternEvent) => void,
    signal: AbortSignal,
    embedder: Embedder = this.embedder,
    pause = new EmbeddingPause(),
  ): Promise<EmbeddingReport> {
    if (embedder.id !== this.embedder.id) throw new Error(`embed: cannot add vectors of ${embedder.id} to an index of ${this.embedder.id}`);
    const started = performance.now();
    await this.refreshPlaces();
    const embedded = await this.embeddedIds();
    const pending = this.pendingNewestFirst(embedded);
    const reuse = new PassageReuse();
    let chunkCount = 0;
    const doneAtStart = embedded.size;
    // Seconds spent embedding, paused time left out, for the time left.
    let working = 0;
    let workingSince = performance.now();
    let lastProgress = 0;
    /**
     * Messages embedded, those waiting for the next append included: a count that moves with each batch. `paused` is
     * said only once the run waits: the batch being embedded when the pause came still finishes.
     */
    const progress = (waiting = 0, isWaiting = false): void => {
      lastProgress = performance.now();
      const done = embedded.size + waiting;
      const { etaSeconds } = progressRate(done, this.catalog.size, working + (performance.now() - workingSince) / 1000, doneAtStart);
      emit({ type: 'embedding-progress', done, total: this.catalog.size, embedderId: this.embedder.id, paused: isWaiting, etaSeconds });
    };
    const prepare = async (start: number): Promise<{ records: { id: string }[]; rows: Omit<ChunkRow, 'vector'>[] }> => {
      const ids = pending.slice(start, start + MESSAGES_PER_BATCH);
      const records = await store.getColumns(ids, ['id', 'threadId', 'date', 'subject', 'text', 'attachmentTextJson']);
      const rows: Omit<ChunkRow, 'vector'>[] = [];
      for (const record of records) {
        const kept = passagesToEmbed(this.chunker, {
          subject: record.subject,
          text: record.text,
          attachments: decodeAttachmentTexts(record.attachmentTextJson),
        });
        const places = this.placesFor(record.id) ?? NO_PLACES;
        kept.forEach((passage, position) =>
          rows.push({
            chunkId: `${record.id}#${position}`,
            messageId: record.id,
            threadId: record.threadId,
            date: record.date,
            origin: passage.origin,
            position,
            text: passage.text,
            ...places,
          }),
        );
      }
      return { records, rows };
    };
    // Embedded batches wait here for one larger append; their messages count as embedded once it is written.
    let unwritten: { rows: ChunkRow[]; ids: string[] } = { rows: [], ids: [] };
    let lastAppend = performance.now();
    const append = async (): Promise<void> => {
      const { rows, ids } = unwritten;
      unwritten = { rows: [], ids: [] };
      lastAppend = performance.now();
      await this.chunks.add(rows);
      for (const id of ids) embedded.add(id);
      chunkCount += rows.length;
      progress();
    };
    let next = pending.length > 0 ? prepare(0) : null;
    for (let start = 0; next !== null && !signal.aborted; start += MESSAGES_PER_BATCH) {
      if (pause.isPaused) {
        working += (performance.now() - workingSince) / 1000;
        progress(unwritten.ids.length, true);
        await pause.wait(signal);
        workingSince = performance.now();
        if (signal.aborted) break;
        progress(unwritten.ids.length);
      }
      const { records, rows } = await next;
      const embedding = reuse.embed(
        embedder,
        rows.map((row) => row.text),
      );
      // While the model (on its worker thread) embeds this batch, the next one is read and chunked here.
      const following = start + MESSAGES_PER_BATCH;
      next = following < pending.length ? prepare(following) : null;
      // Its failure, if any, surfaces when it is awaited above; until then it must not count as unhandled.
      next?.catch(() => undefined);
      // A closing engine does not wait for the batch on the model's thread: it is embedded again at the next start.
      const vectors = await unlessAborted(embedding, signal);
      if (vectors === null) break;
      unwritten.rows.push(...rows.map((row, index) => ({ ...row, vector: vectors[index]! })));
      unwritten.ids.push(...records.map((record) => record.id));
      if (unwritten.rows.length >= APPEND_PASSAGES || performance.now() - lastAppend >= APPEND_SECONDS * 1000) await append();
      else if (performance.now() - lastProgress >= PROGRESS_INTERVAL_MS) progress(unwritten.ids.length);
    }
    // Stopped or done, what was embedded is kept.
    if (unwritten.ids.length > 0) await append();
    if (!signal.aborted) {
      // Only a run that appended left versions behind; the run at every start-up usually appends nothing.
      if (chunkCount > 0) await this.chunks.compact();
      await this.chunks.ensureIndexes();
    }
    progress();
    return {
      embedded: embedded.size,
      total: this.catalog.size,
      chunks: chunkCount,
      embedderId: this.embedder.id,
      elapsedMs: Math.round(performance.now() - started),
    };
  }

  /** The dates the allowed messages span, and about how many passages carry a date in that span. */
  private dateSpan(allowed: Set<string>): DateSpan | undefined {
    let from = Infinity;
    let to = -Infinity;
    for (const id of allowed) {
      const ordinal = this.catalog.ordinalOf(id);
      if (ordinal === undefined) continue;
      const date = this.catalog.dates[ordinal]!;
      if (date < from) from = date;
      if (date > to) to = date;
    }
    if (from > to) return undefined;
    let messages = 0;
    for (let ordinal = 0; ordinal < this.catalog.size; ordinal += 1) {
      const date = this.catalog.dates[ordinal]!;
      if (date >= from && date <= to) messages += 1;
    }
    const embedded = this.embedded?.size ?? this.embeddedCounted ?? 0;
    const passagesPerMessage = embedded > 0 ? this.chunks.size / embedded : 1;
    return { from, to, passages: Math.ceil(messages * passagesPerMessage), allowedShare: Math.min(1, allowed.size / messages) };
  }

  /** Best passage per message for `text`, best first, among `allowed` ids (null: all), which `filter` pre-filters. */
  async search(text: string, limit: number, allowed: Set<string> | null, filter?: ChunkFilter): Promise<ChunkMatch[]> {
    const [vector] = await this.embedder.embed([text]);
    // Several passages can come from one message (1.4 on average on list mail): fetch more than needed, keep each
    // message's best. Every passage fetched costs a read, so not many more.
    const matches = await this.chunks.nearest(vector!, limit * PASSAGES_PER_MESSAGE, allowed, {
      dates: allowed ? this.dateSpan(allowed) : undefined,
      filter,
    });
    const best = new Map<string, ChunkMatch>();
    for (const match of matches) if (!best.has(match.messageId)) best.set(match.messageId, match);
    return [...best.values()].slice(0, limit);
  }
}
