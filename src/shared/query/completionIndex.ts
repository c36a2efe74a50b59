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
}

interface Entry extends CompletionValue {
  weight: number;
}

/** Keys sorted for binary search; `owners[i]` is the entry that key `keys[i]` belongs to. */
class PrefixTable {
  private readonly keys: string[];
  private readonly owners: Int32Array;
  /** Entry numbers by weight, for an empty prefix. */
  private readonly byWeight: number[];

  constructor(
    private readonly entries: Entry[],
    keysOf: (entry: Entry, owner: number) => string[],
  ) {
    const pairs: Array<[string, number]> = [];
    entries.forEach((entry, owner) => {
      for (const key of new Set(keysOf(entry, owner))) if (key !== '') pairs.push([key, owner]);
    });
    pairs.sort((left, right) => (left[0] < right[0] ? -1 : left[0] > right[0] ? 1 : left[1] - right[1]));
    this.keys = pairs.map((pair) => pair[0]);
    this.owners = Int32Array.from(pairs.map((pair) => pair[1]));
    this.byWeight = entries.map((_, owner) => owner).sort((left, right) => entries[right]!.weight - entries[left]!.weight || left - right);
  }

  private firstAtLeast(prefix: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  lookup(prefix: string, limit: number): CompletionValue[] {
    if (limit <= 0) return [];
    const folded = foldText(prefix).trim();
    if (folded === '') return this.byWeight.slice(0, limit).map((owner) => this.entries[owner]!);
    // One pass over the matching keys keeping the best `limit` owners: no per-entry regex, no full sort.
    const best: number[] = [];
    const seen = new Set<number>();
    for (let position = this.firstAtLeast(folded); position < this.keys.length && this.keys[position]!.startsWith(folded); position += 1) {
      const owner = this.owners[position]!;
      if (seen.has(owner)) continue;
      seen.add(owner);
      const weight = this.entries[owner]!.weight;
      if (best.length === limit && weight <= this.entries[best[limit - 1]!]!.weight) continue;
      let slot = best.length;
      while (slot > 0 && this.entries[best[slot - 1]!]!.weight < weight) slot -= 1;
      best.splice(slot, 0, owner);
      if (best.length > limit) best.pop();
    }
    return best.map((owner) => {
      const { value, label, detail } = this.entries[owner]!;
      return { value, label, detail };
    });
  }
}

function wordsOf(text: string): string[] {
  return foldText(text).split(/[\s/._\-@,<>()"']+/).filter((word) => word !== '');
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
  for (const set of ['folders', 'labels', 'collections', 'attachments', 'categories', 'lists', 'sources'] as const) {
    const named = source[set];
    if (named) tables.set(set, namedTable(named));
  }
  return {
    lookup: (set, prefix, limit) => tables.get(set)?.lookup(prefix, limit) ?? [],
  };
}

/** An index with nothing in it, for a UI that has not loaded the archive's names yet. */
export const EMPTY_COMPLETION_INDEX: CompletionIndex = { lookup: () => [] };
