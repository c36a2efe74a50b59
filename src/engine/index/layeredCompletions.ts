// Autocomplete values as a large index of the archive's values when it was built plus a small one of the values that
// changed since (new people, new counts), so a batch of an import costs its own values rather than the archive's.
import {
  buildCompletionIndex,
  type CompletionIndex,
  type CompletionSource,
  type CompletionValue,
  type ValueSet,
} from '../../shared/query/completionIndex';

/** The sets the engine offers; each entry weighs its count. */
export type WeighedSet = Exclude<ValueSet, 'sources'>;
export type WeighedSource = Record<WeighedSet, readonly { name: string; address?: string; count: number }[]>;
const SETS: readonly WeighedSet[] = ['contacts', 'senders', 'folders', 'labels', 'collections', 'attachments', 'lists', 'categories'];

/** The value the completion index offers for an entry (a contact's address, else its name): entries are told apart by it. */
function valueOf(entry: { name: string; address?: string }): string {
  return entry.address || entry.name;
}

/** What an entry shows: a change to any of it makes the entry a changed one. */
function shownAs(entry: { name: string; count: number }): string {
  return `${entry.count}\u0000${entry.name}`;
}

type Shown = Map<WeighedSet, Map<string, string>>;
type Entry = WeighedSource[WeighedSet][number];

function shownOf(source: WeighedSource): Shown {
  return new Map(SETS.map((set) => [set, new Map(source[set].map((entry) => [valueOf(entry), shownAs(entry)]))]));
}

/** Highest count first; equal counts by value, so every layering of the same values lists them alike. */
function byWeight(shownAs: (value: string) => string | undefined): (first: CompletionValue, second: CompletionValue) => number {
  const count = (value: CompletionValue): number => Number.parseInt(shownAs(value.value) ?? '0', 10);
  return (first, second) => count(second) - count(first) || (first.value < second.value ? -1 : first.value > second.value ? 1 : 0);
}

/** One index over all values (`base`) and one over those that changed since (`recent`), looked up as one. */
export class LayeredCompletions implements CompletionIndex {
  private constructor(
    private readonly base: CompletionIndex,
    private readonly baseShown: Shown,
    /** The entries `base` was built from, by identity: a source hands the same entry again while it is unchanged. */
    private readonly baseEntries: Map<WeighedSet, Set<Entry>>,
    private readonly recent: CompletionIndex,
    /** Per set, the values whose base entry is out of date: changed (in `recent`) or gone. */
    private readonly stale: Map<WeighedSet, Set<string>>,
    /** What the changed entries show now; the others show what the base does. */
    private readonly recentShown: Shown,
    /** How many entries `recent` holds. */
    readonly recentSize: number,
    /** How many entries `base` holds. */
    readonly baseSize: number,
  ) {}

  /** Builds the whole index over `source`: what the first look-up pays, once. */
  static whole(source: WeighedSource): LayeredCompletions {
    const size = SETS.reduce((total, set) => total + source[set].length, 0);
    return new LayeredCompletions(
      buildCompletionIndex(source as CompletionSource),
      shownOf(source),
      new Map(SETS.map((set) => [set, new Set(source[set])])),
      buildCompletionIndex({}),
      new Map(),
      new Map(),
      0,
      size,
    );
  }

  /**
   * The same base with `source`'s entries that differ from it in the recent index. An entry the base was built from
   * (the same object) is unchanged and costs a look-up; only the others are compared by what they show. Comparing
   * every entry by its text after each batch of an import took a tenth of a second at 100k messages while autocomplete
   * waited (issue 25).
   */
  updated(source: WeighedSource): LayeredCompletions {
    const changed = {} as Record<WeighedSet, Entry[]>;
    const stale = new Map<WeighedSet, Set<string>>();
    const recentShown: Shown = new Map();
    let recentSize = 0;
    for (const set of SETS) {
      const before = this.baseShown.get(set)!;
      const kept = this.baseEntries.get(set)!;
      const differing: Entry[] = [];
      let stillThere = 0;
      for (const entry of source[set]) {
        if (kept.has(entry)) {
          stillThere += 1;
          continue;
        }
        const shownBefore = before.get(valueOf(entry));
        if (shownBefore !== undefined) stillThere += 1;
        if (shownBefore !== shownAs(entry)) differing.push(entry);
      }
      changed[set] = differing;
      recentSize += differing.length;
      const staleValues = new Set(differing.map(valueOf));
      // Every value of the base is still offered unless fewer of them are there than the base holds.
      if (stillThere < before.size) {
        const now = new Set(source[set].map(valueOf));
        for (const value of before.keys()) if (!now.has(value)) staleValues.add(value);
      }
      stale.set(set, staleValues);
      recentShown.set(set, new Map(differing.map((entry) => [valueOf(entry), shownAs(entry)])));
    }
    return new LayeredCompletions(
      this.base,
      this.baseShown,
      this.baseEntries,
      buildCompletionIndex(changed as CompletionSource),
      stale,
      recentShown,
      recentSize,
      this.baseSize,
    );
  }

  has(set: ValueSet): boolean {
    return (SETS as readonly ValueSet[]).includes(set);
  }

  lookup(set: ValueSet, prefix: string, limit: number): CompletionValue[] {
    if (limit <= 0 || !this.has(set)) return [];
    const weighed = set as WeighedSet;
    const stale = this.stale.get(weighed) ?? new Set<string>();
    // The base's best may be out of date: ask it for more until `limit` current ones are among them or it has no more;
    // no more than the out-of-date values can be left out, so asking for that many more always has enough.
    const enough = limit + stale.size;
    const current = (asked: number): CompletionValue[] => {
      const older = this.base.lookup(set, prefix, asked);
      const kept = older.filter((value) => !stale.has(value.value));
      return kept.length >= limit || older.length < asked || asked >= enough ? kept : current(Math.min(asked * 2, enough));
    };
    const merged = [...current(limit), ...this.recent.lookup(set, prefix, limit)];
    const recentShown = this.recentShown.get(weighed);
    const baseShown = this.baseShown.get(weighed)!;
    return merged.sort(byWeight((value) => recentShown?.get(value) ?? baseShown.get(value))).slice(0, limit);
  }
}
