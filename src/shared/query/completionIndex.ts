// Prefix search over the archive's contacts, folders, labels and names for autocomplete: sorted keys, binary search, top-k.
import { foldText } from './fold';

/** A person seen in the archive; `count` is how many messages they are on, so frequent people rank first. */
export interface ContactEntry {
  name: string;
  address: string;
  count: number;
}

/** A named place or thing with an optional use count (messages in the folder, attachments with the name). */
export type NamedEntry = string | { name: string; count: number };

/** What the archive can offer as values; every list is optional. */
export interface CompletionSource {
  contacts?: readonly ContactEntry[];
  /**
   * People as they appear in From, for `from:`. A sender whose address many names share (a mailing list that rewrites
   * From to "Name via List <list@…>") has an empty address, so the name, which `from:` matches, is what is offered.
   */
  senders?: readonly ContactEntry[];
  folders?: readonly NamedEntry[];
  labels?: readonly NamedEntry[];
  collections?: readonly NamedEntry[];
  attachments?: readonly NamedEntry[];
  categories?: readonly NamedEntry[];
  lists?: readonly NamedEntry[];
  sources?: readonly NamedEntry[];
}

export type ValueSet = keyof CompletionSource;

/** One value to offer: `value` goes into the query, `label` and `detail` are shown. */
export interface CompletionValue {
  value: string;
  label: string;
  detail: string;
}

/** Values by set and typed prefix, best first. Implement it over any store; `buildCompletionIndex` makes one in memory. */
export interface CompletionIndex {
  lookup(set: ValueSet, prefix: string, limit: number): CompletionValue[];
  /** Whether the archive provided this set at all (an index without senders falls back to contacts for from:). */
  has?(set: ValueSet): boolean;
}

/** Above this many matching keys, checking entries heaviest-first finds the top ones sooner than scanning the keys. */
const DENSE_RANGE = 2000;

interface Entry extends CompletionValue {
  weight: number;
}

/** Keys that begin with one character, sorted for binary search; `owners[i]` is the entry key `keys[i]` belongs to. */
interface SortedKeys {
  keys: string[];
  owners: Int32Array;
}

/**
 * The keys are grouped by their first character and each group is sorted when a prefix first asks for it: sorting
 * every key of a large archive's people before offering the first of them was most of the first `from:` (issue 25).
 */
class PrefixTable {
  /** Per first character, its keys and their owners in entry order, until sorted. */
  private readonly unsorted = new Map<string, { keys: string[]; owners: number[] }>();
  private readonly sorted = new Map<string, SortedKeys>();
  /** Entry numbers by weight, for an empty prefix and for a prefix that many keys share. */
  private readonly byWeight: number[];

  constructor(
    private readonly entries: Entry[],
    keysOf: (entry: Entry, owner: number) => string[],
  ) {
    // Each entry's keys are not kept apart from the groups: a large archive's people held them twice.
    entries.forEach((entry, owner) => {
      for (const key of new Set(keysOf(entry, owner))) {
        if (key === '') continue;
        const first = key[0]!;
        let group = this.unsorted.get(first);
        if (group === undefined) {
          group = { keys: [], owners: [] };
          this.unsorted.set(first, group);
        }
        group.keys.push(key);
        group.owners.push(owner);
      }
    });
    this.byWeight = entries.map((_, owner) => owner).sort((left, right) => entries[right]!.weight - entries[left]!.weight || left - right);
  }

  /** The keys beginning with `first`, sorted; equal keys stay in owner order (the sort is stable). */
  private keysBeginning(first: string): SortedKeys {
    const known = this.sorted.get(first);
    if (known) return known;
    const group = this.unsorted.get(first) ?? { keys: [], owners: [] };
    // A plain array sorts faster than a typed one with a comparator.
    const positions = Array.from(group.keys.keys());
    const { keys, owners } = group;
    positions.sort((left, right) => (keys[left]! < keys[right]! ? -1 : keys[left]! > keys[right]! ? 1 : 0));
    const sorted = {
      keys: Array.from(positions, (position) => keys[position]!),
      owners: Int32Array.from(positions, (position) => owners[position]!),
    };
    this.sorted.set(first, sorted);
    this.unsorted.delete(first);
    return sorted;
  }

  private static firstAtLeast(keys: readonly string[], prefix: string): number {
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (keys[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** A prefix that many keys share: the owners of its keys marked, then entries walked heaviest first to `limit` marked. */
  private heaviestMatching(owners: Int32Array, first: number, last: number, limit: number): number[] {
    const isMatching = new Uint8Array(this.entries.length);
    for (let position = first; position < last; position += 1) isMatching[owners[position]!] = 1;
    const best: number[] = [];
    for (const owner of this.byWeight) {
      if (best.length === limit) break;
      if (isMatching[owner] === 1) best.push(owner);
    }
    return best;
  }

  /** A rarer prefix: one pass over its keys keeping the heaviest `limit` owners, without a full sort. */
  private bestInRange(owners: Int32Array, first: number, last: number, limit: number): number[] {
    const best: number[] = [];
    const seen = new Set<number>();
    for (let position = first; position < last; position += 1) {
      const owner = owners[position]!;
      if (seen.has(owner)) continue;
      seen.add(owner);
      const weight = this.entries[owner]!.weight;
      if (best.length === limit && weight <= this.entries[best[limit - 1]!]!.weight) continue;
      let slot = best.length;
      while (slot > 0 && this.entries[best[slot - 1]!]!.weight < weight) slot -= 1;
      best.splice(slot, 0, owner);
      if (best.length > limit) best.pop();
    }
    return best;
  }

  lookup(prefix: string, limit: number): CompletionValue[] {
    if (limit <= 0) return [];
    const folded = foldText(prefix).trim();
    if (folded === '') return this.byWeight.slice(0, limit).map((owner) => this.entries[owner]!);
    const { keys, owners } = this.keysBeginning(folded[0]!);
    const first = PrefixTable.firstAtLeast(keys, folded);
    const last = PrefixTable.firstAtLeast(keys, `${folded}\uffff`);
    const best =
      last - first > DENSE_RANGE ? this.heaviestMatching(owners, first, last, limit) : this.bestInRange(owners, first, last, limit);
    return best.map((owner) => {
      const { value, label, detail } = this.entries[owner]!;
      return { value, label, detail };
    });
  }
}

function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[\s/._\-@,<>()"']+/)
    .filter((word) => word !== '');
}

function contactTable(contacts: readonly ContactEntry[]): PrefixTable {
  const entries: Entry[] = contacts.map((contact) => ({
    value: contact.address || contact.name,
    label: contact.name || contact.address,
    detail: contact.name && contact.address ? contact.address : '',
    weight: contact.count,
  }));
  return new PrefixTable(entries, (_entry, owner) => {
    const contact = contacts[owner]!;
    return [foldText(contact.name), foldText(contact.address), ...wordsOf(contact.name), ...wordsOf(contact.address.split('@')[0] ?? '')];
  });
}

function namedTable(named: readonly NamedEntry[]): PrefixTable {
  const entries: Entry[] = named.map((item) => {
    const name = typeof item === 'string' ? item : item.name;
    const count = typeof item === 'string' ? 0 : item.count;
    return { value: name, label: name, detail: count > 0 ? `${count.toLocaleString('en-US')}` : '', weight: count };
  });
  return new PrefixTable(entries, (entry) => [foldText(entry.value), ...wordsOf(entry.value)]);
}

/** Builds the in-memory index once per archive change; lookups then take microseconds to a few milliseconds. */
export function buildCompletionIndex(source: CompletionSource): CompletionIndex {
  const tables = new Map<ValueSet, PrefixTable>();
  if (source.contacts) tables.set('contacts', contactTable(source.contacts));
  if (source.senders) tables.set('senders', contactTable(source.senders));
  for (const set of ['folders', 'labels', 'collections', 'attachments', 'categories', 'lists', 'sources'] as const) {
    const named = source[set];
    if (named) tables.set(set, namedTable(named));
  }
  return {
    lookup: (set, prefix, limit) => tables.get(set)?.lookup(prefix, limit) ?? [],
    has: (set) => tables.has(set),
  };
}

/** An index with nothing in it, for a UI that has not loaded the archive's names yet. */
export const EMPTY_COMPLETION_INDEX: CompletionIndex = { lookup: () => [] };
