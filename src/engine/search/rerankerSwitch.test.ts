// A reranker chosen while the engine runs serves from the next search: a BERT-shaped cross-encoder (one-logit head,
// built by test/onnxModels) in place of the feature reranker, and back.
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { withTempDir } from '../../../test/corpus';
import { writeBertModelFolder } from '../../../test/onnxModels/bertModelFolder';
import { TINY_SHAPE } from '../../../test/onnxModels/buildBertModel';
import { Reranker } from './reranker';
import type { RerankCandidate } from './rerankFeatures';

function candidate(ordinal: number, passage: string): RerankCandidate {
  return { ordinal, keywordRank: ordinal, similarity: 0.5, date: ordinal, subject: passage, text: passage, passage };
}

test('useFolder switches between the feature reranker and a cross-encoder at once', async () => {
  await withTempDir(async (dir) => {
    const folder = join(dir, 'ms-marco-shape');
    await writeBertModelFolder(folder, TINY_SHAPE, { classifier: true, quantized: true });
    const candidates = [candidate(0, 'the radio overheats'), candidate(1, 'lunch on friday'), candidate(2, 'gps lock fails')];
    const reranker = new Reranker(null);
    try {
      expect((await reranker.rerank('hot radio', candidates, new Map())).note).toMatch(/^rerank: feature reranker/);
      await reranker.useFolder(folder);
      const crossEncoded = await reranker.rerank('hot radio', candidates, new Map());
      expect(crossEncoded.note).toMatch(/^rerank: cross-encoder ms-marco-shape \(\d+ MB\) reordered the top 3/);
      expect(crossEncoded.scores).toHaveLength(3);
      expect(crossEncoded.scores.every(Number.isFinite)).toBe(true);
      await reranker.useFolder(null);
      expect((await reranker.rerank('hot radio', candidates, new Map())).note).toMatch(/^rerank: feature reranker/);
    } finally {
      await reranker.close();
    }
  });
});
