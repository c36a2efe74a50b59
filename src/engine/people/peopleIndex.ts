// The people of the catalog, counted per person (aliases joined) and relative to the archive's owner; rebuilt when mail is added.
import type { PeopleOwner, PersonSummary } from '../../shared/model/people';
import type { Catalog } from '../index/catalog';
import { buildAddressBook, type AddressBook } from './addressBook';
import { countPeople } from './countPeople';
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
  const { owner, ownerGroup } = findOwner(catalog, book, grouping);
  const people = countPeople(catalog, book, grouping, ownerGroup, null);
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
