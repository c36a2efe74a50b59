// One set's autocomplete values (people, folders, labels…) as a large index of the values when it was built plus a
// small one of the values that changed since (new people, new counts), so a batch of an import costs its own values
// rather than the archive's.
import {
  buildCompletionIndex,
  type CompletionIndex,
  type CompletionSource,
  type CompletionValue,
  type ValueSet,
} from '../../shared/query/completionIndex';

/** The sets the engine offers; each entry weighs its count. */
export type WeighedSet = Exclude<ValueSet, 'sources'>;
export const WEIGHED_SETS: readonly WeighedSet[] = [
  'contacts',
  'senders',
  'folders',
  'labels',
  'collections',
  'attachments',
  'lists',
  'categories',
];

export function isWeighedSet(set: ValueSet): set is WeighedSet {
  return (WEIGHED_SETS as readonly ValueSet[]).includes(set);
}

/** A person (with an address, or a shared address's sender by name) or a named thing, and how many messages it is on. */
export interface WeighedEntry {
  name: string;
  address?: string;
  count: number;
}

/** The value the completion index offers for an entry (a contact's address, else its name): entries are told apart by it. */
function valueOf(entry: WeighedEntry): string {
  return entry.address || entry.name;
}

/** What an entry shows: a change to any of it makes the entry a changed one. */
function shownAs(entry: WeighedEntry): string {
  return `${entry.count}\u0000${entry.name}`;
}

function shownOf(entries: readonly WeighedEntry[]): Map<string, string> {
  return new Map(entries.map((entry) => [valueOf(entry), shownAs(entry)]));
}

/** An index over one set's entries (people come with their addresses: see ContactDirectory). */
function indexOf(set: WeighedSet, entries: readonly WeighedEntry[]): CompletionIndex {
  return buildCompletionIndex({ [set]: entries } as CompletionSource);
}

/** Highest count first; equal counts by value, so every layering of the same values lists them alike. */
function byWeight(shownAs: (value: string) => string | undefined): (first: CompletionValue, second: CompletionValue) => number {
  const count = (value: CompletionValue): number => Number.parseInt(shownAs(value.value) ?? '0', 10);
  return (first, second) => count(second) - count(first) || (first.value < second.value ? -1 : first.value > second.value ? 1 : 0);
}

/** One index over a set's values (`base`) and one over those that changed since (`recent`), looked up as one. */
export class LayeredValues {
  private constructor(
    private readonly set: WeighedSet,
    private readonly base: CompletionIndex,
    private readonly baseShown: Map<string, string>,
    /** The entries `base` was built from, by identity: a source hands the same entry again while it is unchanged. */
    private readonly baseEntries: Set<WeighedEntry>,
    private readonly recent: CompletionIndex,
    /** The values whose base entry is out of date: changed (in `recent`) or gone. */
    private readonly stale: Set<string>,
    /** What the changed entries show now; the others show what the base does. */
    private readonly recentShown: Map<string, string>,
    /** How many entries `recent` holds. */
    readonly recentSize: number,
    /** How many entries `base` holds. */
    readonly baseSize: number,
  ) {}

  /** Builds the whole index over `entries`: what the set's first look-up pays, once. */
  static whole(set: WeighedSet, entries: readonly WeighedEntry[]): LayeredValues {
    return new LayeredValues(
      set,
      indexOf(set, entries),
      shownOf(entries),
      new Set(entries),
      indexOf(set, []),
      new Set(),
      new Map(),
      0,
      entries.length,
    );
  }

  /**
   * The same base with the entries that differ from it in the recent index. An entry the base was built from (the same
   * object) is unchanged and costs a look-up; only the others are compared by what they show. Comparing every entry by
   * its text after each batch of an import took a tenth of a second at 100k messages while autocomplete waited (issue 25).
   */
  updated(entries: readonly WeighedEntry[]): LayeredValues {
    const differing: WeighedEntry[] = [];
    let stillThere = 0;
    for (const entry of entries) {
      if (this.baseEntries.has(entry)) {
        stillThere += 1;
        continue;
      }
      const shownBefore = this.baseShown.get(valueOf(entry));
      if (shownBefore !== undefined) stillThere += 1;
      if (shownBefore !== shownAs(entry)) differing.push(entry);
    }
    const stale = new Set(differing.map(valueOf));
    // Every value of the base is still offered unless fewer of them are there than the base holds.
    if (stillThere < this.baseShown.size) {
      const now = new Set(entries.map(valueOf));
      for (const value of this.baseShown.keys()) if (!now.has(value)) stale.add(value);
    }
    return new LayeredValues(
      this.set,
      this.base,
      this.baseShown,
      this.baseEntries,
      indexOf(this.set, differing),
      stale,
      shownOf(differing),
      differing.length,
      this.baseSize,
    );
  }

  lookup(prefix: string, limit: number): CompletionValue[] {
    if (limit <= 0) return [];
    const { set, stale } = this;
    // The base's best may be out of date: ask it for more until `limit` current ones are among them or it has no more;
    // no more than the out-of-date values can be left out, so asking for that many more always has enough.
    const enough = limit + stale.size;
    const current = (asked: number): CompletionValue[] => {
      const older = this.base.lookup(set, prefix, asked);
      const kept = older.filter((value) => !stale.has(value.value));
      return kept.length >= limit || older.length < asked || asked >= enough ? kept : current(Math.min(asked * 2, enough));
    };
    const merged = [...current(limit), ...this.recent.lookup(set, prefix, limit)];
    return merged.sort(byWeight((value) => this.recentShown.get(value) ?? this.baseShown.get(value))).slice(0, limit);
  }
}
