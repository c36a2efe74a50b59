// Ordering of search results: date and relevance orders, reciprocal rank fusion, and thread diversity.
import type { MatchType } from '../../shared/model/search';
import type { Catalog } from '../index/catalog';

/** RRF's constant: how much the top of each list outweighs its tail (60 is the usual choice). */
export const RRF_K = 60;
/** By default no thread may take more than this many of the first ten hits. */
export const DEFAULT_HITS_PER_THREAD = 2;
const DIVERSE_TOP = 10;

export interface RankedHit {
  ordinal: number;
  score: number;
  matchType: MatchType;
}

function compareIds(catalog: Catalog, first: number, second: number): number {
  const a = catalog.entries[first]!.row.id;
  const b = catalog.entries[second]!.row.id;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Newest first; equal dates by id so pages never shuffle. */
export function byDate(catalog: Catalog): (first: RankedHit, second: RankedHit) => number {
  return (first, second) => catalog.dates[second.ordinal]! - catalog.dates[first.ordinal]! || compareIds(catalog, first.ordinal, second.ordinal);
}

/** Best score first; then newest; then id. */
export function byScore(catalog: Catalog): (first: RankedHit, second: RankedHit) => number {
  return (first, second) => second.score - first.score || byDate(catalog)(first, second);
}

export interface FusionWeights {
  keyword: number;
  semantic: number;
}

/** Fuses two best-first lists by (weighted) reciprocal rank; a message in both is a `both` match. */
export function fuseByRank(keyword: RankedHit[], semantic: RankedHit[], catalog: Catalog, weights: FusionWeights = { keyword: 1, semantic: 1 }): RankedHit[] {
  const fused = new Map<number, RankedHit>();
  const add = (list: RankedHit[], type: MatchType): void => {
    const weight = type === 'keyword' ? weights.keyword : weights.semantic;
    list.forEach((hit, rank) => {
      const existing = fused.get(hit.ordinal);
      const score = weight / (RRF_K + rank + 1);
      if (existing) {
        existing.score += score;
        existing.matchType = existing.matchType === type ? type : 'both';
      } else fused.set(hit.ordinal, { ordinal: hit.ordinal, score, matchType: type });
    });
  };
  add(keyword, 'keyword');
  add(semantic, 'semantic');
  return [...fused.values()].sort(byScore(catalog));
}

/** Moves hits down so that no thread has more than `perThread` of the first ten; order is otherwise kept. */
export function diversifyThreads(hits: RankedHit[], catalog: Catalog, perThread = DEFAULT_HITS_PER_THREAD): RankedHit[] {
  const top: RankedHit[] = [];
  const deferred: RankedHit[] = [];
  const counts = new Map<string, number>();
  let index = 0;
  for (; index < hits.length && top.length < DIVERSE_TOP; index += 1) {
    const hit = hits[index]!;
    const thread = catalog.entries[hit.ordinal]!.row.threadId;
    const count = counts.get(thread) ?? 0;
    if (count >= perThread) {
      deferred.push(hit);
      continue;
    }
    counts.set(thread, count + 1);
    top.push(hit);
  }
  return [...top, ...deferred, ...hits.slice(index)];
}
