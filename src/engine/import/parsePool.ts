// Parses messages on worker threads when a built worker script is available, in order, with bounded work in flight.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { NormalizeContext, NormalizedMessage } from './normalize';
import { MessageFileError, readMessageFile } from './messageFile';

/** A message's bytes, or the path of a file holding one message, which the worker reads itself; sent several to a message (ParseTask[]). */
export type ParseTask = { seq: number; context: NormalizeContext } & ({ bytes: ArrayBuffer } | { path: string });

/** What a worker sends back, several to a message (ParseReply[]). */
export type ParseReply =
  | { seq: number; normalized: NormalizedMessage }
  /** `isFileError`: the message's file could not be read (a MessageFileError), it was not parsed. */
  | { seq: number; error: string; isFileError?: boolean }
  /** Progress, not an answer: the message started or finished reading attachment text. */
  | { seq: number; isReadingAttachments: boolean };

/** Parses one message; results of `parse` calls may be awaited in any order. */
export interface Parser {
  parse(bytes: Buffer, context: NormalizeContext): Promise<NormalizedMessage>;
  /** Reads the file, which holds one message, where it parses it; a file it cannot read rejects with a MessageFileError. */
  parseFile(path: string, context: NormalizeContext): Promise<NormalizedMessage>;
  /** The worker threads parsing now; 0 when parsing runs on the calling thread. */
  workerCount(): number;
  close(): Promise<void>;
}

/**
 * The MIME parser and what it loads (mailparser, its charsets, html-to-text) come with the first message parsed on the
 * calling thread: with parse workers the importing thread never parses, and loading them was a fixed part of every
 * import's start there.
 */
async function normalizeHere(bytes: Buffer, context: NormalizeContext): Promise<NormalizedMessage> {
  const { normalizeMessage } = await import('./normalize');
  return normalizeMessage(bytes, context);
}

/** Parses on the calling thread: used where no worker script is built (tests from source) or for tiny imports. */
export const inlineParser: Parser = {
  parse: (bytes, context) => normalizeHere(bytes, context),
  parseFile: async (path, context) => normalizeHere(readMessageFile(path), context),
  workerCount: () => 0,
  close: async () => {},
};

interface Pending {
  resolve: (normalized: NormalizedMessage) => void;
  reject: (error: Error) => void;
  /** Kept so the message can be sent again to the worker that replaces a stuck one: its bytes or its file's path. */
  source: Buffer | string;
  context: NormalizeContext;
  slot: number;
  /** When its current turn at reading attachment text started; null while it is not reading. */
  readingSince: number | null;
}

/**
 * A message that has been reading attachment text this long is stuck: a reader that never yields the thread (which no
 * time limit inside the worker can interrupt) or never ends. Its worker is replaced. Well above the 60 s a message's
 * attachments may take together, plus one file's 10 s past that.
 */
const STUCK_AFTER_MS = 120_000;

export interface ParserOptions {
  stuckAfterMs?: number;
}

/**
 * How often the pool looks whether the importing thread waits on parsing (see `addWorkerIfWaited`), the share of that
 * time its event loop must have been idle, with messages still unparsed, and how many looks in a row, for another
 * worker to start. Idle a quarter of the time, it leaves too little of a core for a second worker to gain from; short
 * mail on a machine busy with other work leaves it idle half the time now and then.
 */
const WAIT_LOOK_MS = 1_000;
const IDLE_SHARE_FOR_ANOTHER_WORKER = 0.75;
const IDLE_LOOKS_FOR_ANOTHER_WORKER = 2;
/**
 * Tasks go to a worker several at a time, as its answers come back (see parseWorker.ts): a message between threads has
 * a fixed cost on both, and an import hands the pool messages one by one, faster than they are parsed. Those handed
 * in during one turn of the event loop leave together, at most this many to a message.
 */
const MAX_TASKS_PER_MESSAGE = 64;
/** Unparsed messages that make a backlog: the importer sends hundreds ahead when parsing is what it waits for. */
const BACKLOG = 64;

class WorkerParser implements Parser {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, Pending>();
  private readonly watchdog: NodeJS.Timeout;
  private seq = 0;
  /** Tasks not sent yet, by worker slot (see MAX_TASKS_PER_MESSAGE), with the buffers they hand over. */
  private queued: { tasks: ParseTask[]; transfers: ArrayBuffer[] }[] = [];
  private isSendQueued = false;
  private failure: Error | null = null;
  /** The importing thread's event-loop use when the pool last looked, and when; from the first answer (not the workers' start). */
  private lastUse: EventLoopUtilization | null = null;
  private lastLook = 0;
  /** Looks in a row that found the importing thread waiting on parsing. */
  private idleLooks = 0;

  constructor(
    private readonly script: string,
    count: number,
    private readonly maxCount: number,
    private readonly stuckAfterMs: number,
  ) {
    this.workers = Array.from({ length: count }, () => this.startWorker());
    this.watchdog = setInterval(() => this.replaceStuckWorkers(), Math.max(100, Math.min(5_000, stuckAfterMs / 4)));
    this.watchdog.unref();
  }

  private startWorker(): Worker {
    const worker = new Worker(this.script);
    worker.on('message', (replies: ParseReply[]) => {
      for (const reply of replies) this.settle(reply);
      this.addWorkerIfWaited();
    });
    worker.on('error', (error) => this.failAll(error));
    return worker;
  }

  private settle(reply: ParseReply): void {
    const pending = this.pending.get(reply.seq);
    if (!pending) return;
    if ('isReadingAttachments' in reply) {
      pending.readingSince = reply.isReadingAttachments ? performance.now() : null;
      return;
    }
    this.pending.delete(reply.seq);
    if ('error' in reply) pending.reject(reply.isFileError ? new MessageFileError(reply.error) : new Error(reply.error));
    else pending.resolve(reply.normalized);
  }

  /**
   * Starts another worker, up to one a core, when the importing thread spent most of the last seconds idle while
   * messages waited to be parsed: parsing (attachment text above all) is then what the import waits for. Short mail
   * keeps that thread busy, and a worker it does not need costs CPU of its own (its start, its compiling the parser,
   * its collections) that the two cores of a small machine share with everything else.
   */
  private addWorkerIfWaited(): void {
    if (this.workers.length >= this.maxCount) return;
    const now = performance.now();
    if (this.lastUse !== null && now - this.lastLook < WAIT_LOOK_MS) return;
    const use = performance.eventLoopUtilization();
    const last = this.lastUse;
    this.lastUse = use;
    this.lastLook = now;
    if (last === null) return;
    const isWaiting =
      this.pending.size >= BACKLOG && 1 - performance.eventLoopUtilization(use, last).utilization >= IDLE_SHARE_FOR_ANOTHER_WORKER;
    this.idleLooks = isWaiting ? this.idleLooks + 1 : 0;
    if (this.idleLooks < IDLE_LOOKS_FOR_ANOTHER_WORKER) return;
    this.idleLooks = 0;
    this.workers.push(this.startWorker());
  }

  private failAll(error: Error): void {
    this.failure = new Error(`parse worker stopped: ${error.message}`);
    for (const pending of this.pending.values()) pending.reject(this.failure);
    this.pending.clear();
  }

  private send(seq: number, pending: Pending): void {
    pending.readingSince = null;
    const slot = pending.slot;
    const queued = (this.queued[slot] ??= { tasks: [], transfers: [] });
    if (typeof pending.source === 'string') queued.tasks.push({ seq, path: pending.source, context: pending.context });
    else {
      const copy = new Uint8Array(pending.source.length);
      copy.set(pending.source);
      queued.tasks.push({ seq, bytes: copy.buffer, context: pending.context });
      queued.transfers.push(copy.buffer);
    }
    if (queued.tasks.length >= MAX_TASKS_PER_MESSAGE) this.sendQueued();
    else if (!this.isSendQueued) {
      this.isSendQueued = true;
      setImmediate(() => this.sendQueued());
    }
  }

  /** Sends each worker the tasks queued for it, as one message. */
  private sendQueued(): void {
    this.isSendQueued = false;
    this.queued.forEach((queued, slot) => {
      if (queued.tasks.length === 0) return;
      this.workers[slot]!.postMessage(queued.tasks, queued.transfers);
      this.queued[slot] = { tasks: [], transfers: [] };
    });
  }

  /**
   * Replaces the worker of each message stuck reading attachments and sends that worker's messages to the new one: the
   * stuck message without reading attachment text (it is then listed with the reason), the others as they were.
   */
  private replaceStuckWorkers(): void {
    const now = performance.now();
    for (const pending of this.pending.values()) {
      if (pending.readingSince === null || now - pending.readingSince < this.stuckAfterMs) continue;
      const stuck = this.workers[pending.slot]!;
      stuck.removeAllListeners('message');
      stuck.removeAllListeners('error');
      void stuck.terminate();
      this.workers[pending.slot] = this.startWorker();
      pending.context = { ...pending.context, readAttachmentText: false };
      // Its tasks not sent yet are sent again below with the rest.
      this.queued[pending.slot] = { tasks: [], transfers: [] };
      for (const [seq, other] of this.pending) if (other.slot === pending.slot) this.send(seq, other);
    }
  }

  parse(bytes: Buffer, context: NormalizeContext): Promise<NormalizedMessage> {
    if (this.failure) return inlineParser.parse(bytes, context);
    return this.sendNew(bytes, context);
  }

  parseFile(path: string, context: NormalizeContext): Promise<NormalizedMessage> {
    if (this.failure) return inlineParser.parseFile(path, context);
    return this.sendNew(path, context);
  }

  private sendNew(source: Buffer | string, context: NormalizeContext): Promise<NormalizedMessage> {
    const seq = this.seq++;
    return new Promise((resolve, reject) => {
      const pending: Pending = { resolve, reject, source, context, slot: seq % this.workers.length, readingSince: null };
      this.pending.set(seq, pending);
      this.send(seq, pending);
    });
  }

  workerCount(): number {
    return this.workers.length;
  }

  async close(): Promise<void> {
    clearInterval(this.watchdog);
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/**
 * Worker threads when `workerScript` exists and there is more than one core; otherwise parsing stays inline. One core
 * is left to the importing thread (catalog, keyword index, store), which on short mail has as much to do as the
 * parsing; a worker more is started when parsing is what the import waits for (see addWorkerIfWaited).
 */
export function createParser(workerScript: string | undefined, options: ParserOptions = {}): Parser {
  const cores = availableParallelism();
  if (!workerScript || !existsSync(workerScript) || cores < 2) return inlineParser;
  return new WorkerParser(workerScript, cores - 1, cores, options.stuckAfterMs ?? STUCK_AFTER_MS);
}
