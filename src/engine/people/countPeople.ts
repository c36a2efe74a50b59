// Each person's messages, mail from and to them, and first and last date, over the whole catalog or one search's matches.
import type { PersonSummary } from '../../shared/model/people';
import { quoteValue } from '../../shared/query/quoteValue';
import type { Catalog } from '../index/catalog';
import type { AddressBook } from './addressBook';
import type { Grouping } from './groupPeople';

/** participants: for each address, joined by OR: the search a person click runs. */
export function participantsQuery(addresses: readonly string[]): string {
  const terms = addresses.map((address) => `participants:${quoteValue(address)}`);
  return terms.length === 1 ? terms[0]! : `(${terms.join(' OR ')})`;
}

/**
 * Counts every person over `ordinals` (distinct; null: every message). "To them" counts only the owner's mail when the
 * owner is known (`ownerGroup` ≥ 0). A person on a mail under two of their addresses counts it once.
 */
export function countPeople(
  catalog: Catalog,
  book: AddressBook,
  grouping: Grouping,
  ownerGroup: number,
  ordinals: readonly number[] | null,
): PersonSummary[] {
  const { groups, groupOf } = grouping;
  const count = groups.length;
  const messages = new Int32Array(count);
  const fromThem = new Int32Array(count);
  const toThem = new Int32Array(count);
  const first = new Float64Array(count).fill(Infinity);
  const last = new Float64Array(count).fill(-Infinity);
  // The last message each group was counted for.
  const countedAt = new Int32Array(count).fill(-1);
  const dates = catalog.dates;
  const total = ordinals === null ? book.size : ordinals.length;
  for (let index = 0; index < total; index += 1) {
    const ordinal = ordinals === null ? index : ordinals[index]!;
    const date = dates[ordinal]!;
    const sender = book.senderOf[ordinal]!;
    const senderGroup = sender < 0 ? -1 : groupOf[sender]!;
    const countFor = (group: number): boolean => {
      if (countedAt[group] === ordinal) return false;
      countedAt[group] = ordinal;
      messages[group]! += 1;
      if (date < first[group]!) first[group] = date;
      if (date > last[group]!) last[group] = date;
      return true;
    };
    if (senderGroup >= 0) {
      countFor(senderGroup);
      fromThem[senderGroup]! += 1;
    }
    const isToThemCounted = ownerGroup < 0 || senderGroup === ownerGroup;
    for (const recipient of book.recipientsOf(ordinal)) {
      const group = groupOf[recipient]!;
      if (group !== senderGroup && countFor(group) && isToThemCounted) toThem[group]! += 1;
    }
  }
  return groups.map((group, index): PersonSummary => ({
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
}
