// The embedding worker gives the same vectors as the model on the engine's thread, and stops cleanly.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForTest } from '../../../test/bundle';
import { repoRoot } from '../../../test/corpus';
import { dotProduct, type Embedder } from './embedder';
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
