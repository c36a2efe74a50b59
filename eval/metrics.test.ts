// The ranking measures against values worked out by hand.
import { describe, expect, test } from 'vitest';
import { mean, ndcgAtK, recallAtK, reciprocalRank } from './metrics';

const relevant = new Set(['a', 'b', 'c']);

describe('recall@k', () => {
  test('counts relevant items in the first k over the relevant set', () => {
    expect(recallAtK(['a', 'x', 'b', 'y'], relevant, 10)).toBeCloseTo(2 / 3);
    expect(recallAtK(['x', 'y', 'a'], relevant, 2)).toBe(0);
  });

  test('is capped at k: 2 of 2 places filled with 5 relevant items is 1', () => {
    expect(recallAtK(['a', 'b', 'c'], new Set(['a', 'b', 'c', 'd', 'e']), 2)).toBe(1);
  });

  test('counts a repeated item once', () => {
    expect(recallAtK(['a', 'a', 'a'], relevant, 10)).toBeCloseTo(1 / 3);
  });

  test('is 0 for an empty list or an empty relevant set', () => {
    expect(recallAtK([], relevant, 10)).toBe(0);
    expect(recallAtK(['a'], new Set(), 10)).toBe(0);
  });
});

describe('reciprocal rank', () => {
  test('is 1 / place of the first relevant item', () => {
    expect(reciprocalRank(['a'], relevant, 10)).toBe(1);
    expect(reciprocalRank(['x', 'y', 'c', 'a'], relevant, 10)).toBeCloseTo(1 / 3);
  });

  test('is 0 when the first relevant item is past k', () => {
    expect(reciprocalRank(['x', 'y', 'a'], relevant, 2)).toBe(0);
  });

  test('places count distinct items', () => {
    expect(reciprocalRank(['x', 'x', 'a'], relevant, 10)).toBe(0.5);
  });
});

describe('nDCG@k', () => {
  test('is 1 for the relevant items first', () => {
    expect(ndcgAtK(['b', 'a', 'c', 'x'], relevant, 10)).toBeCloseTo(1);
  });

  test('matches a hand computation', () => {
    // Relevant at places 2 and 4: DCG = 1/log2(3) + 1/log2(5) = 0.63093 + 0.43068 = 1.06161.
    // Ideal with 3 relevant items: 1 + 0.63093 + 0.5 = 2.13093.  nDCG = 0.49819.
    expect(ndcgAtK(['x', 'a', 'y', 'b'], relevant, 10)).toBeCloseTo(0.49819, 4);
  });

  test('the ideal is cut at k', () => {
    // k = 2, one relevant item at place 2: (1/log2(3)) / (1 + 1/log2(3)) = 0.63093 / 1.63093 = 0.38685.
    expect(ndcgAtK(['x', 'a', 'b'], relevant, 2)).toBeCloseTo(0.38685, 4);
  });

  test('is 0 with nothing relevant found', () => {
    expect(ndcgAtK(['x', 'y'], relevant, 10)).toBe(0);
  });
});

describe('mean', () => {
  test('averages, and says NaN for nothing', () => {
    expect(mean([1, 0, 0.5])).toBe(0.5);
    expect(mean([])).toBeNaN();
  });
});
