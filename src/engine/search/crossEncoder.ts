// A cross-encoder reranker from a local ONNX folder (Xenova layout, e.g. ms-marco-MiniLM-L-6-v2): it reads the query
// and each candidate passage together and scores how well the passage answers it. Never downloads anything.
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { findMissingModelFiles } from '../embed/transformersEmbedder';
import { inferenceSessionOptions } from '../embed/inferenceThreads';
import { localTransformers } from '../embed/localTransformers';
import { errorMessage } from '../../shared/errorMessage';

/** Pairs per forward pass: large enough to batch, small enough to keep padding and memory low on two cores. */
const BATCH_SIZE = 8;
/** Cross-encoders are trained on query + passage pairs of at most 512 tokens. */
const MAX_TOKENS = 512;

export interface CrossEncoder {
  /** Names the folder and weights, for the result's mode note. */
  readonly name: string;
  /** Relevance of each passage to the query, higher is better, in the passages' order. */
  score(query: string, passages: string[]): Promise<number[]>;
  close(): Promise<void>;
}

interface Logits {
  dims: number[];
  data: ArrayLike<number>;
}

type Tokenizer = (
  text: string[],
  options: { text_pair: string[]; padding: boolean; truncation: boolean; max_length: number },
) => Record<string, unknown>;
type Classifier = ((inputs: Record<string, unknown>) => Promise<{ logits: Logits }>) & { dispose(): Promise<void> };

/** One score per row: the logit of a one-label model, or positive minus negative of a two-label one. */
function relevance(logits: Logits, rows: number): number[] {
  const labels = logits.dims.at(-1) ?? 1;
  if (logits.dims[0] !== rows)
    throw new Error(`rerank: the cross-encoder returned logits of shape [${logits.dims.join(', ')}] for ${rows} pairs`);
  return Array.from({ length: rows }, (_, row) =>
    labels === 1 ? Number(logits.data[row]) : Number(logits.data[row * labels + labels - 1]) - Number(logits.data[row * labels]),
  );
}

export async function loadCrossEncoder(folder: string): Promise<CrossEncoder> {
  const missing = await findMissingModelFiles(folder);
  if (missing.length > 0)
    throw new Error(
      `rerank: the reranker folder ${folder} lacks ${missing.join(', ')}; copy a complete Xenova-style cross-encoder export there`,
    );
  const modelBytes = (await stat(join(folder, 'onnx/model_quantized.onnx'))).size;
  const { transformers, modelName } = await localTransformers(folder);
  let tokenizer: Tokenizer;
  let classifier: Classifier;
  try {
    tokenizer = (await transformers.AutoTokenizer.from_pretrained(modelName, { local_files_only: true })) as unknown as Tokenizer;
    classifier = (await transformers.AutoModelForSequenceClassification.from_pretrained(modelName, {
      local_files_only: true,
      dtype: 'q8',
      device: 'cpu',
      session_options: inferenceSessionOptions(),
    })) as unknown as Classifier;
  } catch (error) {
    throw new Error(`rerank: could not load the cross-encoder in ${folder} (${errorMessage(error)}); check the folder or remove it`, {
      cause: error,
    });
  }
  // One batch at a time: a session already uses every core but one.
  let queue: Promise<unknown> = Promise.resolve();

  async function scoreNow(query: string, passages: string[]): Promise<number[]> {
    const scores: number[] = [];
    for (let start = 0; start < passages.length; start += BATCH_SIZE) {
      const batch = passages.slice(start, start + BATCH_SIZE);
      const inputs = tokenizer(
        batch.map(() => query),
        { text_pair: batch, padding: true, truncation: true, max_length: MAX_TOKENS },
      );
      scores.push(...relevance((await classifier(inputs)).logits, batch.length));
    }
    return scores;
  }

  return {
    name: `${basename(folder)} (${Math.round(modelBytes / 1e6)} MB)`,
    score(query, passages) {
      const result = queue.then(() => scoreNow(query, passages));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      await queue;
      await classifier.dispose();
    },
  };
}
