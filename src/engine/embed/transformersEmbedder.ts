// An embedder over a local sentence-transformers ONNX folder (Xenova layout) with @huggingface/transformers on
// onnxruntime-node: mean pooling, L2-normalised. Never touches the Hugging Face hub.
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { embedInLengthOrder, normalizeL2, type Embedder } from './embedder';
import { localTransformers } from './localTransformers';
import { errorMessage } from '../../shared/errorMessage';

/** The files a folder must hold, relative to it; the quantized model is what Xenova's exports ship for CPUs. */
export const MODEL_FOLDER_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx'];
/** Batches are grouped by length (see embedInLengthOrder), so padding wastes little at this size. */
const BATCH_SIZE = 16;

interface Extractor {
  (texts: string[], options: { pooling: 'mean'; normalize: boolean }): Promise<{ dims: number[]; data: ArrayLike<number> }>;
  dispose(): Promise<void>;
}

/** Names the missing or empty files of a model folder; an empty list means the folder is usable. */
export async function findMissingModelFiles(folder: string): Promise<string[]> {
  const missing: string[] = [];
  for (const file of MODEL_FOLDER_FILES) {
    const info = await stat(join(folder, file)).catch(() => undefined);
    if (!info?.isFile() || info.size === 0) missing.push(file);
  }
  return missing;
}

/**
 * Loads the model in `folder` (absolute path). The id carries the folder name and the model file's size, so swapping
 * the weights under the same name still changes the id and makes the store re-embed.
 */
export async function createTransformersEmbedder(folder: string): Promise<Embedder> {
  const missing = await findMissingModelFiles(folder);
  if (missing.length > 0) {
    throw new Error(`embed: the model folder ${folder} lacks ${missing.join(', ')}; copy a complete Xenova-style export there`);
  }
  const modelBytes = (await stat(join(folder, 'onnx/model_quantized.onnx'))).size;

  const { transformers, modelName } = await localTransformers(folder);
  let extractor: Extractor;
  try {
    extractor = (await transformers.pipeline('feature-extraction', modelName, {
      local_files_only: true,
      dtype: 'q8',
      device: 'cpu',
    })) as unknown as Extractor;
  } catch (error) {
    throw new Error(
      `embed: could not load the ONNX model in ${folder} ` +
        `(${errorMessage(error)}); check the folder or remove it to use the built-in encoder`,
      { cause: error },
    );
  }

  async function embedBatch(texts: string[]): Promise<Float32Array[]> {
    const output = await extractor(texts, { pooling: 'mean', normalize: false });
    const [rows, width] = output.dims;
    if (rows !== texts.length || width === undefined) {
      throw new Error(`embed: the model in ${folder} returned shape [${output.dims.join(', ')}] for ${texts.length} texts`);
    }
    const data = Float32Array.from(output.data);
    // Copies, so callers never hold views that pin the whole batch's buffer.
    return Array.from({ length: rows }, (_, row) => normalizeL2(data.slice(row * width, (row + 1) * width)));
  }

  // One call at a time: a session runs one batch on all cores, and interleaving would only add contention.
  let queue: Promise<unknown> = Promise.resolve();
  let isClosed = false;

  async function embedNow(texts: string[]): Promise<Float32Array[]> {
    if (isClosed) throw new Error(`embed: the model from ${folder} was closed; create a new embedder`);
    // The tokenizer gives an empty text only special tokens; that is a valid, if meaningless, input.
    return embedInLengthOrder(texts, BATCH_SIZE, embedBatch);
  }

  function embed(texts: string[]): Promise<Float32Array[]> {
    const result = queue.then(() => embedNow(texts));
    queue = result.catch(() => undefined);
    return result;
  }

  const dimensions = (await embed(['dimension probe']))[0]?.length ?? 0;
  if (dimensions === 0) throw new Error(`embed: the model in ${folder} produced empty vectors; it is not a sentence encoder`);

  return {
    id: `transformers:${basename(folder)}:${modelBytes}`,
    dimensions,
    embed,
    async close() {
      await queue;
      if (isClosed) return;
      isClosed = true;
      await extractor.dispose();
    },
  };
}
