// Fuses the keyword and semantic lists by their scores, each scaled to 0..1 within its list, instead of by rank alone.
import type { Catalog } from '../index/catalog';
import type { FusedList } from './fusedList';
import { byScore, FirstInOrder, ordinalsByDate, type FusionWeights, type Order, type RankedHit } from './rank';

/**
 * The keyword side of a score fusion: the messages ranked by their scores (best first, then newest), then hits listed
 * after them in their own order (those with some of the words); none of the latter among the former.
 */
export interface KeywordSide {
  /** The ranked messages, in no set order: only as many as a page reads are ever sorted. */
  ranked: ArrayLike<number>;
  /** The ranked messages' scores, by ordinal. */
  scores: Float64Array;
  /** Whether a message is one of `ranked`. */
  isRanked: (ordinal: number) => boolean;
  after: readonly RankedHit[];
}

/**
 * Each message scores weight × (its keyword score / the list's best) plus weight × (its similarity − the semantic
 * list's lowest) / (best − lowest), a convex combination of min-max scaled scores (Bruch et al., "An Analysis of
 * Fusion Functions for Hybrid Retrieval", 2023). Rank fusion gave a message both lists rank modestly ("b205 RX -> TX
 * loopback", 21st and 9th for "TX underflows") more than one the keyword list ranks 4th with three times its BM25
 * score, because ranks forget how far ahead a score is; so the thread the words were about fell off the first page.
 *
 * The keyword list is read in its own order (ranked, then after): a score is capped by the one before it, so a
 * some-words match never passes an every-word one by keyword score alone. Keyword-only messages keep that order, and
 * the others (the semantic list's, at most a few hundred) are merged into it, each before the first keyword-only
 * message it scores above. So only the first keyword matches are ever picked out, as a page reads them, with no hit
 * made for the rest; the order between any two messages is still known, for the copies among them.
 */
export class ScoreFusedList implements FusedList {
  private readonly newest: Order<number>;
  /** The keyword list's best score, which scales the others. */
  private readonly best: number;
  /** The hits found by meaning (alone, or with the words too), best first, and each one's place. */
  private readonly others: RankedHit[] = [];
  private readonly otherPlaces = new Map<number, number>();
  /** The ranked messages found by meaning too. */
  private readonly rankedOthers = new Set<number>();
  /** The hits after the ranked ones that only the words found: each one's place among them, and its fused score. */
  private readonly afterPlaces = new Map<number, number>();
  private readonly afterScores: number[] = [];
  /** The ranked keyword-only messages picked out so far, best first; `isPickedWhole` once they are all of them. */
  private picked: number[] = [];
  private isPickedWhole = false;
  /** For each of `others`, the first keyword-only message it comes before (undefined: after them all), once asked. */
  private emissions: (number | undefined)[] | null = null;
  private dropped = new Set<number>();
  private count: number;

  constructor(
    private readonly keyword: KeywordSide,
    semantic: readonly RankedHit[],
    catalog: Catalog,
    private readonly weights: FusionWeights = { keyword: 1, semantic: 1 },
  ) {
    this.newest = ordinalsByDate(catalog);
    const meaning = scaledSimilarities(semantic);
    const { ranked, scores, after } = keyword;
    let best = -Infinity;
    let lowest = Infinity;
    for (let index = 0; index < ranked.length; index += 1) {
      const ordinal = ranked[index]!;
      const score = scores[ordinal]!;
      if (score > best) best = score;
      if (score < lowest) lowest = score;
      if (meaning.size > 0 && meaning.has(ordinal)) this.rankedOthers.add(ordinal);
    }
    this.best = ranked.length > 0 ? best : (after[0]?.score ?? 0);
    const seen = new Set<number>();
    for (const ordinal of this.rankedOthers)
      this.others.push({ ordinal, score: this.rankedScore(ordinal) + weights.semantic * meaning.get(ordinal)!, matchType: 'both' });
    let capped = lowest;
    for (const hit of after) {
      capped = Math.min(capped, hit.score);
      if (seen.has(hit.ordinal)) continue;
      seen.add(hit.ordinal);
      const score = weights.keyword * (this.best > 0 ? capped / this.best : 0);
      const similarity = meaning.get(hit.ordinal);
      if (similarity !== undefined)
        this.others.push({ ordinal: hit.ordinal, score: score + weights.semantic * similarity, matchType: 'both' });
      else {
        this.afterPlaces.set(hit.ordinal, this.afterScores.length);
        this.afterScores.push(score);
      }
    }
    for (const hit of semantic) {
      if (seen.has(hit.ordinal) || this.rankedOthers.has(hit.ordinal)) continue;
      seen.add(hit.ordinal);
      this.others.push({ ordinal: hit.ordinal, score: weights.semantic * meaning.get(hit.ordinal)!, matchType: 'semantic' });
    }
    this.others.sort(byScore(catalog));
    this.others.forEach((hit, place) => this.otherPlaces.set(hit.ordinal, place));
    this.count = ranked.length - this.rankedOthers.size + this.afterScores.length + this.others.length;
  }

  get size(): number {
    return this.count;
  }

  has(ordinal: number): boolean {
    if (this.dropped.has(ordinal)) return false;
    return this.otherPlaces.has(ordinal) || this.afterPlaces.has(ordinal) || this.keyword.isRanked(ordinal);
  }

  ordinals(): number[] {
    const all: number[] = [];
    const { ranked } = this.keyword;
    for (let index = 0; index < ranked.length; index += 1) {
      const ordinal = ranked[index]!;
      if (!this.rankedOthers.has(ordinal) && !this.dropped.has(ordinal)) all.push(ordinal);
    }
    for (const ordinal of [...this.afterPlaces.keys(), ...this.otherPlaces.keys()]) if (!this.dropped.has(ordinal)) all.push(ordinal);
    return all;
  }

  isBefore(first: number, second: number): boolean {
    const firstPlace = this.otherPlaces.get(first);
    const secondPlace = this.otherPlaces.get(second);
    if (firstPlace !== undefined && secondPlace !== undefined) return firstPlace < secondPlace;
    if (firstPlace === undefined && secondPlace === undefined) return this.isKeywordBefore(first, second);
    if (firstPlace !== undefined) return this.comesBefore(firstPlace, second);
    return !this.comesBefore(secondPlace!, first);
  }

  first(count: number, isLeftOut?: (ordinal: number) => boolean): RankedHit[] {
    const isOut = (ordinal: number): boolean => this.dropped.has(ordinal) || isLeftOut?.(ordinal) === true;
    for (let wanted = Math.max(2 * count, 64); ; wanted *= 2) {
      this.pick(wanted);
      const hits: RankedHit[] = [];
      let next = 0;
      // The merge of fuseByScore's lists: each other hit goes before the first keyword-only one it scores above.
      const add = (hit: RankedHit): void => {
        const { others } = this;
        while (next < others.length && this.isAbove(others[next]!, hit.score, hit.ordinal)) {
          const other = others[next++]!;
          if (!isOut(other.ordinal)) hits.push(other);
        }
        if (!isOut(hit.ordinal)) hits.push(hit);
      };
      for (const ordinal of this.picked) {
        add(this.hit(ordinal));
        if (hits.length >= count) return hits.slice(0, count);
      }
      if (!this.isPickedWhole) continue;
      for (const ordinal of this.afterPlaces.keys()) {
        add(this.hit(ordinal));
        if (hits.length >= count) return hits.slice(0, count);
      }
      for (const other of this.others.slice(next)) if (!isOut(other.ordinal)) hits.push(other);
      return hits.slice(0, count);
    }
  }

  hit(ordinal: number): RankedHit {
    const otherPlace = this.otherPlaces.get(ordinal);
    if (otherPlace !== undefined) return this.others[otherPlace]!;
    const afterPlace = this.afterPlaces.get(ordinal);
    const score = afterPlace !== undefined ? this.afterScores[afterPlace]! : this.rankedScore(ordinal);
    return { ordinal, score, matchType: 'keyword' };
  }

  leaveOut(dropped: ReadonlySet<number>): void {
    for (const ordinal of dropped) {
      if (this.dropped.has(ordinal)) continue;
      this.dropped.add(ordinal);
      this.count -= 1;
    }
  }

  /** A ranked message's fused score: its own, below the best ones' (capped by the one before it is its own). */
  private rankedScore(ordinal: number): number {
    return this.weights.keyword * (this.best > 0 ? this.keyword.scores[ordinal]! / this.best : 0);
  }

  /** Whether a hit comes before a keyword-only one of this fused score in byScore's order. */
  private isAbove(other: RankedHit, score: number, ordinal: number): boolean {
    return other.score > score || (other.score === score && this.newest(other.ordinal, ordinal) < 0);
  }

  /** Whether the first keyword-only message comes before the second: ranked ones by score, then newest; then those after. */
  private isKeywordBefore(first: number, second: number): boolean {
    const firstPlace = this.afterPlaces.get(first);
    const secondPlace = this.afterPlaces.get(second);
    if (firstPlace !== undefined || secondPlace !== undefined)
      return secondPlace === undefined ? false : firstPlace === undefined || firstPlace < secondPlace;
    const { scores } = this.keyword;
    return scores[first]! > scores[second]! || (scores[first] === scores[second] && this.newest(first, second) < 0);
  }

  /** Whether the other hit at `place` comes before a keyword-only message. */
  private comesBefore(place: number, keywordOnly: number): boolean {
    const emitted = this.emitted()[place];
    return emitted !== undefined && (emitted === keywordOnly || this.isKeywordBefore(emitted, keywordOnly));
  }

  /**
   * For each other hit, the keyword-only message it is merged in before: the first one it scores above (the others
   * above a message are a beginning of their list, so each message counts them by a binary search).
   */
  private emitted(): (number | undefined)[] {
    if (this.emissions !== null) return this.emissions;
    const { others } = this;
    const firstWith: (number | undefined)[] = new Array<number | undefined>(others.length + 1);
    const place = (ordinal: number, score: number): void => {
      let low = 0;
      let high = others.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (this.isAbove(others[middle]!, score, ordinal)) low = middle + 1;
        else high = middle;
      }
      const known = firstWith[low];
      if (low > 0 && (known === undefined || this.isKeywordBefore(ordinal, known))) firstWith[low] = ordinal;
    };
    const { ranked } = this.keyword;
    for (let index = 0; index < ranked.length; index += 1) {
      const ordinal = ranked[index]!;
      if (!this.rankedOthers.has(ordinal)) place(ordinal, this.rankedScore(ordinal));
    }
    for (const [ordinal, afterPlace] of this.afterPlaces) place(ordinal, this.afterScores[afterPlace]!);
    const emissions: (number | undefined)[] = new Array<number | undefined>(others.length);
    let earliest: number | undefined;
    for (let index = others.length - 1; index >= 0; index -= 1) {
      const candidate = firstWith[index + 1];
      if (candidate !== undefined && (earliest === undefined || this.isKeywordBefore(candidate, earliest))) earliest = candidate;
      emissions[index] = earliest;
    }
    this.emissions = emissions;
    return emissions;
  }

  /** Picks out at least `wanted` ranked keyword-only messages, best first, or all of them. */
  private pick(wanted: number): void {
    if (this.isPickedWhole || this.picked.length >= wanted) return;
    const { ranked, scores } = this.keyword;
    const { newest } = this;
    const best = new FirstInOrder<number>((first, second) => scores[second]! - scores[first]! || newest(first, second), wanted);
    let offered = 0;
    for (let index = 0; index < ranked.length; index += 1) {
      const ordinal = ranked[index]!;
      if (this.rankedOthers.size > 0 && this.rankedOthers.has(ordinal)) continue;
      best.offer(ordinal);
      offered += 1;
    }
    this.picked = best.sorted();
    this.isPickedWhole = offered <= wanted;
  }
}

/**
 * The lists fused as one, whole: the keyword list read in its own order (see ScoreFusedList), a message listed twice
 * counted once.
 */
export function fuseByScore(
  keyword: readonly RankedHit[],
  semantic: readonly RankedHit[],
  catalog: Catalog,
  weights: FusionWeights = { keyword: 1, semantic: 1 },
): RankedHit[] {
  const side: KeywordSide = { ranked: [], scores: new Float64Array(0), isRanked: () => false, after: keyword };
  const fused = new ScoreFusedList(side, semantic, catalog, weights);
  return fused.first(fused.size);
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
