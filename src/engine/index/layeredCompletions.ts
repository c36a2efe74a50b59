// One set's autocomplete values (people, folders, labels…) as a large index of the values when it was built plus a
// small one of the values that changed since (new people, new counts), so a batch of an import costs its own values
// rather than the archive's.
import {
  namedTable,
  personTable,
  type CompletionValue,
  type ContactEntry,
  type ValueSet,
  type WeighedValue,
} from '../../shared/query/completionIndex';
import type { PrefixTable } from '../../shared/query/prefixTable';

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

/** A table over one set's entries, held by the table as they are (people come with their addresses: see ContactDirectory). */
function tableOf(set: WeighedSet, entries: readonly WeighedEntry[]): PrefixTable<WeighedValue> {
  return set === 'contacts' || set === 'senders' ? personTable(entries as readonly ContactEntry[]) : namedTable(entries);
}

/**
 * The count of each value two or more entries share (a sender named as another's address), the last one's: entries are
 * told apart by value, so that entry's count ranks every one of them.
 */
function countsOfRepeatedValues(entries: readonly WeighedEntry[]): Map<string, number> {
  const lastByValue = new Map<string, WeighedEntry>();
  const repeated = new Set<string>();
  for (const entry of entries) {
    const value = valueOf(entry);
    if (lastByValue.has(value)) repeated.add(value);
    lastByValue.set(value, entry);
  }
  return new Map([...repeated].map((value) => [value, lastByValue.get(value)!.count]));
}

/** Highest count first; equal counts by value, so every layering of the same values lists them alike. */
function byWeight(first: WeighedValue, second: WeighedValue): number {
  return second.weight - first.weight || (first.value < second.value ? -1 : first.value > second.value ? 1 : 0);
}

/** The entries of the base index and their table; entries are told apart by value, a value's entry being the last one with it. */
class BaseLayer {
  /** The number of each value's entry, made when the set is first updated: an engine that only reads never needs it. */
  private entryByValue: Map<string, number> | null = null;
  /** Entries whose value a later entry took: still the base's own, for telling the unchanged ones by identity. */
  private readonly shadowed = new Set<WeighedEntry>();

  constructor(
    readonly table: PrefixTable<WeighedValue>,
    readonly entries: readonly WeighedEntry[],
    private readonly repeatedCounts: Map<string, number>,
  ) {}

  entryNumbers(): Map<string, number> {
    if (this.entryByValue) return this.entryByValue;
    this.entryByValue = new Map();
    this.entries.forEach((entry, number) => {
      const value = valueOf(entry);
      const before = this.entryByValue!.get(value);
      if (before !== undefined) this.shadowed.add(this.entries[before]!);
      this.entryByValue!.set(value, number);
    });
    return this.entryByValue;
  }

  /** Whether `entry` is one the base was built from: a source hands the same entry again while it is unchanged. */
  isOwn(entry: WeighedEntry, number: number | undefined): boolean {
    return (number !== undefined && this.entries[number] === entry) || this.shadowed.has(entry);
  }

  /** The base's values a prefix finds, weighed by the count of their value's entry. */
  lookup(prefix: string, limit: number): WeighedValue[] {
    const found = this.table.lookup(prefix, limit);
    if (this.repeatedCounts.size === 0) return found;
    return found.map((value) => ({ ...value, weight: this.repeatedCounts.get(value.value) ?? value.weight }));
  }
}

/** One index over a set's values (`base`) and one over those that changed since (`recent`), looked up as one. */
export class LayeredValues {
  private constructor(
    private readonly set: WeighedSet,
    private readonly base: BaseLayer,
    private readonly recent: PrefixTable<WeighedValue>,
    /** The values whose base entry is out of date: changed (in `recent`) or gone. */
    private readonly stale: Set<string>,
    /** The counts of the changed entries by value. */
    private readonly recentCounts: Map<string, number>,
    /** How many entries `recent` holds. */
    readonly recentSize: number,
    /** How many entries `base` holds. */
    readonly baseSize: number,
  ) {}

  /** Builds the whole index over `entries`: what the set's first look-up pays, once. */
  static whole(set: WeighedSet, entries: readonly WeighedEntry[]): LayeredValues {
    const base = new BaseLayer(tableOf(set, entries), entries, countsOfRepeatedValues(entries));
    return new LayeredValues(set, base, tableOf(set, []), new Set(), new Map(), 0, entries.length);
  }

  /**
   * The same base with the entries that differ from it in the recent index. An entry the base was built from (the same
   * object) is unchanged and costs a look-up; only the others are compared by what they show. Comparing every entry by
   * its text after each batch of an import took a tenth of a second at 100k messages while autocomplete waited (issue 25).
   */
  updated(entries: readonly WeighedEntry[]): LayeredValues {
    const { base } = this;
    const numbers = base.entryNumbers();
    const differing: WeighedEntry[] = [];
    let stillThere = 0;
    for (const entry of entries) {
      const number = numbers.get(valueOf(entry));
      if (number !== undefined) stillThere += 1;
      if (base.isOwn(entry, number)) continue;
      if (number === undefined || shownAs(base.entries[number]!) !== shownAs(entry)) differing.push(entry);
    }
    const stale = new Set(differing.map(valueOf));
    // Every value of the base is still offered unless fewer of them are there than the base holds.
    if (stillThere < numbers.size) {
      const now = new Set(entries.map(valueOf));
      for (const value of numbers.keys()) if (!now.has(value)) stale.add(value);
    }
    return new LayeredValues(
      this.set,
      base,
      tableOf(this.set, differing),
      stale,
      new Map(differing.map((entry) => [valueOf(entry), entry.count])),
      differing.length,
      this.baseSize,
    );
  }

  lookup(prefix: string, limit: number): CompletionValue[] {
    if (limit <= 0) return [];
    const { stale } = this;
    // The base's best may be out of date: ask it for more until `limit` current ones are among them or it has no more;
    // no more than the out-of-date values can be left out, so asking for that many more always has enough.
    const enough = limit + stale.size;
    const current = (asked: number): WeighedValue[] => {
      const older = this.base.lookup(prefix, asked);
      const kept = older.filter((value) => !stale.has(value.value));
      return kept.length >= limit || older.length < asked || asked >= enough ? kept : current(Math.min(asked * 2, enough));
    };
    const recent = this.recent.lookup(prefix, limit).map((value) => ({ ...value, weight: this.recentCounts.get(value.value)! }));
    return [...current(limit), ...recent]
      .sort(byWeight)
      .slice(0, limit)
      .map(({ value, label, detail }) => ({ value, label, detail }));
  }
}
