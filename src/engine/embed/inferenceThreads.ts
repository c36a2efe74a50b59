// How onnxruntime runs the local models: on every core but one, which stays free for searches and the window.
import { availableParallelism } from 'node:os';

/** Threads for one model's session: the cores less one, at least one (a two-core machine runs the model on one). */
export function inferenceThreads(cores = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/**
 * onnxruntime-node's session options for a model on `threads` threads. One operator runs at a time (inter-op 1): a
 * BERT graph is a chain, and a second pool would only compete with the first for the same cores.
 */
export function inferenceSessionOptions(threads = inferenceThreads()): { intraOpNumThreads: number; interOpNumThreads: number } {
  return { intraOpNumThreads: threads, interOpNumThreads: 1 };
}
