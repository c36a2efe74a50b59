// The people of the catalog, counted per person (aliases joined) and relative to the archive's owner; rebuilt when mail is added.
import type { PeopleOwner, PersonSummary } from '../../shared/model/people';
import { quoteValue } from '../../shared/query/quoteValue';
import type { Catalog } from '../index/catalog';
import { buildAddressBook, type AddressBook } from './addressBook';
import { groupPeople, type Grouping } from './groupPeople';

/** Folder and label names (as place keys) that hold the owner's sent mail. */
const SENT_PLACES = new Set(['sent', 'sent items', 'sent mail', 'sent messages', 'gesendet', 'envoyes', 'elementos enviados']);

export interface PeopleSnapshot {
  book: AddressBook;
  grouping: Grouping;
  people: PersonSummary[];
  owner: PeopleOwner;
  /** The owner's group index, or -1. */
  ownerGroup: number;
  countingRule: string;
}

/** participants: for each address, joined by OR: the search a person click runs. */
export function participantsQuery(addresses: readonly string[]): string {
  const terms = addresses.map((address) => `participants:${quoteValue(address)}`);
  return terms.length === 1 ? terms[0]! : `(${terms.join(' OR ')})`;
}

/** Messages in a Sent folder or under a Sent label, one byte each. */
function sentMail(catalog: Catalog): Uint8Array {
  const marks = new Uint8Array(catalog.size);
  catalog.columns.folderLeafKey.mark(marks, (leaf) => SENT_PLACES.has(leaf));
  catalog.markLabels(marks, (keys) => keys.some((key) => SENT_PLACES.has(key.split('/').pop() ?? key)));
  return marks;
}

function findOwner(catalog: Catalog, book: AddressBook, grouping: Grouping): { owner: PeopleOwner; ownerGroup: number } {
  const marks = sentMail(catalog);
  const counts = new Map<number, number>();
  let sentTotal = 0;
  for (let ordinal = 0; ordinal < marks.length; ordinal += 1) {
    const sender = book.senderOf[ordinal]!;
    if (marks[ordinal] === 0 || sender < 0) continue;
    sentTotal += 1;
    const group = grouping.groupOf[sender]!;
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  let ownerGroup = -1;
  let best = 0;
  for (const [group, count] of counts) {
    if (count > best) {
      best = count;
      ownerGroup = group;
    }
  }
  if (ownerGroup < 0) {
    return {
      owner: { id: null, name: '', rule: 'No mail in a Sent folder, so the archive has no known owner.' },
      ownerGroup,
    };
  }
  const group = grouping.groups[ownerGroup]!;
  return {
    owner: {
      id: group.addresses[0]!.address,
      name: group.name,
      rule: `The owner is ${group.name} <${group.addresses[0]!.address}>, the sender of ${best} of the ${sentTotal} messages in Sent folders.`,
    },
    ownerGroup,
  };
}

export function buildPeople(catalog: Catalog, book: AddressBook, separated: ReadonlySet<string>): PeopleSnapshot {
  const grouping = groupPeople(book, separated);
  const { groups, groupOf } = grouping;
  const { owner, ownerGroup } = findOwner(catalog, book, grouping);
  const count = groups.length;
  const messages = new Int32Array(count);
  const fromThem = new Int32Array(count);
  const toThem = new Int32Array(count);
  const first = new Float64Array(count).fill(Infinity);
  const last = new Float64Array(count).fill(-Infinity);
  // The last message each group was counted for, so a person on a mail under two addresses counts it once.
  const countedAt = new Int32Array(count).fill(-1);
  const dates = catalog.dates;
  for (let ordinal = 0; ordinal < book.size; ordinal += 1) {
    const date = dates[ordinal]!;
    const sender = book.senderOf[ordinal]!;
    const senderGroup = sender < 0 ? -1 : groupOf[sender]!;
    const count = (group: number): void => {
      if (countedAt[group] === ordinal) return;
      countedAt[group] = ordinal;
      messages[group]! += 1;
      if (date < first[group]!) first[group] = date;
      if (date > last[group]!) last[group] = date;
    };
    if (senderGroup >= 0) {
      count(senderGroup);
      fromThem[senderGroup]! += 1;
    }
    const isToThemCounted = ownerGroup < 0 || senderGroup === ownerGroup;
    for (const recipient of book.recipientsOf(ordinal)) {
      const group = groupOf[recipient]!;
      if (group === senderGroup) continue;
      const isNew = countedAt[group] !== ordinal;
      count(group);
      if (isNew && isToThemCounted) toThem[group]! += 1;
    }
  }
  const people = groups.map((group, index): PersonSummary => ({
    id: group.addresses[0]!.address,
    name: group.name,
    addresses: group.addresses,
    messages: messages[index]!,
    fromThem: fromThem[index]!,
    toThem: toThem[index]!,
    firstDate: Number.isFinite(first[index]) ? new Date(first[index]!).toISOString() : null,
    lastDate: Number.isFinite(last[index]) ? new Date(last[index]!).toISOString() : null,
    isOwner: index === ownerGroup,
    isList: group.members.some((member) => book.isList[member] === 1),
    query: participantsQuery(group.addresses.map((address) => address.address)),
  }));
  const countingRule =
    ownerGroup < 0
      ? '"From them" counts the mail they sent; "to them" counts all mail addressed to them (To, Cc or Bcc).'
      : `"From them" counts the mail they sent (received by ${owner.name}); "to them" counts mail ${owner.name} sent to them.`;
  return { book, grouping, people, owner, ownerGroup, countingRule };
}

/** The people of a catalog, remade when the catalog grows or the separated addresses change; the address pass only when it grows. */
export class PeopleIndex {
  private book: AddressBook | null = null;
  private snapshot: PeopleSnapshot | null = null;
  private separatedKey = '';

  constructor(private readonly catalog: Catalog) {}

  current(separated: ReadonlySet<string>): PeopleSnapshot {
    const key = [...separated].sort().join('\n');
    if (this.snapshot && this.book?.size === this.catalog.size && key === this.separatedKey) return this.snapshot;
    if (this.book?.size !== this.catalog.size) this.book = buildAddressBook(this.catalog);
    this.snapshot = buildPeople(this.catalog, this.book, separated);
    this.separatedKey = key;
    return this.snapshot;
  }
}
