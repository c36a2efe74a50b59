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

function shownOf(source: WeighedSource): Shown {
  return new Map(SETS.map((set) => [set, new Map(source[set].map((entry) => [valueOf(entry), shownAs(entry)]))]));
}

/** Highest count first; equal counts by value, so every layering of the same values lists them alike. */
function byWeight(weights: Map<string, string>): (first: CompletionValue, second: CompletionValue) => number {
  const count = (value: CompletionValue): number => Number.parseInt(weights.get(value.value) ?? '0', 10);
  return (first, second) => count(second) - count(first) || (first.value < second.value ? -1 : first.value > second.value ? 1 : 0);
}

/** One index over all values (`base`) and one over those that changed since (`recent`), looked up as one. */
export class LayeredCompletions implements CompletionIndex {
  private constructor(
    private readonly base: CompletionIndex,
    private readonly baseShown: Shown,
    private readonly recent: CompletionIndex,
    /** Per set, the values whose base entry is out of date: changed (in `recent`) or gone. */
    private readonly stale: Map<WeighedSet, Set<string>>,
    private readonly shown: Shown,
    /** How many entries `recent` holds. */
    readonly recentSize: number,
    /** How many entries `base` holds. */
    readonly baseSize: number,
  ) {}

  /** Builds the whole index over `source`: what the first look-up pays, once. */
  static whole(source: WeighedSource): LayeredCompletions {
    const shown = shownOf(source);
    const size = SETS.reduce((total, set) => total + source[set].length, 0);
    return new LayeredCompletions(
      buildCompletionIndex(source as CompletionSource),
      shown,
      buildCompletionIndex({}),
      new Map(),
      shown,
      0,
      size,
    );
  }

  /** The same base with `source`'s entries that differ from it in the recent index: costs a pass over `source` and the changed entries. */
  updated(source: WeighedSource): LayeredCompletions {
    const shown = shownOf(source);
    const changed = {} as Record<WeighedSet, { name: string; address?: string; count: number }[]>;
    const stale = new Map<WeighedSet, Set<string>>();
    let recentSize = 0;
    for (const set of SETS) {
      const before = this.baseShown.get(set)!;
      const now = shown.get(set)!;
      changed[set] = source[set].filter((entry) => before.get(valueOf(entry)) !== shownAs(entry));
      recentSize += changed[set].length;
      const gone = [...before.keys()].filter((value) => !now.has(value));
      stale.set(set, new Set([...changed[set].map(valueOf), ...gone]));
    }
    return new LayeredCompletions(
      this.base,
      this.baseShown,
      buildCompletionIndex(changed as CompletionSource),
      stale,
      shown,
      recentSize,
      this.baseSize,
    );
  }

  has(set: ValueSet): boolean {
    return this.shown.has(set as WeighedSet);
  }

  lookup(set: ValueSet, prefix: string, limit: number): CompletionValue[] {
    if (limit <= 0 || !this.has(set)) return [];
    const stale = this.stale.get(set as WeighedSet) ?? new Set<string>();
    // The base's best may be out of date: ask it for more until `limit` current ones are among them or it has no more;
    // no more than the out-of-date values can be left out, so asking for that many more always has enough.
    const enough = limit + stale.size;
    const current = (asked: number): CompletionValue[] => {
      const older = this.base.lookup(set, prefix, asked);
      const kept = older.filter((value) => !stale.has(value.value));
      return kept.length >= limit || older.length < asked || asked >= enough ? kept : current(Math.min(asked * 2, enough));
    };
    const merged = [...current(limit), ...this.recent.lookup(set, prefix, limit)];
    return merged.sort(byWeight(this.shown.get(set as WeighedSet)!)).slice(0, limit);
  }
}
