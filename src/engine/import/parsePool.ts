// Parses messages on worker threads when a built worker script is available, in order, with bounded work in flight.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { normalizeMessage, type NormalizeContext, type NormalizedMessage } from './normalize';

export interface ParseTask {
  seq: number;
  bytes: ArrayBuffer;
  context: NormalizeContext;
}

export type ParseReply = { seq: number; normalized: NormalizedMessage } | { seq: number; error: string };

/** Parses one message; results of `parse` calls may be awaited in any order. */
export interface Parser {
  parse(bytes: Buffer, context: NormalizeContext): Promise<NormalizedMessage>;
  close(): Promise<void>;
}

/** Parses on the calling thread: used where no worker script is built (tests from source) or for tiny imports. */
export const inlineParser: Parser = {
  parse: (bytes, context) => normalizeMessage(bytes, context),
  close: async () => {},
};

interface Pending {
  resolve: (normalized: NormalizedMessage) => void;
  reject: (error: Error) => void;
}

class WorkerParser implements Parser {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private failure: Error | null = null;

  constructor(script: string, count: number) {
    this.workers = Array.from({ length: count }, () => {
      const worker = new Worker(script);
      worker.on('message', (reply: ParseReply) => this.settle(reply));
      worker.on('error', (error) => this.failAll(error));
      return worker;
    });
  }

  private settle(reply: ParseReply): void {
    const pending = this.pending.get(reply.seq);
    if (!pending) return;
    this.pending.delete(reply.seq);
    if ('error' in reply) pending.reject(new Error(reply.error));
    else pending.resolve(reply.normalized);
  }

  private failAll(error: Error): void {
    this.failure = new Error(`parse worker stopped: ${error.message}`);
    for (const pending of this.pending.values()) pending.reject(this.failure);
    this.pending.clear();
  }

  parse(bytes: Buffer, context: NormalizeContext): Promise<NormalizedMessage> {
    if (this.failure) return inlineParser.parse(bytes, context);
    const seq = this.seq++;
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    const worker = this.workers[seq % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      worker.postMessage({ seq, bytes: copy.buffer, context } satisfies ParseTask, [copy.buffer]);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** Worker threads when `workerScript` exists and there is more than one core; otherwise parsing stays inline. */
export function createParser(workerScript: string | undefined): Parser {
  const cores = availableParallelism();
  if (!workerScript || !existsSync(workerScript) || cores < 2) return inlineParser;
  return new WorkerParser(workerScript, cores);
}
