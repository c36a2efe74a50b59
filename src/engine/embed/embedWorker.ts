// Worker-thread entry: runs the background embedding stage's model off the engine's thread. The Universal Sentence
// Encoder computes on WASM synchronously, a second or more per batch: on the engine's thread that stalls every search.
import { parentPort, workerData } from 'node:worker_threads';
import { chooseEmbedder, type EmbedderOptions } from './chooseEmbedder';
import type { Embedder } from './embedder';
import type { EmbedWorkerReply, EmbedWorkerTask } from './workerEmbedder';
import { errorMessage } from '../../shared/errorMessage';

if (!parentPort) throw new Error('embedWorker: must run as a worker thread');
const port = parentPort;

const loading: Promise<Embedder> = chooseEmbedder(workerData as EmbedderOptions).then((chosen) => chosen.embedder);
loading.then(
  (embedder) =>
    port.postMessage({
      kind: 'ready',
      id: embedder.id,
      dimensions: embedder.dimensions,
      threads: embedder.threads,
    } satisfies EmbedWorkerReply),
  (error: unknown) => port.postMessage({ kind: 'failed', error: errorMessage(error) } satisfies EmbedWorkerReply),
);

port.on('message', (task: EmbedWorkerTask) => {
  if (task.kind === 'close') {
    void loading
      .then((embedder) => embedder.close())
      .catch(() => undefined)
      .finally(() => port.postMessage({ kind: 'closed' } satisfies EmbedWorkerReply));
    return;
  }
  loading
    .then((embedder) => embedder.embed(task.texts))
    .then(
      (vectors) =>
        port.postMessage(
          { kind: 'vectors', seq: task.seq, vectors } satisfies EmbedWorkerReply,
          vectors.map((vector) => vector.buffer as ArrayBuffer),
        ),
      (error: unknown) => port.postMessage({ kind: 'error', seq: task.seq, error: errorMessage(error) } satisfies EmbedWorkerReply),
    );
});
