// Fuses the keyword and semantic lists by their scores, each scaled to 0..1 within its list, instead of by rank alone.
import type { Catalog } from '../index/catalog';
import { byScore, mergedInOrder, type FusionWeights, type RankedHit } from './rank';

/**
 * Each message scores weight × (its keyword score / the list's best) plus weight × (its similarity − the semantic
 * list's lowest) / (best − lowest), a convex combination of min-max scaled scores (Bruch et al., "An Analysis of
 * Fusion Functions for Hybrid Retrieval", 2023). Rank fusion gave a message both lists rank modestly ("b205 RX -> TX
 * loopback", 21st and 9th for "TX underflows") more than one the keyword list ranks 4th with three times its BM25
 * score, because ranks forget how far ahead a score is; so the thread the words were about fell off the first page.
 *
 * The keyword list is read in its own order (every-word matches, then some-word ones): a score is capped by the one
 * before it, so a some-words match never passes an every-word one by keyword score alone. Keyword-only messages keep
 * that order, so they are merged with the others (the semantic list's, at most a few hundred) rather than sorting
 * every keyword match again, as fuseByRank does.
 */
export function fuseByScore(
  keyword: readonly RankedHit[],
  semantic: readonly RankedHit[],
  catalog: Catalog,
  weights: FusionWeights = { keyword: 1, semantic: 1 },
): RankedHit[] {
  const order = byScore(catalog);
  const meaning = scaledSimilarities(semantic);
  const best = keyword[0]?.score ?? 0;
  const keywordOnly: RankedHit[] = [];
  const others: RankedHit[] = [];
  const seen = new Set<number>();
  let capped = Infinity;
  for (const hit of keyword) {
    capped = Math.min(capped, hit.score);
    if (seen.has(hit.ordinal)) continue;
    seen.add(hit.ordinal);
    const score = weights.keyword * (best > 0 ? capped / best : 0);
    const similarity = meaning.get(hit.ordinal);
    if (similarity === undefined) keywordOnly.push({ ordinal: hit.ordinal, score, matchType: 'keyword' });
    else others.push({ ordinal: hit.ordinal, score: score + weights.semantic * similarity, matchType: 'both' });
  }
  for (const hit of semantic) {
    if (seen.has(hit.ordinal)) continue;
    seen.add(hit.ordinal);
    others.push({ ordinal: hit.ordinal, score: weights.semantic * meaning.get(hit.ordinal)!, matchType: 'semantic' });
  }
  return mergedInOrder(keywordOnly, others, order);
}

/** Each message's best similarity, scaled so the list's lowest is 0 and its best 1 (1 for all when they are equal). */
function scaledSimilarities(semantic: readonly RankedHit[]): Map<number, number> {
  let high = -Infinity;
  let low = Infinity;
  for (const hit of semantic) {
    high = Math.max(high, hit.score);
    low = Math.min(low, hit.score);
  }
  const scaled = new Map<number, number>();
  for (const hit of semantic) {
    const value = high > low ? (hit.score - low) / (high - low) : 1;
    scaled.set(hit.ordinal, Math.max(value, scaled.get(hit.ordinal) ?? 0));
  }
  return scaled;
}
