// Prefix search over the archive's contacts, folders, labels and names for autocomplete: sorted keys, binary search, top-k.
import { foldText } from './fold';
import { PrefixTable } from './prefixTable';

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

/** A value and the weight it ranks by (a person's or a named thing's count), for an index made of others (layeredCompletions.ts). */
export interface WeighedValue extends CompletionValue {
  weight: number;
}

const WORD_BREAKS = /[\s/._\-@,<>()"']+/;
const BEYOND_ASCII = /[\u0080-\uffff]/;

/** foldText, and for ASCII (most names and addresses) the lower case it gives, without normalising. */
function folded(text: string): string {
  return BEYOND_ASCII.test(text) ? foldText(text) : text.toLowerCase();
}

function wordsOfFolded(text: string): string[] {
  return text.split(WORD_BREAKS).filter((word) => word !== '');
}

/**
 * The address's domain from each of its labels on but the last (`mail.acme.co.uk`, `acme.co.uk`), leaving out those
 * that begin with a label of two letters or fewer (`co.uk`): `from:acme` offers the people at acme.com, as it finds
 * their mail.
 */
function domainKeys(address: string): string[] {
  const at = address.lastIndexOf('@');
  if (at < 0) return [];
  const labels = address.slice(at + 1).split('.');
  const keys: string[] = [];
  for (let index = 0; index < labels.length - 1; index += 1) {
    if (labels[index]!.length > 2) keys.push(labels.slice(index).join('.'));
  }
  return keys;
}

/**
 * People by their whole name and address, the words of the name and of the address before `@`, and the address's
 * domain (see domainKeys). The table reads the list again for what it offers: hand over a list whose entries are not
 * changed afterwards.
 */
export function personTable(people: readonly ContactEntry[]): PrefixTable<WeighedValue> {
  return new PrefixTable({
    size: people.length,
    weightOf: (owner) => people[owner]!.count,
    valueOf: (owner) => {
      const { name, address, count } = people[owner]!;
      return { value: address || name, label: name || address, detail: name && address ? address : '', weight: count };
    },
    keysOf: (owner) => {
      const { name, address } = people[owner]!;
      const foldedName = folded(name);
      const foldedAddress = folded(address);
      return [
        foldedName,
        foldedAddress,
        ...wordsOfFolded(foldedName),
        ...wordsOfFolded(foldedAddress.split('@')[0] ?? ''),
        ...domainKeys(foldedAddress),
      ];
    },
    textOf: (owner) => people[owner]!.name + people[owner]!.address,
  });
}

/** Named things by their whole name and its words; read again as `personTable`'s people are. */
export function namedTable(named: readonly NamedEntry[]): PrefixTable<WeighedValue> {
  const nameOf = (owner: number): string => {
    const item = named[owner]!;
    return typeof item === 'string' ? item : item.name;
  };
  const weightOf = (owner: number): number => {
    const item = named[owner]!;
    return typeof item === 'string' ? 0 : item.count;
  };
  return new PrefixTable({
    size: named.length,
    weightOf,
    valueOf: (owner) => {
      const name = nameOf(owner);
      const count = weightOf(owner);
      return { value: name, label: name, detail: count > 0 ? `${count.toLocaleString('en-US')}` : '', weight: count };
    },
    keysOf: (owner) => {
      const name = folded(nameOf(owner));
      return [name, ...wordsOfFolded(name)];
    },
    textOf: nameOf,
  });
}

/**
 * Builds the in-memory index once per archive change; lookups then take microseconds to a few milliseconds. The lists
 * are read again by look-ups: hand over lists whose entries are not changed afterwards.
 */
export function buildCompletionIndex(source: CompletionSource): CompletionIndex {
  const tables = new Map<ValueSet, PrefixTable<WeighedValue>>();
  if (source.contacts) tables.set('contacts', personTable(source.contacts));
  if (source.senders) tables.set('senders', personTable(source.senders));
  for (const set of ['folders', 'labels', 'collections', 'attachments', 'categories', 'lists', 'sources'] as const) {
    const named = source[set];
    if (named) tables.set(set, namedTable(named));
  }
  return {
    lookup: (set, prefix, limit) =>
      (tables.get(set)?.lookup(prefix, limit) ?? []).map(({ value, label, detail }) => ({ value, label, detail })),
    has: (set) => tables.has(set),
  };
}

/** An index with nothing in it, for a UI that has not loaded the archive's names yet. */
export const EMPTY_COMPLETION_INDEX: CompletionIndex = { lookup: () => [] };
