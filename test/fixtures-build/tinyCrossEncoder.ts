// Test helper: a tiny cross-encoder folder (real tokenizer, hand-built ONNX) whose score for a query + passage pair
// is the sum of fixed per-token scores, so a test knows exactly which passages it must put first.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  bytesField,
  intAttribute,
  modelProto,
  node,
  stringField,
  tensor,
  tensorValueInfo,
  TENSOR_FLOAT,
  TENSOR_INT64,
} from './tinyBertOnnx';
import { realModelFolder } from './tinyModelFolder';

const VOCABULARY_SIZE = 30_522;

/** logits[batch, 1] = sum over unpadded tokens of tokenScores[token]. */
function buildScoringOnnx(tokenScores: Float32Array): Buffer {
  const minusOne = Buffer.alloc(8);
  minusOne.writeBigInt64LE(-1n);
  const one = Buffer.alloc(8);
  one.writeBigInt64LE(1n);
  const graph = Buffer.concat([
    bytesField(1, node('Gather', ['token_scores', 'input_ids'], ['scores'])),
    bytesField(1, node('Cast', ['attention_mask'], ['mask_float'], [intAttribute('to', TENSOR_FLOAT)])),
    bytesField(1, node('Unsqueeze', ['mask_float', 'last_axis'], ['mask_expanded'])),
    bytesField(1, node('Mul', ['scores', 'mask_expanded'], ['masked'])),
    bytesField(1, node('ReduceSum', ['masked', 'sequence_axis'], ['logits'], [intAttribute('keepdims', 0)])),
    stringField(2, 'tiny_cross_encoder'),
    bytesField(5, tensor('token_scores', TENSOR_FLOAT, [VOCABULARY_SIZE, 1], Buffer.from(tokenScores.buffer))),
    bytesField(5, tensor('last_axis', TENSOR_INT64, [1], minusOne)),
    bytesField(5, tensor('sequence_axis', TENSOR_INT64, [1], one)),
    bytesField(11, tensorValueInfo('input_ids', TENSOR_INT64, ['batch', 'sequence'])),
    bytesField(11, tensorValueInfo('attention_mask', TENSOR_INT64, ['batch', 'sequence'])),
    bytesField(12, tensorValueInfo('logits', TENSOR_FLOAT, ['batch', 1])),
  ]);
  return modelProto(graph);
}

/** Writes a cross-encoder folder at `folder` that scores each occurrence of the given words (whole vocabulary tokens). */
export async function writeTinyCrossEncoderFolder(folder: string, wordScores: Record<string, number>): Promise<void> {
  const vocabulary = (await readFile(join(realModelFolder, 'vocab.txt'), 'utf8')).split('\n');
  const tokenScores = new Float32Array(VOCABULARY_SIZE);
  for (const [word, score] of Object.entries(wordScores)) {
    const id = vocabulary.indexOf(word);
    if (id < 0) throw new Error(`tiny cross-encoder: "${word}" is not one token of the vocabulary`);
    tokenScores[id] = score;
  }
  await mkdir(join(folder, 'onnx'), { recursive: true });
  for (const file of ['tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json', 'vocab.txt']) {
    await copyFile(join(realModelFolder, file), join(folder, file));
  }
  const config = JSON.parse(await readFile(join(realModelFolder, 'config.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(
    join(folder, 'config.json'),
    JSON.stringify({ ...config, architectures: ['BertForSequenceClassification'], id2label: { 0: 'LABEL_0' }, label2id: { LABEL_0: 0 } }),
  );
  await writeFile(join(folder, 'onnx/model_quantized.onnx'), buildScoringOnnx(tokenScores));
}
