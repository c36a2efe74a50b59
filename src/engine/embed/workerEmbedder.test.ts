// The embedding worker gives the same vectors as the model on the engine's thread, and stops cleanly.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForTest } from '../../../test/bundle';
import { repoRoot, withTempDir } from '../../../test/corpus';
import { writeBertModelFolder } from '../../../test/onnxModels/bertModelFolder';
import { TINY_SHAPE } from '../../../test/onnxModels/buildBertModel';
import { dotProduct, type Embedder } from './embedder';
import { createTransformersEmbedder } from './transformersEmbedder';
import { createUniversalSentenceEncoder, UNIVERSAL_SENTENCE_ENCODER_ID } from './universalSentenceEncoder';
import { createWorkerEmbedder } from './workerEmbedder';

const TEXTS = ['The budget for the March show was approved.', 'io_uring submission queue polling', '', 'Lunch on Friday?'];

describe('createWorkerEmbedder', () => {
  let script: string;
  let local: Embedder;

  beforeAll(async () => {
    script = await bundleForTest('embed-worker', { file: join(repoRoot, 'src/engine/embed/embedWorker.ts') });
    local = await createUniversalSentenceEncoder();
  });

  afterAll(async () => {
    await local.close();
  });

  it('embeds on a worker thread with the same model and the same vectors', async () => {
    const worker = await createWorkerEmbedder(script, {}, UNIVERSAL_SENTENCE_ENCODER_ID);
    try {
      expect(worker).toMatchObject({ id: UNIVERSAL_SENTENCE_ENCODER_ID, dimensions: 512 });
      const [fromWorker, fromHere] = await Promise.all([worker.embed(TEXTS), local.embed(TEXTS)]);
      expect(fromWorker).toHaveLength(TEXTS.length);
      fromWorker.forEach((vector, index) => {
        expect(vector).toBeInstanceOf(Float32Array);
        expect(dotProduct(vector, fromHere[index]!)).toBeCloseTo(1, 4);
      });
    } finally {
      await worker.close();
    }
    await expect(worker.embed(['after close'])).rejects.toThrow(/closed/);
  });

  it('refuses a worker whose model differs from the one the store was embedded with', async () => {
    await expect(createWorkerEmbedder(script, {}, 'some-other-model')).rejects.toThrow(
      /loaded use-lite-en-512, but the store's vectors come from some-other-model/,
    );
  });

  it('says so when the worker script is missing', async () => {
    await expect(createWorkerEmbedder(join(repoRoot, 'no-such-worker.mjs'), {}, UNIVERSAL_SENTENCE_ENCODER_ID)).rejects.toThrow(
      /embedding worker .*no-such-worker\.mjs is missing/,
    );
  });
});

/** Threads of this process right now, the worker's and onnxruntime's pools included (Linux). */
function processThreads(): number {
  return readdirSync('/proc/self/task').length;
}

describe('an ONNX model on the embedding worker', () => {
  it('loads the tiny BERT model and embeds on the threads asked for, with the vectors of the engine thread', async () => {
    await withTempDir(async (dir) => {
      const folder = join(dir, 'tiny-bert');
      const bytes = await writeBertModelFolder(folder, TINY_SHAPE);
      const script = await bundleForTest('embed-worker', { file: join(repoRoot, 'src/engine/embed/embedWorker.ts') });
      const local = await createTransformersEmbedder(folder, { threads: 1 });
      const threadsBefore = processThreads();
      const one = await createWorkerEmbedder(script, { modelFolder: folder, threads: 1 }, `transformers:tiny-bert:${bytes}`);
      const threadsWithOne = processThreads();
      const four = await createWorkerEmbedder(script, { modelFolder: folder, threads: 4 }, `transformers:tiny-bert:${bytes}`);
      const threadsWithFour = processThreads();
      try {
        expect([one.threads, four.threads]).toEqual([1, 4]);
        // onnxruntime's intra-op pool runs threads − 1 threads beside the caller's: three more for four than for one.
        expect(threadsWithFour - threadsWithOne - (threadsWithOne - threadsBefore)).toBeGreaterThanOrEqual(3);
        const texts = Array.from({ length: 40 }, (_, index) => `passage ${index} about the radio and its ${index % 3} antennas`);
        const [fromOne, fromFour, fromHere] = await Promise.all([one.embed(texts), four.embed(texts), local.embed(texts)]);
        expect(fromFour).toHaveLength(40);
        fromFour.forEach((vector, index) => {
          expect(vector.length).toBe(TINY_SHAPE.hidden);
          expect(dotProduct(vector, fromHere[index]!)).toBeCloseTo(1, 5);
          expect(dotProduct(vector, fromOne[index]!)).toBeCloseTo(1, 5);
        });
      } finally {
        await Promise.all([one.close(), four.close(), local.close()]);
      }
    });
  });
});
