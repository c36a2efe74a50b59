import { appendFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../src/engine/embed/embedder';
import { createUniversalSentenceEncoder, UNIVERSAL_SENTENCE_ENCODER_ID } from '../src/engine/embed/universalSentenceEncoder';
import { cachingEmbedder, poolEmbedder, VectorCache, type CacheCounts } from './vectorCache';

const TEXTS = [
  'io_uring: fix a use-after-free in the SQPOLL thread',
  'Is there a way to register buffers once and reuse them?',
  'Zero copy receive lands in 6.15',
  'Re: performance regression after the kernel upgrade',
  'The USRP B210 drops samples at 56 MS/s',
];

function expectSameVectors(actual: Float32Array[], expected: Float32Array[]): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((vector, index) => {
    expect(vector).toHaveLength(512);
    vector.forEach((value, position) => expect(value).toBeCloseTo(expected[index]![position]!, 5));
  });
}

describe('the bench vector cache', () => {
  let folder: string;
  let model: Embedder;
  let direct: Float32Array[];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'lantern-vector-cache-'));
    model = await createUniversalSentenceEncoder();
    direct = await model.embed(TEXTS);
  });

  afterAll(async () => {
    await model.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("answers with the model's own vectors, in order, asking the model only for texts it has not seen", async () => {
    const file = join(folder, 'order.vectors');
    const second = await createUniversalSentenceEncoder();
    const counts: CacheCounts = { fromCache: 0, embedded: 0 };
    let loads = 0;
    const cache = await VectorCache.open(file, 512);
    const embedder = cachingEmbedder(
      cache,
      UNIVERSAL_SENTENCE_ENCODER_ID,
      async () => ((loads += 1), poolEmbedder([model, second])),
      counts,
    );

    expectSameVectors(await embedder.embed([...TEXTS, TEXTS[0]!]), [...direct, direct[0]!]);
    expect(counts).toEqual({ fromCache: 0, embedded: TEXTS.length });

    const reopened = cachingEmbedder(
      await VectorCache.open(file, 512),
      UNIVERSAL_SENTENCE_ENCODER_ID,
      async () => ((loads += 1), second),
      counts,
    );
    expectSameVectors(await reopened.embed([...TEXTS].reverse()), [...direct].reverse());
    expect(counts).toEqual({ fromCache: TEXTS.length, embedded: TEXTS.length });
    expect(loads).toBe(1);
    await second.close();
  });

  it('drops a record cut short by a killed run and keeps the whole ones', async () => {
    const file = join(folder, 'torn.vectors');
    const cache = await VectorCache.open(file, 512);
    await cache.add(TEXTS.slice(0, 2), direct.slice(0, 2));
    const whole = (await stat(file)).size;
    await appendFile(file, Buffer.alloc(700, 1));

    const reopened = await VectorCache.open(file, 512);
    expect(reopened.size).toBe(2);
    expect((await stat(file)).size).toBe(whole);
    expectSameVectors([reopened.get(TEXTS[1]!)!], [direct[1]!]);
    expect(reopened.get(TEXTS[2]!)).toBeUndefined();
  });
});
