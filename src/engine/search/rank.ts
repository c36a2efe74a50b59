// Ordering of search results: date and relevance orders, reciprocal rank fusion, and thread diversity.
import type { MatchType } from '../../shared/model/search';
import type { Catalog } from '../index/catalog';
import { compareByDate, dateOrdered, datePositions } from './datePositions';

/** RRF's constant: how much the top of each list outweighs its tail (60 is the usual choice). */
export const RRF_K = 60;
/**
 * By default no thread may take more than this many of the first ten hits, so a page shows at least three
 * conversations. Two hid most of a conversation that the query was about: on the eval's queries, whose relevant mail is
 * often one conversation, 4 raised auto recall@10 from 0.56 to 0.64 (tuning) and 0.51 to 0.59 (held out); 5 gained a
 * little more but lets one conversation take half the page.
 */
export const DEFAULT_HITS_PER_THREAD = 4;
/** The top that thread diversity applies to. */
export const DIVERSE_TOP = 10;

export interface RankedHit {
  ordinal: number;
  score: number;
  matchType: MatchType;
}

export type Order<T> = (first: T, second: T) => number;
export type HitOrder = Order<RankedHit>;

/** Newest first; equal dates by id so pages never shuffle. */
export function ordinalsByDate(catalog: Catalog): Order<number> {
  const positions = datePositions(catalog);
  if (positions !== null) return (first, second) => positions[first]! - positions[second]!;
  return (first, second) => compareByDate(catalog, first, second);
}

/** Best score (of `scores`, by ordinal) first; then newest; then id. */
export function ordinalsByScore(catalog: Catalog, scores: Float64Array): Order<number> {
  const newest = ordinalsByDate(catalog);
  return (first, second) => scores[second]! - scores[first]! || newest(first, second);
}

/** The order of `order` reversed: oldest first for a date order. */
export function reversed<T>(order: Order<T>): Order<T> {
  return (first, second) => order(second, first);
}

/** Newest first, as ordinalsByDate. */
export function byDate(catalog: Catalog): HitOrder {
  const newest = ordinalsByDate(catalog);
  return (first, second) => newest(first.ordinal, second.ordinal);
}

/** Best score first; then newest; then id. */
export function byScore(catalog: Catalog): HitOrder {
  const newest = byDate(catalog);
  return (first, second) => second.score - first.score || newest(first, second);
}

/**
 * The first `count` items offered in `order`, kept in a heap whose root is the last of them: a page of a query that
 * matches most of the archive costs one comparison per match, and nothing is allocated for the ones left out.
 */
export class FirstInOrder<T> {
  private readonly heap: T[] = [];

  constructor(
    private readonly order: Order<T>,
    private readonly count: number,
  ) {}

  offer(item: T): void {
    const { heap, order } = this;
    if (heap.length < this.count) {
      heap.push(item);
      for (let index = heap.length - 1; index > 0;) {
        const parent = (index - 1) >> 1;
        if (order(heap[index]!, heap[parent]!) <= 0) break;
        swap(heap, index, parent);
        index = parent;
      }
    } else if (heap.length > 0 && order(item, heap[0]!) < 0) {
      heap[0] = item;
      this.siftDown();
    }
  }

  /** Once `count` items are kept, the last of them: an item that does not come before it is turned away. */
  last(): T | undefined {
    return this.heap.length === this.count ? this.heap[0] : undefined;
  }

  sorted(): T[] {
    return this.heap.sort(this.order);
  }

  /** Moves the root down until both children come after it in the order. */
  private siftDown(): void {
    const { heap, order } = this;
    for (let index = 0; ;) {
      const left = 2 * index + 1;
      if (left >= heap.length) return;
      const right = left + 1;
      const later = right < heap.length && order(heap[right]!, heap[left]!) > 0 ? right : left;
      if (order(heap[later]!, heap[index]!) <= 0) return;
      swap(heap, index, later);
      index = later;
    }
  }
}

/**
 * Through a variable: a destructuring swap made an array each time, much garbage over the bench's searches
 * (bench/measured-reasons.md), since a date-sorted page offers nearly every match to the heap.
 */
function swap<T>(items: T[], first: number, second: number): void {
  const item = items[first]!;
  items[first] = items[second]!;
  items[second] = item;
}

/** The first `count` items in `order`, sorted: what sorting all of them and slicing gives (every order here is total). */
export function firstInOrder<T>(items: Iterable<T>, order: Order<T>, count: number): T[] {
  const first = new FirstInOrder(order, count);
  for (const item of items) first.offer(item);
  return first.sorted();
}

/**
 * The first `count` set ordinals of a bitset in `order`, sorted. Walked from the end when the order puts the last
 * message before the first: mail is mostly stored oldest first, so newest first the page is met at once and nearly
 * every other match is turned away by one comparison, where walking from the start replaced the heap's root at almost
 * every match. The order is total (ties go by id), so either walk gives the same messages.
 */
export function firstMatches(matches: Uint8Array, order: Order<number>, count: number): number[] {
  const first = new FirstInOrder(order, count);
  const last = matches.length - 1;
  if (last > 0 && order(last, 0) < 0) {
    for (let ordinal = last; ordinal >= 0; ordinal -= 1) if (matches[ordinal]) first.offer(ordinal);
  } else for (let ordinal = 0; ordinal <= last; ordinal += 1) if (matches[ordinal]) first.offer(ordinal);
  return first.sorted();
}

/**
 * The first `count` set ordinals of a bitset newest first (or oldest first), as firstMatches with ordinalsByDate (or it
 * reversed) gives them: read off the catalog's date order once it is worked out, so a page of a sender's mail looks at
 * about as many messages as it needs instead of comparing every match.
 */
export function firstMatchesByDate(matches: Uint8Array, catalog: Catalog, isOldestFirst: boolean, count: number): number[] {
  const ordered = dateOrdered(catalog);
  if (ordered === null || ordered.length !== matches.length)
    return firstMatches(matches, isOldestFirst ? reversed(ordinalsByDate(catalog)) : ordinalsByDate(catalog), count);
  const first: number[] = [];
  const step = isOldestFirst ? -1 : 1;
  for (let place = isOldestFirst ? ordered.length - 1 : 0; place >= 0 && place < ordered.length && first.length < count; place += step)
    if (matches[ordered[place]!]) first.push(ordered[place]!);
  return first;
}

export interface FusionWeights {
  keyword: number;
  semantic: number;
}

/**
 * Fuses two best-first lists by (weighted) reciprocal rank; a message in both is a `both` match. A message only the
 * keyword list holds scores by its rank there alone, so those keep their order: the others (the semantic list's, at
 * most a few hundred) are sorted and merged in, instead of sorting every keyword match again (a common word's tens of
 * thousands at 100k messages).
 */
export function fuseByRank(
  keyword: RankedHit[],
  semantic: RankedHit[],
  catalog: Catalog,
  weights: FusionWeights = { keyword: 1, semantic: 1 },
): RankedHit[] {
  const order = byScore(catalog);
  const semanticRanks = new Map<number, number>();
  semantic.forEach((hit, rank) => semanticRanks.set(hit.ordinal, rank));
  const keywordOrdinals = new Set<number>();
  for (const hit of keyword) keywordOrdinals.add(hit.ordinal);
  // A list naming a message twice adds its scores up, and a weight of 0 ties every keyword rank: sorted as a whole.
  if (semanticRanks.size !== semantic.length || keywordOrdinals.size !== keyword.length || !(weights.keyword > 0))
    return fuseBySorting(keyword, semantic, order, weights);
  const keywordOnly: RankedHit[] = [];
  const others: RankedHit[] = [];
  keyword.forEach((hit, rank) => {
    const score = weights.keyword / (RRF_K + rank + 1);
    const semanticRank = semanticRanks.get(hit.ordinal);
    if (semanticRank === undefined) keywordOnly.push({ ordinal: hit.ordinal, score, matchType: 'keyword' });
    else others.push({ ordinal: hit.ordinal, score: score + weights.semantic / (RRF_K + semanticRank + 1), matchType: 'both' });
  });
  semantic.forEach((hit, rank) => {
    if (!keywordOrdinals.has(hit.ordinal))
      others.push({ ordinal: hit.ordinal, score: weights.semantic / (RRF_K + rank + 1), matchType: 'semantic' });
  });
  return mergedInOrder(keywordOnly, others, order);
}

/**
 * The hits of one list only, already in order (a keyword list's own), merged with the others sorted: the fusions
 * sort only the few hundred a search by meaning found, never every keyword match again.
 */
export function mergedInOrder(inOrder: readonly RankedHit[], others: RankedHit[], order: HitOrder): RankedHit[] {
  others.sort(order);
  const fused: RankedHit[] = [];
  let next = 0;
  for (const hit of inOrder) {
    while (next < others.length && order(others[next]!, hit) < 0) fused.push(others[next++]!);
    fused.push(hit);
  }
  while (next < others.length) fused.push(others[next++]!);
  return fused;
}

/** Fuses as fuseByRank does, by adding each list's scores up per message and sorting them all. */
function fuseBySorting(keyword: RankedHit[], semantic: RankedHit[], order: HitOrder, weights: FusionWeights): RankedHit[] {
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
  return [...fused.values()].sort(order);
}

/** Moves hits down so that no thread has more than `perThread` of the first ten; order is otherwise kept. */
export function diversifyThreads(hits: RankedHit[], catalog: Catalog, perThread = DEFAULT_HITS_PER_THREAD): RankedHit[] {
  return diversify(hits, catalog, perThread).ordered;
}

/** `isSettled`: the top ten filled up before the end of `hits`, so hits after them would not change the order. */
export function diversify(
  hits: RankedHit[],
  catalog: Catalog,
  perThread = DEFAULT_HITS_PER_THREAD,
): { ordered: RankedHit[]; isSettled: boolean } {
  const top: RankedHit[] = [];
  const deferred: RankedHit[] = [];
  const counts = new Map<string, number>();
  let index = 0;
  for (; index < hits.length && top.length < DIVERSE_TOP; index += 1) {
    const hit = hits[index]!;
    const thread = catalog.threadId(hit.ordinal);
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
 * The first `count` messages of a bitset as sorting them by score and diversifying threads would order them: from a
 * best-first prefix, doubled until diversity no longer reaches past it. Keyword-only searches page this way.
 */
export function bestDiversified(
  matches: Uint8Array,
  scores: Float64Array,
  catalog: Catalog,
  count: number,
  perThread = DEFAULT_HITS_PER_THREAD,
): RankedHit[] {
  const order = ordinalsByScore(catalog, scores);
  for (let prefix = Math.max(count, DIVERSE_TOP) * 2; ; prefix *= 2) {
    const best = firstMatches(matches, order, prefix).map((ordinal): RankedHit => ({
      ordinal,
      score: scores[ordinal]!,
      matchType: 'keyword',
    }));
    const { ordered, isSettled } = diversify(best, catalog, perThread);
    if (isSettled || best.length < prefix) return ordered.slice(0, count);
  }
}

/**
 * As bestDiversified over `matches` without the `later` ordinals, then those by score (then newest): messages that
 * match only through their conversation (conversationMatch.ts) never take the place of a match diversity moved down.
 */
export function bestDiversifiedThen(
  matches: Uint8Array,
  scores: Float64Array,
  later: readonly number[],
  catalog: Catalog,
  count: number,
  /** A zeroed bitset as long as `matches`, for the matches without `later`. */
  bitset: () => Uint8Array = () => new Uint8Array(matches.length),
): RankedHit[] {
  if (later.length === 0) return bestDiversified(matches, scores, catalog, count);
  const first = bitset();
  first.set(matches);
  for (const ordinal of later) first[ordinal] = 0;
  const ranked = bestDiversified(first, scores, catalog, count);
  if (ranked.length >= count) return ranked;
  const rest = firstInOrder(
    later.filter((ordinal) => matches[ordinal]),
    ordinalsByScore(catalog, scores),
    count - ranked.length,
  );
  return [...ranked, ...rest.map((ordinal): RankedHit => ({ ordinal, score: scores[ordinal]!, matchType: 'keyword' }))];
}
