// Joins the address book's addresses into people by the alias rule, each address with why it joined.
import type { AliasReason, PersonAddress } from '../../shared/model/people';
import type { AddressBook } from './addressBook';
import { aliasLinks, type AliasCandidate } from './aliasRule';

/** One person: address numbers, the one they are named by first, and each address's link. */
export interface PersonGroup {
  /** Address numbers, most messages first; the first names the person. */
  members: number[];
  addresses: PersonAddress[];
  name: string;
}

export interface Grouping {
  groups: PersonGroup[];
  /** Per address number, its group's index. */
  groupOf: Int32Array;
}

function topName(names: Map<string, number>): string {
  let best = '';
  let bestCount = 0;
  for (const [name, count] of names) {
    if (count > bestCount || (count === bestCount && name.length > best.length)) {
      best = name;
      bestCount = count;
    }
  }
  return best;
}

function namesByUse(names: Map<string, number>): string[] {
  return [...names.entries()].sort((first, second) => second[1] - first[1]).map(([name]) => name);
}

function findRoot(parents: Int32Array, number: number): number {
  let root = number;
  while (parents[root] !== root) root = parents[root]!;
  while (parents[number] !== root) {
    const next = parents[number]!;
    parents[number] = root;
    number = next;
  }
  return root;
}

export function groupPeople(book: AddressBook, separated: ReadonlySet<string>): Grouping {
  const count = book.addresses.length;
  const candidates: AliasCandidate[] = book.addresses.map((address, number) => ({
    address,
    name: topName(book.names[number]!),
    isList: book.isList[number] === 1,
    isSeparated: separated.has(address),
  }));
  const links = aliasLinks(candidates);
  const parents = Int32Array.from({ length: count }, (_, number) => number);
  for (const link of links) {
    const from = findRoot(parents, link.from);
    const to = findRoot(parents, link.to);
    if (from !== to) parents[from] = to;
  }
  const membersByRoot = new Map<number, number[]>();
  for (let number = 0; number < count; number += 1) {
    const root = findRoot(parents, number);
    const members = membersByRoot.get(root);
    if (members) members.push(number);
    else membersByRoot.set(root, [number]);
  }
  const linksOf = new Map<number, { other: number; reason: AliasReason }[]>();
  const addLink = (number: number, other: number, reason: AliasReason): void => {
    const known = linksOf.get(number);
    if (known) known.push({ other, reason });
    else linksOf.set(number, [{ other, reason }]);
  };
  for (const link of links) {
    addLink(link.from, link.to, link.reason);
    addLink(link.to, link.from, link.reason);
  }
  const groupOf = new Int32Array(count);
  const groups: PersonGroup[] = [];
  for (const unordered of membersByRoot.values()) {
    const members = unordered.sort((first, second) => book.messages[second]! - book.messages[first]! || first - second);
    const primary = members[0]!;
    // Each address's reason is the link it was reached by, walking out from the primary address.
    const reached = new Map<number, { reason: AliasReason; via: number } | null>([[primary, null]]);
    const queue = [primary];
    while (queue.length > 0) {
      const current = queue.shift()!;
      for (const { other, reason } of linksOf.get(current) ?? []) {
        if (reached.has(other)) continue;
        reached.set(other, { reason, via: current });
        queue.push(other);
      }
    }
    const index = groups.length;
    for (const member of members) groupOf[member] = index;
    const primaryName = candidates[primary]!.name;
    groups.push({
      members,
      name:
        primaryName !== '' ? primaryName : (members.map((member) => candidates[member]!.name).find(Boolean) ?? book.addresses[primary]!),
      addresses: members.map((member) => {
        const link = reached.get(member) ?? null;
        return {
          address: book.addresses[member]!,
          names: namesByUse(book.names[member]!),
          messages: book.messages[member]!,
          reason: link?.reason ?? null,
          matchedWith: link ? book.addresses[link.via]! : null,
          isSeparated: candidates[member]!.isSeparated,
        };
      }),
    });
  }
  return { groups, groupOf };
}
