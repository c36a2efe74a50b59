// The catalog's messages grouped by conversation (number per ordinal, members per conversation), kept per catalog and
// extended as it grows, so a search can look at the other messages of a conversation without walking the archive.
import type { Catalog } from '../index/catalog';

/**
 * Messages added since the grouping was last made whole, past which it is made whole again: the added ones are kept
 * in lists by conversation, which a search during an import extends batch by batch.
 */
const MOST_ADDED_SHARE = 0.25;
const LEAST_ADDED_BOUND = 4096;

/**
 * The members of every conversation in typed arrays: the ordinals of conversation n are members[starts[n] ..
 * starts[n + 1]), in load order. Grouping the 100k-message catalog as a list per conversation (a number for a lone
 * mail) took a fresh engine's first search with words about 20 ms (issue 25); counted and placed in typed arrays from
 * the catalog's own thread numbers, a few.
 */
export class ThreadMembers {
  /** Per ordinal, the number of its conversation. */
  threadOf = new Int32Array(0);
  /** Every conversation number is below it. */
  threads = 0;
  /** How many of the catalog's ordinals are grouped. */
  size = 0;
  private starts = new Int32Array(1);
  private members = new Int32Array(0);
  /** How many ordinals `starts` and `members` hold; those after are in `added`. */
  private whole = 0;
  /** The ordinals past `whole`, by conversation, in load order. */
  private added = new Map<number, number[]>();

  /** Groups the messages the catalog has gained since. */
  extend(catalog: Catalog): void {
    if (this.threadOf.length < catalog.size) {
      const grown = new Int32Array(Math.max(catalog.size, this.threadOf.length * 2));
      grown.set(this.threadOf.subarray(0, this.size));
      this.threadOf = grown;
    }
    catalog.threadNumbers.numbersInto(this.threadOf.subarray(this.size, catalog.size), this.size);
    this.threads = catalog.threadNumbers.valueCount;
    this.size = catalog.size;
    if (this.size - this.whole > Math.max(LEAST_ADDED_BOUND, this.whole * MOST_ADDED_SHARE)) this.makeWhole();
    else for (let ordinal = this.whole; ordinal < this.size; ordinal += 1) this.addedTo(this.threadOf[ordinal]!).push(ordinal);
  }

  private addedTo(thread: number): number[] {
    let list = this.added.get(thread);
    if (list === undefined) this.added.set(thread, (list = []));
    return list;
  }

  /** Counts the members of each conversation, then places every ordinal after those before it in the same one. */
  private makeWhole(): void {
    const { threadOf, size, threads } = this;
    const starts = new Int32Array(threads + 1);
    for (let ordinal = 0; ordinal < size; ordinal += 1) starts[threadOf[ordinal]! + 1]! += 1;
    for (let thread = 0; thread < threads; thread += 1) starts[thread + 1]! += starts[thread]!;
    const next = starts.slice(0, threads);
    const members = new Int32Array(size);
    for (let ordinal = 0; ordinal < size; ordinal += 1) members[next[threadOf[ordinal]!]!++] = ordinal;
    this.starts = starts;
    this.members = members;
    this.whole = size;
    this.added.clear();
  }

  /** The ordinals of conversation `thread`, in load order. */
  membersOf(thread: number): ArrayLike<number> & Iterable<number> {
    const grouped = thread + 1 < this.starts.length ? this.members.subarray(this.starts[thread]!, this.starts[thread + 1]!) : null;
    const added = this.added.get(thread);
    if (added === undefined) return grouped ?? [];
    return grouped === null || grouped.length === 0 ? added : [...grouped, ...added];
  }

  /** How many messages conversation `thread` holds. */
  sizeOf(thread: number): number {
    const grouped = thread + 1 < this.starts.length ? this.starts[thread + 1]! - this.starts[thread]! : 0;
    return grouped + (this.added.get(thread)?.length ?? 0);
  }

  /** Whether conversation `thread` is one message alone. */
  isLone(thread: number): boolean {
    return this.sizeOf(thread) === 1;
  }
}

/** Catalogs only ever gain messages (loadIndexes builds a new one otherwise), so each keeps its grouping and extends it. */
const groupings = new WeakMap<Catalog, ThreadMembers>();

/**
 * The grouping a search of the catalog as it is has already made, or null: a page's hits take their conversations'
 * sizes from it rather than have the catalog count every conversation's messages once more (issue 25).
 */
export function madeThreadMembers(catalog: Catalog): ThreadMembers | null {
  const grouping = groupings.get(catalog);
  return grouping !== undefined && grouping.size === catalog.size ? grouping : null;
}

export function threadMembers(catalog: Catalog): ThreadMembers {
  let grouping = groupings.get(catalog);
  if (grouping === undefined || grouping.size > catalog.size) {
    grouping = new ThreadMembers();
    groupings.set(catalog, grouping);
  }
  if (grouping.size < catalog.size) grouping.extend(catalog);
  return grouping;
}
