// The ANN index that large archives get must find what brute force finds: recall@10 measured on clustered vectors.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { seededRandom } from '../../../test/seededRandom';
import { normalizeL2 } from '../embed/embedder';
import { NO_PLACES } from './chunkFilter';
import { ChunkStore } from './chunkStore';

const DIMENSIONS = 64;
const ROWS = 4000;

function gaussian(next: () => number): number {
  return Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());
}

describe('ANN index', () => {
  it('keeps recall@10 against brute force at 0.9 or more once the table is large enough to index', async () => {
    const next = seededRandom(7);
    const centers = Array.from({ length: 40 }, () => Float32Array.from({ length: DIMENSIONS }, () => gaussian(next)));
    const nearCenter = (center: Float32Array): Float32Array =>
      normalizeL2(Float32Array.from(center, (value) => value + 0.6 * gaussian(next)));
    const store = await ChunkStore.open(join(await makeTempDir(), 'lancedb'), DIMENSIONS, false, 1000);
    try {
      const rows = Array.from({ length: ROWS }, (_, index) => ({
        chunkId: `c${index}`,
        messageId: `m${index}`,
        threadId: `t${index}`,
        date: index,
        origin: 'body',
        position: 0,
        text: `passage ${index}`,
        ...NO_PLACES,
        vector: nearCenter(centers[index % centers.length]!),
      }));
      for (let start = 0; start < rows.length; start += 1000) await store.add(rows.slice(start, start + 1000));
      expect(await store.ensureIndexes()).toBe(true);
      let found = 0;
      const queries = 30;
      for (let query = 0; query < queries; query += 1) {
        const vector = nearCenter(centers[query % centers.length]!);
        const exact = new Set((await store.nearest(vector, 10, null, { exact: true })).map((match) => match.messageId));
        const approximate = await store.nearest(vector, 10, null);
        found += approximate.filter((match) => exact.has(match.messageId)).length;
      }
      const recall = found / (queries * 10);
      console.log(`ANN recall@10 against brute force: ${recall.toFixed(3)}`);
      expect(recall).toBeGreaterThanOrEqual(0.9);
    } finally {
      store.close();
    }
  });
});
