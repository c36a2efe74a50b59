// A reranker chosen while the engine runs serves from the next search: a BERT-shaped cross-encoder (one-logit head,
// built by test/onnxModels) in place of the feature reranker, and back.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readCorpusMessages, toMbox, withTempDir } from '../../../test/corpus';
import { writeBertModelFolder } from '../../../test/onnxModels/bertModelFolder';
import { TINY_SHAPE } from '../../../test/onnxModels/buildBertModel';
import { openEngine } from '../api/engine';
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

test('the reranker chosen in settings serves from the next search and again after the engine restarts', async () => {
  await withTempDir(async (dir) => {
    const folder = join(dir, 'ms-marco-shape');
    await writeBertModelFolder(folder, TINY_SHAPE, { classifier: true, quantized: true });
    const mbox = join(dir, 'mail.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 20)));
    const dataDir = join(dir, 'store');
    const crossEncoderNote = /^rerank: cross-encoder ms-marco-shape \(\d+ MB\) reordered/;
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      await engine.importPaths([mbox], 'mail');
      // Rerank reorders hybrid candidates, so the mail needs vectors: a tiny BERT gives them in a moment.
      const embedderFolder = join(dir, 'embedder');
      await writeBertModelFolder(embedderFolder, TINY_SHAPE);
      await engine.updateSettings({ modelFolder: embedderFolder });
      await engine.embed();
      expect((await engine.search({ query: 'usrp', mode: 'rerank' })).modeNote).toMatch(/^rerank: feature reranker/);
      await engine.updateSettings({ rerankerFolder: folder });
      expect((await engine.search({ query: 'usrp', mode: 'rerank' })).modeNote).toMatch(crossEncoderNote);
    } finally {
      await engine.close();
    }
    const reopened = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      expect((await reopened.search({ query: 'usrp', mode: 'rerank' })).modeNote).toMatch(crossEncoderNote);
    } finally {
      await reopened.close();
    }
  });
});
