// Loads a hand-built tiny BERT-shaped ONNX model next to the real all-MiniLM tokenizer through real onnxruntime.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sharedDir, withTempDir } from '../../../test/corpus';
import { buildTinyBertOnnx, type TinyBertModel } from '../../../test/fixtures-build/tinyBertOnnx';
import { dotProduct, type Embedder } from './embedder';
import { createTransformersEmbedder, findMissingModelFiles } from './transformersEmbedder';

const realModelFolder = join(sharedDir, 'models/Xenova/all-MiniLM-L6-v2');
const DIMENSIONS = 16;

/** Writes a complete model folder named `name` under `parent`; returns its path. */
async function writeModelFolder(parent: string, name: string, model: TinyBertModel): Promise<string> {
  const folder = join(parent, name);
  await mkdir(join(folder, 'onnx'), { recursive: true });
  for (const file of ['tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json', 'vocab.txt']) {
    await copyFile(join(realModelFolder, file), join(folder, file));
  }
  const config = JSON.parse(await readFile(join(realModelFolder, 'config.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(join(folder, 'config.json'), JSON.stringify({ ...config, hidden_size: DIMENSIONS }));
  await writeFile(join(folder, 'onnx/model_quantized.onnx'), model.bytes);
  return folder;
}

function norm(vector: Float32Array): number {
  return Math.sqrt(dotProduct(vector, vector));
}

describe('transformers embedder on a local folder', () => {
  const model = buildTinyBertOnnx({ vocabularySize: 30_522, dimensions: DIMENSIONS });
  let embedder: Embedder;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lantern-embed-'));
    embedder = await createTransformersEmbedder(await writeModelFolder(dir, 'tiny-bert', model));
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
    expect(Array.from(vector!).map((value) => value.toFixed(5))).toEqual(
      Array.from(expected).map((value) => (value / length).toFixed(5)),
    );
  });

  test('embeds an empty text without failing', async () => {
    const [vector] = await embedder.embed(['']);
    expect(vector!.length).toBe(DIMENSIONS);
  });
});

describe('model folder checks', () => {
  test('names the missing files and refuses to load an incomplete folder', async () => {
    await withTempDir(async (dir) => {
      const folder = await writeModelFolder(dir, 'incomplete', buildTinyBertOnnx({ vocabularySize: 8, dimensions: 4 }));
      await writeFile(join(folder, 'onnx/model_quantized.onnx'), '');
      expect(await findMissingModelFiles(folder)).toEqual(['onnx/model_quantized.onnx']);
      await expect(createTransformersEmbedder(folder)).rejects.toThrow(/lacks onnx\/model_quantized\.onnx/);
    });
  });

  test('reports a corrupt model file as a load failure naming the folder', async () => {
    await withTempDir(async (dir) => {
      const folder = await writeModelFolder(dir, 'corrupt', buildTinyBertOnnx({ vocabularySize: 8, dimensions: 4 }));
      await writeFile(join(folder, 'onnx/model_quantized.onnx'), 'not an onnx model');
      await expect(createTransformersEmbedder(folder)).rejects.toThrow(/could not load the ONNX model in .*corrupt/);
    });
  });
});
