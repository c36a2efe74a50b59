// The cross-encoder path on a real tokenizer and onnxruntime with a hand-built model whose scores are known exactly,
// and the feature reranker taking over, with the reason, when the reranker folder is incomplete or broken.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { withTempDir } from '../../../test/corpus';
import { writeTinyCrossEncoderFolder } from '../../../test/fixtures-build/tinyCrossEncoder';
import { loadCrossEncoder } from './crossEncoder';
import { Reranker } from './reranker';
import type { RerankCandidate } from './rerankFeatures';

function candidate(ordinal: number, passage: string): RerankCandidate {
  return { ordinal, keywordRank: ordinal, similarity: 0.5, date: ordinal, subject: passage, text: passage, passage };
}

describe('cross-encoder', () => {
  test('scores each query + passage pair by the model, in order, across batches', async () => {
    await withTempDir(async (dir) => {
      const folder = join(dir, 'reranker');
      await writeTinyCrossEncoderFolder(folder, { gps: 1, laptop: 0.5 });
      const encoder = await loadCrossEncoder(folder);
      try {
        expect(encoder.name).toMatch(/^reranker \(\d+ MB\)$/);
        const passages = [
          'the GPS does not lock',
          'nothing relevant',
          'gps gps and a laptop',
          ...Array.from({ length: 9 }, (_, index) => `filler ${index}`),
          'laptop',
        ];
        // The query holds one "gps": every pair starts at 1.
        const scores = await encoder.score('gps trouble', passages);
        expect(scores.map((score) => Number(score.toFixed(4)))).toEqual([2, 1, 3.5, ...Array(9).fill(1), 1.5]);
      } finally {
        await encoder.close();
      }
    });
  });

  test('the reranker uses the cross-encoder when its folder is complete and names it', async () => {
    await withTempDir(async (dir) => {
      const folder = join(dir, 'reranker');
      await writeTinyCrossEncoderFolder(folder, { gps: 1 });
      const reranker = new Reranker(folder);
      try {
        const outcome = await reranker.rerank('lock', [candidate(0, 'no lock'), candidate(1, 'gps lock')], new Map([['lock', 1]]));
        expect(outcome.scores).toEqual([0, 1]);
        expect(outcome.note).toMatch(/^rerank: cross-encoder reranker \(\d+ MB\) reordered the top 2 hybrid candidates$/);
      } finally {
        await reranker.close();
      }
    });
  });

  test('an incomplete folder gives the feature reranker and says what the folder lacks', async () => {
    await withTempDir(async (dir) => {
      const folder = join(dir, 'reranker');
      await writeTinyCrossEncoderFolder(folder, { gps: 1 });
      await writeFile(join(folder, 'onnx/model_quantized.onnx'), '');
      await expect(loadCrossEncoder(folder)).rejects.toThrow(/reranker folder .* lacks onnx\/model_quantized\.onnx/);
      const reranker = new Reranker(folder);
      const outcome = await reranker.rerank(
        'gps lock',
        [candidate(0, 'nothing'), candidate(1, 'gps lock')],
        new Map([
          ['gps', 2],
          ['lock', 1],
        ]),
      );
      expect(outcome.note).toMatch(/^rerank: feature reranker .*; rerank: the reranker folder .* lacks onnx\/model_quantized\.onnx/);
      expect(outcome.scores[1]).toBeGreaterThan(outcome.scores[0]!);
    });
  });

  test('a corrupt model file is a load failure naming the folder, and search goes on with features', async () => {
    await withTempDir(async (dir) => {
      const folder = join(dir, 'reranker');
      await writeTinyCrossEncoderFolder(folder, { gps: 1 });
      await writeFile(join(folder, 'onnx/model_quantized.onnx'), 'not an onnx model');
      await expect(loadCrossEncoder(folder)).rejects.toThrow(/could not load the cross-encoder in .*reranker/);
      const outcome = await new Reranker(folder).rerank('gps', [candidate(0, 'a'), candidate(1, 'b')], new Map([['gps', 1]]));
      expect(outcome.note).toMatch(/feature reranker.*could not load the cross-encoder/);
    });
  });

  test('no folder at all is the feature reranker without complaint', async () => {
    const outcome = await new Reranker(null).rerank('gps', [candidate(0, 'a'), candidate(1, 'gps')], new Map([['gps', 1]]));
    expect(outcome.note).toBe(
      'rerank: feature reranker (keyword rank, meaning, subject and word coverage, proximity, recency) reordered the top 2 hybrid candidates',
    );
  });
});
