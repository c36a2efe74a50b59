// A fused search's ranked list, read as far as a page needs: a common word's keyword side is most of a million-message
// archive, and a hit object for each of its matches, sorted, was most of a fused search's time and garbage.
import type { Catalog } from '../index/catalog';
import type { Evaluation } from './evaluate';
import { DIVERSE_TOP, diversify, type RankedHit } from './rank';

export interface FusedList {
  /** How many hits the list holds. */
  readonly size: number;
  /** Whether the list holds the message. */
  has(ordinal: number): boolean;
  /** Every hit's ordinal, in no set order. */
  ordinals(): number[];
  /** Whether the first of two of the list's messages comes before the second. */
  isBefore(first: number, second: number): boolean;
  /** The first `count` hits in order, leaving out those `isLeftOut` names (they keep their places for the others). */
  first(count: number, isLeftOut?: (ordinal: number) => boolean): RankedHit[];
  /** The hit the list holds for the message. */
  hit(ordinal: number): RankedHit;
  /** Leaves these messages (copies of others) out of the list. */
  leaveOut(dropped: ReadonlySet<number>): void;
}

/** A list held whole, as hits: by meaning alone, or reranked (a few hundred at most). */
export class HitList implements FusedList {
  private positions: Map<number, number> | null = null;

  constructor(private hits: RankedHit[]) {}

  get size(): number {
    return this.hits.length;
  }

  has(ordinal: number): boolean {
    return this.placed().has(ordinal);
  }

  ordinals(): number[] {
    return this.hits.map((hit) => hit.ordinal);
  }

  isBefore(first: number, second: number): boolean {
    const positions = this.placed();
    return positions.get(first)! < positions.get(second)!;
  }

  first(count: number, isLeftOut?: (ordinal: number) => boolean): RankedHit[] {
    const kept = isLeftOut ? this.hits.filter((hit) => !isLeftOut(hit.ordinal)) : this.hits;
    return kept.slice(0, count);
  }

  hit(ordinal: number): RankedHit {
    return this.hits[this.placed().get(ordinal)!]!;
  }

  leaveOut(dropped: ReadonlySet<number>): void {
    this.hits = this.hits.filter((hit) => !dropped.has(hit.ordinal));
    this.positions = null;
  }

  private placed(): Map<number, number> {
    this.positions ??= new Map(this.hits.map((hit, index) => [hit.ordinal, index]));
    return this.positions;
  }
}

/**
 * The list with some of its messages lifted to its top (a pasted subject's mails, see subjectTiers.ts): by `tier`, then
 * by `scores` (best first), then in the list's order; the others follow in the list's order.
 */
export class LiftedList implements FusedList {
  /** The lifted messages the list holds, in their order. */
  private readonly lifted: number[];

  constructor(
    private readonly list: FusedList,
    private readonly tier: ReadonlyMap<number, number>,
    private readonly scores: Float64Array,
  ) {
    this.lifted = [...tier.keys()].filter((ordinal) => list.has(ordinal)).sort((first, second) => this.compareLifted(first, second));
  }

  get size(): number {
    return this.list.size;
  }

  has(ordinal: number): boolean {
    return this.list.has(ordinal);
  }

  ordinals(): number[] {
    return this.list.ordinals();
  }

  isBefore(first: number, second: number): boolean {
    const isFirstLifted = this.tier.has(first);
    if (isFirstLifted !== this.tier.has(second)) return isFirstLifted;
    return isFirstLifted ? this.compareLifted(first, second) < 0 : this.list.isBefore(first, second);
  }

  first(count: number, isLeftOut?: (ordinal: number) => boolean): RankedHit[] {
    const top = this.lifted.filter((ordinal) => !isLeftOut?.(ordinal)).slice(0, count);
    if (top.length === count) return top.map((ordinal) => this.list.hit(ordinal));
    const isBelow = (ordinal: number): boolean => this.tier.has(ordinal) || isLeftOut?.(ordinal) === true;
    return [...top.map((ordinal) => this.list.hit(ordinal)), ...this.list.first(count - top.length, isBelow)];
  }

  hit(ordinal: number): RankedHit {
    return this.list.hit(ordinal);
  }

  leaveOut(dropped: ReadonlySet<number>): void {
    this.list.leaveOut(dropped);
    const kept = this.lifted.filter((ordinal) => !dropped.has(ordinal));
    this.lifted.splice(0, this.lifted.length, ...kept);
  }

  private compareLifted(first: number, second: number): number {
    return (
      this.tier.get(first)! - this.tier.get(second)! ||
      this.scores[second]! - this.scores[first]! ||
      (this.list.isBefore(first, second) ? -1 : 1)
    );
  }
}

/** The list's subject matches lifted to its top (see subjectTiers.ts), or the list as it is when there are none. */
export function liftedBy(list: FusedList, tier: ReadonlyMap<number, number> | null, keyword: Evaluation): FusedList {
  return tier === null ? list : new LiftedList(list, tier, keyword.scores);
}

/**
 * The first `count` hits of the list as diversifyThreads orders the whole list: from a prefix of it, doubled until
 * diversity no longer reaches past it.
 */
export function firstDiversified(list: FusedList, count: number, catalog: Catalog): RankedHit[] {
  for (let prefix = Math.max(count, DIVERSE_TOP) * 2; ; prefix *= 2) {
    const best = list.first(prefix);
    const { ordered, isSettled } = diversify(best, catalog);
    if (isSettled || best.length < prefix) return ordered.slice(0, count);
  }
}
