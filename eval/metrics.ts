// Ranking quality measures over one ranked list and a set of relevant items (binary relevance).

/** The first `k` distinct items of a ranked list: a message listed twice counts once, at its first place. */
function topDistinct(ranked: readonly string[], k: number): string[] {
  return [...new Set(ranked)].slice(0, k);
}

/**
 * Share of the relevant items found in the first `k`, out of min(|relevant|, k): with more relevant items than
 * places, a full first page scores 1 (BEIR's capped recall), so topics with long threads stay comparable.
 */
export function recallAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  const found = topDistinct(ranked, k).filter((item) => relevant.has(item)).length;
  return found / Math.min(relevant.size, k);
}

/** 1 / place of the first relevant item within the first `k` (places from 1), 0 when none is there. */
export function reciprocalRank(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  const place = topDistinct(ranked, k).findIndex((item) => relevant.has(item));
  return place === -1 ? 0 : 1 / (place + 1);
}

/** DCG of the first `k` (gain 1 per relevant item, discounted by log2(place + 1)) over the best possible DCG. */
export function ndcgAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  const discount = (index: number): number => 1 / Math.log2(index + 2);
  const dcg = topDistinct(ranked, k).reduce((sum, item, index) => sum + (relevant.has(item) ? discount(index) : 0), 0);
  let ideal = 0;
  for (let index = 0; index < Math.min(relevant.size, k); index += 1) ideal += discount(index);
  return dcg / ideal;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}
