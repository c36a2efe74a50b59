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

export type HitOrder = (first: RankedHit, second: RankedHit) => number;

/** Newest first; equal dates by id so pages never shuffle. */
export function byDate(catalog: Catalog): HitOrder {
  return (first, second) => catalog.dates[second.ordinal]! - catalog.dates[first.ordinal]! || compareIds(catalog, first.ordinal, second.ordinal);
}

/** Oldest first: exactly the reverse of byDate. */
export function byDateOldest(catalog: Catalog): HitOrder {
  const newest = byDate(catalog);
  return (first, second) => newest(second, first);
}

/** Best score first; then newest; then id. */
export function byScore(catalog: Catalog): HitOrder {
  const newest = byDate(catalog);
  return (first, second) => second.score - first.score || newest(first, second);
}

/** Moves the heap's entry at `index` down until both children come after it in `order` (the heap's root is its last). */
function siftDown(heap: RankedHit[], index: number, order: HitOrder): void {
  const length = heap.length;
  for (;;) {
    const left = 2 * index + 1;
    if (left >= length) return;
    const right = left + 1;
    const later = right < length && order(heap[right]!, heap[left]!) > 0 ? right : left;
    if (order(heap[later]!, heap[index]!) <= 0) return;
    [heap[index], heap[later]] = [heap[later]!, heap[index]!];
    index = later;
  }
}

/**
 * The first `count` hits in `order`, sorted: what sorting all of them and slicing gives (every order here is total),
 * but keeping only `count` in a heap, so a page of a query that matches most of the archive costs little.
 */
export function firstInOrder(hits: readonly RankedHit[], order: HitOrder, count: number): RankedHit[] {
  if (count <= 0) return [];
  if (count >= hits.length) return [...hits].sort(order);
  const heap: RankedHit[] = [];
  for (const hit of hits) {
    if (heap.length < count) {
      heap.push(hit);
      for (let index = heap.length - 1; index > 0; ) {
        const parent = (index - 1) >> 1;
        if (order(heap[index]!, heap[parent]!) <= 0) break;
        [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
        index = parent;
      }
    } else if (order(hit, heap[0]!) < 0) {
      heap[0] = hit;
      siftDown(heap, 0, order);
    }
  }
  return heap.sort(order);
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
  return diversify(hits, catalog, perThread).ordered;
}

/** `isSettled`: the top ten filled up before the end of `hits`, so hits after them would not change the order. */
function diversify(hits: RankedHit[], catalog: Catalog, perThread: number): { ordered: RankedHit[]; isSettled: boolean } {
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
  return { ordered: [...top, ...deferred, ...hits.slice(index)], isSettled: top.length === DIVERSE_TOP };
}

/**
 * The first `count` of `hits` (in any order) as sorting them by score and diversifying threads would order them: from
 * a best-first prefix, doubled until diversity no longer reaches past it.
 */
export function bestDiversified(hits: readonly RankedHit[], catalog: Catalog, count: number, perThread = DEFAULT_HITS_PER_THREAD): RankedHit[] {
  const order = byScore(catalog);
  for (let prefix = Math.max(count, DIVERSE_TOP) * 2; ; prefix *= 2) {
    const best = firstInOrder(hits, order, prefix);
    const { ordered, isSettled } = diversify(best, catalog, perThread);
    if (isSettled || best.length === hits.length) return ordered.slice(0, count);
  }
}
