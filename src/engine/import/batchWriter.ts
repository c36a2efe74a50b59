// Stores an import's messages in batches and indexes each batch once the store has it, one batch being written while
// the next is read.
import type { Catalog } from '../index/catalog';
import type { KeywordIndex } from '../index/keywordIndex';
import type { MessageStore } from '../store/messageStore';
import { inTurns } from '../store/turns';
import type { NormalizedMessage } from './normalize';

export interface BatchTarget {
  store: MessageStore;
  catalog: Catalog;
  keywords: KeywordIndex;
  /** Waits until every attachment file of the messages handed in so far is on disk. */
  settleAttachments: () => Promise<void>;
  /** Called once each batch is stored and indexed, when searches can find it. */
  onIndexed?: () => void;
  /** For tests: how long a turn of indexing a batch lasts at most (0 gives the thread up after every message). */
  turnMs?: number;
}

interface Written {
  ids: Set<string>;
  /** Settles once the batch is stored and indexed. */
  stored: Promise<void>;
}

/**
 * Awaiting each batch's write before reading on kept the importing thread waiting for a sixth of an import (LanceDB's
 * conversion of the rows included; bench/measured-reasons.md); now the write of one batch overlaps the reading of the
 * next. A batch is indexed only once the store holds it, so a crash never indexes what was not stored, and a message
 * is stored only once its attachment files are.
 */
export class BatchWriter {
  private batch: NormalizedMessage[] = [];
  /** The text and HTML characters of the batch's messages. */
  private batchChars = 0;
  private readonly batchById = new Map<string, NormalizedMessage>();
  private written: Written | null = null;

  constructor(private readonly target: BatchTarget) {}

  get size(): number {
    return this.batch.length;
  }

  get chars(): number {
    return this.batchChars;
  }

  /** The copy of a message that is waiting to be written, or null when it is stored, being written or unknown. */
  unwritten(id: string): NormalizedMessage | null {
    return this.batchById.get(id) ?? null;
  }

  /** Whether a message is in the batch being written, which may not be in the catalog yet. */
  isBeingWritten(id: string): boolean {
    return this.written?.ids.has(id) ?? false;
  }

  add(message: NormalizedMessage): void {
    this.batch.push(message);
    this.batchChars += message.record.text.length + message.record.html.length;
    this.batchById.set(message.record.id, message);
  }

  /** Starts writing the batch once the previous one is stored and indexed. */
  async flush(): Promise<void> {
    await this.target.settleAttachments();
    await this.settle();
    if (this.batch.length === 0) return;
    const batch = this.batch;
    // Indexed as soon as the store has it, so searches find it while the next batch is read.
    const stored = this.target.store.add(batch.map((message) => message.record)).then(() => this.index(batch));
    // Seen by settle(); until then a failed write must not count as an unhandled rejection.
    stored.catch(() => undefined);
    this.written = { ids: new Set(this.batchById.keys()), stored };
    this.batch = [];
    this.batchChars = 0;
    this.batchById.clear();
  }

  /** Waits until the batch being written is stored and indexed; a failed write is thrown here. */
  async settle(): Promise<void> {
    const written = this.written;
    if (!written) return;
    this.written = null;
    await written.stored;
  }

  /**
   * In turns of a few milliseconds: a batch of list mail took a third of a second of the engine's thread, which every
   * search and keystroke waiting meanwhile waited out. A message is in the catalog and the keyword index together,
   * so a search between turns finds the batch's first messages whole and none of the rest.
   */
  private async index(batch: readonly NormalizedMessage[]): Promise<void> {
    await inTurns(
      batch,
      (message) => {
        const ordinal = this.target.catalog.add(message.record, message.bodyHash);
        this.target.keywords.add(ordinal, message.keywords);
      },
      this.target.turnMs,
    );
    this.target.onIndexed?.();
  }

  /** Writes and indexes everything handed in. */
  async finish(): Promise<void> {
    await this.flush();
    await this.settle();
  }
}
