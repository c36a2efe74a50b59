// An Embedder whose model runs on a worker thread (the built embedWorker script): the engine's thread stays free to
// answer searches while the background stage embeds a whole archive.
import { existsSync } from 'node:fs';
import type { EmbedderOptions } from './chooseEmbedder';
import type { Embedder } from './embedder';

export type EmbedWorkerTask = { kind: 'embed'; seq: number; texts: string[] } | { kind: 'close' };

export type EmbedWorkerReply =
  | { kind: 'ready'; id: string; dimensions: number; threads?: number }
  | { kind: 'failed'; error: string }
  | { kind: 'vectors'; seq: number; vectors: Float32Array[] }
  | { kind: 'error'; seq: number; error: string }
  | { kind: 'closed' };

interface Pending {
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

/** How long a closing worker may take to free its model before it is stopped. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Starts the worker and waits until its model is loaded. It picks its model with the same options, and so the same
 * rule, as the engine; `expectedId` guards that both agree, since vectors of two models must never be mixed.
 */
export async function createWorkerEmbedder(script: string, options: EmbedderOptions, expectedId: string): Promise<Embedder> {
  if (!existsSync(script)) throw new Error(`embed: the embedding worker ${script} is missing; rebuild the app`);
  // Loaded when a worker starts: a command that never embeds (a whole `lantern search`) need not load it (issue 25).
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(script, {
    workerData: {
      modelFolder: options.modelFolder,
      resourcesDir: options.resourcesDir,
      threads: options.threads,
    } satisfies EmbedderOptions,
  });
  const pending = new Map<number, Pending>();
  let nextSeq = 0;
  let failure: Error | null = null;
  let onClosed: (() => void) | null = null;

  // The first reason stands: a worker that exits after being closed was closed, not lost.
  const failAll = (error: Error): void => {
    failure ??= error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };

  const ready = new Promise<{ id: string; dimensions: number; threads?: number }>((resolve, reject) => {
    worker.on('message', (reply: EmbedWorkerReply) => {
      switch (reply.kind) {
        case 'ready':
          resolve(reply);
          return;
        case 'failed':
          reject(new Error(reply.error));
          return;
        case 'vectors':
          pending.get(reply.seq)?.resolve(reply.vectors);
          pending.delete(reply.seq);
          return;
        case 'error':
          pending.get(reply.seq)?.reject(new Error(reply.error));
          pending.delete(reply.seq);
          return;
        case 'closed':
          onClosed?.();
          return;
      }
    });
    worker.on('error', (error) => {
      reject(error);
      failAll(new Error(`embed: the embedding worker stopped: ${error.message}`));
    });
    worker.on('exit', (code) => {
      reject(new Error(`embed: the embedding worker exited (code ${code}) before its model loaded`));
      failAll(new Error(`embed: the embedding worker exited (code ${code})`));
    });
  });

  let loaded: { id: string; dimensions: number; threads?: number };
  try {
    loaded = await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  if (loaded.id !== expectedId) {
    await worker.terminate();
    throw new Error(`embed: the embedding worker loaded ${loaded.id}, but the store's vectors come from ${expectedId}`);
  }

  return {
    id: loaded.id,
    dimensions: loaded.dimensions,
    threads: loaded.threads,
    embed(texts) {
      if (failure) return Promise.reject(failure);
      const seq = nextSeq++;
      return new Promise<Float32Array[]>((resolve, reject) => {
        pending.set(seq, { resolve, reject });
        worker.postMessage({ kind: 'embed', seq, texts } satisfies EmbedWorkerTask);
      });
    },
    async close() {
      if (failure) return;
      // A batch under way would answer the close only once it ends: the thread is stopped at once instead, which frees
      // its model as well. An idle worker frees its model itself first.
      const isBusy = pending.size > 0;
      failAll(new Error('embed: the embedding worker was closed'));
      if (!isBusy) {
        const closed = new Promise<void>((resolve) => (onClosed = resolve));
        worker.postMessage({ kind: 'close' } satisfies EmbedWorkerTask);
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
      }
      await worker.terminate();
    },
  };
}
