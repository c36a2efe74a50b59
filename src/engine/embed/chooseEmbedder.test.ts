// Chooses between a local ONNX folder and the built-in encoder, using real model files in temp folders.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { withTempDir } from '../../../test/corpus';
import { writeTinyModelFolder } from '../../../test/fixtures-build/tinyModelFolder';
import { chooseEmbedder } from './chooseEmbedder';
import { UNIVERSAL_SENTENCE_ENCODER_ID } from './universalSentenceEncoder';

describe('chooseEmbedder', () => {
  test('uses the Universal Sentence Encoder when no model folder exists', async () => {
    await withTempDir(async (dir) => {
      const { embedder, notes } = await chooseEmbedder({ resourcesDir: dir });
      try {
        expect(embedder.id).toBe(UNIVERSAL_SENTENCE_ENCODER_ID);
        expect(embedder.dimensions).toBe(512);
        expect(notes).toEqual([]);
      } finally {
        await embedder.close();
      }
    });
  });

  test('prefers a bundled model folder under resources/models', async () => {
    await withTempDir(async (dir) => {
      await writeTinyModelFolder(join(dir, 'models', 'tiny'), 8);
      const { embedder } = await chooseEmbedder({ resourcesDir: dir });
      try {
        expect(embedder.id).toMatch(/^transformers:tiny:\d+$/);
        expect(embedder.dimensions).toBe(8);
      } finally {
        await embedder.close();
      }
    });
  });

  test('passes over the reranker folder, which holds a cross-encoder', async () => {
    await withTempDir(async (dir) => {
      // Sorted first and complete: only its name keeps it from being loaded as the embedder.
      await writeTinyModelFolder(join(dir, 'models', 'reranker'), 4);
      await writeTinyModelFolder(join(dir, 'models', 'tiny'), 8);
      const { embedder, notes } = await chooseEmbedder({ resourcesDir: dir });
      try {
        expect(embedder.id).toMatch(/^transformers:tiny:\d+$/);
        expect(notes).toEqual([]);
      } finally {
        await embedder.close();
      }
    });
  });

  test('a configured folder wins over a bundled one', async () => {
    await withTempDir(async (dir) => {
      await writeTinyModelFolder(join(dir, 'resources', 'models', 'bundled'), 8);
      await writeTinyModelFolder(join(dir, 'chosen'), 12);
      const { embedder } = await chooseEmbedder({ modelFolder: join(dir, 'chosen'), resourcesDir: join(dir, 'resources') });
      try {
        expect(embedder.id).toMatch(/^transformers:chosen:/);
        expect(embedder.dimensions).toBe(12);
      } finally {
        await embedder.close();
      }
    });
  });

  test('passes over incomplete and broken folders with a note, then falls back', async () => {
    await withTempDir(async (dir) => {
      await mkdir(join(dir, 'models', 'a-incomplete'), { recursive: true });
      await writeTinyModelFolder(join(dir, 'models', 'b-broken'), 8);
      await writeFile(join(dir, 'models', 'b-broken', 'onnx/model_quantized.onnx'), 'garbage');
      const { embedder, notes } = await chooseEmbedder({ resourcesDir: dir });
      try {
        expect(embedder.id).toBe(UNIVERSAL_SENTENCE_ENCODER_ID);
        expect(notes).toHaveLength(2);
        expect(notes[0]).toMatch(/a-incomplete: it lacks config\.json, tokenizer\.json/);
        expect(notes[1]).toMatch(/could not load the ONNX model in .*b-broken/);
      } finally {
        await embedder.close();
      }
    });
  });
});
