// The helpers every embedder shares: normalisation and length-ordered batching that keeps input order.
import { describe, expect, test } from 'vitest';
import { dotProduct, embedInLengthOrder, normalizeL2 } from './embedder';

describe('normalizeL2', () => {
  test('scales to unit length and leaves a zero vector at zero', () => {
    expect(Array.from(normalizeL2(Float32Array.from([3, 4])))).toEqual([0.6000000238418579, 0.800000011920929]);
    expect(Array.from(normalizeL2(new Float32Array(3)))).toEqual([0, 0, 0]);
    const unit = normalizeL2(Float32Array.from([1, -2, 3, -4]));
    expect(dotProduct(unit, unit)).toBeCloseTo(1, 6);
  });
});

describe('embedInLengthOrder', () => {
  test('batches texts of similar length together and returns vectors in input order', async () => {
    const texts = ['ccc', 'a', 'bbbbbb', '', 'dd'];
    const batches: string[][] = [];
    const vectors = await embedInLengthOrder(texts, 2, async (batch) => {
      batches.push(batch);
      return batch.map((text) => Float32Array.from([text.length]));
    });
    expect(batches).toEqual([['', 'a'], ['dd', 'ccc'], ['bbbbbb']]);
    expect(vectors.map((vector) => vector[0])).toEqual([3, 1, 6, 0, 2]);
  });

  test('asks for nothing when there is nothing to embed', async () => {
    const vectors = await embedInLengthOrder([], 16, () => Promise.reject(new Error('embedInLengthOrder test: not expected')));
    expect(vectors).toEqual([]);
  });
});
