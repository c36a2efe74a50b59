// An embedder over a local sentence-transformers ONNX folder (Xenova layout) with @huggingface/transformers on
// onnxruntime-node: mean pooling, L2-normalised. Never touches the Hugging Face hub.
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { embedInLengthOrder, type Embedder } from './embedder';
import { inferenceSessionOptions, inferenceThreads } from './inferenceThreads';
import { localTransformers } from './localTransformers';
import { meanPool, type TensorData } from './meanPool';
import { errorMessage } from '../../shared/errorMessage';

/** The files a folder must hold, relative to it; the quantized model is what Xenova's exports ship for CPUs. */
export const MODEL_FOLDER_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx'];
/** Batches are grouped by length (see embedInLengthOrder), so padding wastes little at this size. */
const BATCH_SIZE = 16;

type Tokenizer = ((
  texts: string[],
  options: { padding: boolean; truncation: boolean; max_length: number },
) => Record<string, TensorData>) & {
  model_max_length: number;
};
type Encoder = ((inputs: Record<string, TensorData>) => Promise<{ last_hidden_state?: TensorData }>) & { dispose(): Promise<void> };

export interface TransformersEmbedderOptions {
  /** onnxruntime's threads for the model; the cores less one when absent. */
  threads?: number;
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
export async function createTransformersEmbedder(folder: string, options: TransformersEmbedderOptions = {}): Promise<Embedder> {
  const missing = await findMissingModelFiles(folder);
  if (missing.length > 0) {
    throw new Error(`embed: the model folder ${folder} lacks ${missing.join(', ')}; copy a complete Xenova-style export there`);
  }
  const modelBytes = (await stat(join(folder, 'onnx/model_quantized.onnx'))).size;

  const { transformers, modelName } = await localTransformers(folder);
  const threads = options.threads ?? inferenceThreads();
  let tokenizer: Tokenizer;
  let encoder: Encoder;
  try {
    tokenizer = (await transformers.AutoTokenizer.from_pretrained(modelName, { local_files_only: true })) as unknown as Tokenizer;
    encoder = (await transformers.AutoModel.from_pretrained(modelName, {
      local_files_only: true,
      dtype: 'q8',
      device: 'cpu',
      session_options: inferenceSessionOptions(threads),
    })) as unknown as Encoder;
  } catch (error) {
    throw new Error(
      `embed: could not load the ONNX model in ${folder} ` +
        `(${errorMessage(error)}); check the folder or remove it to use the built-in encoder`,
      { cause: error },
    );
  }
  const maxTokens = await maxSequenceLength(folder, tokenizer.model_max_length);

  async function embedBatch(texts: string[]): Promise<Float32Array[]> {
    const inputs = tokenizer(texts, { padding: true, truncation: true, max_length: maxTokens });
    const states = (await encoder(inputs)).last_hidden_state;
    if (!states || states.dims[0] !== texts.length || states.dims.length !== 3) {
      throw new Error(`embed: the model in ${folder} returned no token states of shape [${texts.length}, tokens, width]`);
    }
    return meanPool(states, inputs.attention_mask!);
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
    threads,
    embed,
    async close() {
      await queue;
      if (isClosed) return;
      isClosed = true;
      await encoder.dispose();
    },
  };
}

/**
 * Tokens per passage: a sentence-transformers model's own max_seq_length (sentence_bert_config.json; all-MiniLM-L6-v2
 * was trained on 256 and its card says longer text is cut there), else the tokenizer's limit.
 */
async function maxSequenceLength(folder: string, tokenizerLimit: number): Promise<number> {
  const text = await readFile(join(folder, 'sentence_bert_config.json'), 'utf8').catch(() => null);
  let configured: unknown;
  try {
    configured = text === null ? undefined : (JSON.parse(text) as { max_seq_length?: unknown }).max_seq_length;
  } catch (error) {
    console.warn(`embed: ignored ${join(folder, 'sentence_bert_config.json')}: ${errorMessage(error)}`);
  }
  const limit = Number.isFinite(tokenizerLimit) && tokenizerLimit > 0 ? tokenizerLimit : 512;
  return typeof configured === 'number' && configured > 0 ? Math.min(configured, limit) : limit;
}
