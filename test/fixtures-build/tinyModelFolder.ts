// Test helper: a complete Xenova-layout model folder around the hand-built tiny ONNX model and the real tokenizer.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sharedDir } from '../corpus';
import { buildTinyBertOnnx, type TinyBertModel } from './tinyBertOnnx';

/** all-MiniLM-L6-v2's config and tokenizer files, without weights. */
export const realModelFolder = join(sharedDir, 'models/Xenova/all-MiniLM-L6-v2');
/** The real tokenizer's vocabulary size: every id it produces must index the embedding table. */
const VOCABULARY_SIZE = 30_522;

/** Writes the folder at `folder` and returns the model, whose weights let tests compute expected vectors. */
export async function writeTinyModelFolder(folder: string, dimensions: number): Promise<TinyBertModel> {
  const model = buildTinyBertOnnx({ vocabularySize: VOCABULARY_SIZE, dimensions });
  await mkdir(join(folder, 'onnx'), { recursive: true });
  for (const file of ['tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json', 'vocab.txt']) {
    await copyFile(join(realModelFolder, file), join(folder, file));
  }
  const config = JSON.parse(await readFile(join(realModelFolder, 'config.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(join(folder, 'config.json'), JSON.stringify({ ...config, hidden_size: dimensions }));
  await writeFile(join(folder, 'onnx/model_quantized.onnx'), model.bytes);
  return model;
}
