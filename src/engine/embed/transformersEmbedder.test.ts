// Loads a hand-built tiny BERT-shaped ONNX model next to the real all-MiniLM tokenizer through real onnxruntime.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { withTempDir } from '../../../test/corpus';
import type { TinyBertModel } from '../../../test/fixtures-build/tinyBertOnnx';
import { writeTinyModelFolder } from '../../../test/fixtures-build/tinyModelFolder';
import { dotProduct, type Embedder } from './embedder';
import { createTransformersEmbedder, findMissingModelFiles } from './transformersEmbedder';

const DIMENSIONS = 16;

function norm(vector: Float32Array): number {
  return Math.sqrt(dotProduct(vector, vector));
}

describe('transformers embedder on a local folder', () => {
  let model: TinyBertModel;
  let embedder: Embedder;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lantern-embed-'));
    model = await writeTinyModelFolder(join(dir, 'tiny-bert'), DIMENSIONS);
    embedder = await createTransformersEmbedder(join(dir, 'tiny-bert'));
  });

  afterAll(async () => {
    await embedder?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('reports the model dimensions and an id naming the folder', () => {
    expect(embedder.dimensions).toBe(DIMENSIONS);
    expect(embedder.id).toBe(`transformers:tiny-bert:${model.bytes.length}`);
  });

  test('returns one unit vector per text, in order, across several batches', async () => {
    const texts = Array.from({ length: 37 }, (_, index) => `message number ${index} about antenna ${index % 5}`);
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(37);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector.length).toBe(DIMENSIONS);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
    const [alone] = await embedder.embed([texts[20]!]);
    expect(Array.from(alone!)).toEqual(Array.from(vectors[20]!));
  });

  test('is deterministic: identical texts give identical vectors, different texts differ', async () => {
    const [first, same, other] = await embedder.embed(['the radio overheats', 'the radio overheats', 'invoice for March']);
    const [again] = await embedder.embed(['the radio overheats']);
    expect(Array.from(same!)).toEqual(Array.from(first!));
    expect(Array.from(again!)).toEqual(Array.from(first!));
    expect(dotProduct(first!, other!)).toBeLessThan(0.99);
  });

  test('mean-pools the token states over the attention mask, padding excluded', async () => {
    const { AutoTokenizer } = await import('@huggingface/transformers');
    const tokenizer = await AutoTokenizer.from_pretrained('tiny-bert');
    const text = 'short';
    const ids = (tokenizer.encode(text) as number[]).map(Number);
    const expected = new Float32Array(DIMENSIONS);
    for (const id of ids) {
      for (let column = 0; column < DIMENSIONS; column += 1) {
        expected[column]! += model.wordEmbeddings[id * DIMENSIONS + column]! + model.typeEmbeddings[column]!;
      }
    }
    const length = norm(expected);
    // Batched with a much longer text, so the short one is padded; padding must not move its vector.
    const [vector] = await embedder.embed([text, 'a considerably longer text that forces padding of the first one']);
    expect(Array.from(vector!).map((value) => value.toFixed(5))).toEqual(Array.from(expected).map((value) => (value / length).toFixed(5)));
  });

  test('embeds an empty text without failing', async () => {
    const [vector] = await embedder.embed(['']);
    expect(vector!.length).toBe(DIMENSIONS);
  });
});

describe('model folder checks', () => {
  test('names the missing files and refuses to load an incomplete folder', async () => {
    await withTempDir(async (dir) => {
      const folder = join(dir, 'incomplete');
      await writeTinyModelFolder(folder, 4);
      await writeFile(join(folder, 'onnx/model_quantized.onnx'), '');
      expect(await findMissingModelFiles(folder)).toEqual(['onnx/model_quantized.onnx']);
      await expect(createTransformersEmbedder(folder)).rejects.toThrow(/lacks onnx\/model_quantized\.onnx/);
    });
  });

  test('reports a corrupt model file as a load failure naming the folder', async () => {
    await withTempDir(async (dir) => {
      const folder = join(dir, 'corrupt');
      await writeTinyModelFolder(folder, 4);
      await writeFile(join(folder, 'onnx/model_quantized.onnx'), 'not an onnx model');
      await expect(createTransformersEmbedder(folder)).rejects.toThrow(/could not load the ONNX model in .*corrupt/);
    });
  });
});
