// The catalog's messages grouped by conversation (number per ordinal, members per conversation), kept per catalog and
// extended as it grows, so a search can look at the other messages of a conversation without walking the archive.
import type { Catalog } from '../index/catalog';

export interface ThreadMembers {
  /** Per ordinal, the number of its conversation. */
  threadOf: Int32Array;
  /** Per conversation number, its messages' ordinals in load order: the ordinal alone for a lone mail. */
  members: (number | number[])[];
}

/** The ordinals of conversation `thread`, in load order. */
export function membersOf(grouping: ThreadMembers, thread: number): readonly number[] {
  const members = grouping.members[thread]!;
  return typeof members === 'number' ? [members] : members;
}

interface Grouping extends ThreadMembers {
  /** How many of the catalog's ordinals are grouped. */
  size: number;
}

/** Catalogs only ever gain messages (loadIndexes builds a new one otherwise), so each keeps its grouping and extends it. */
const groupings = new WeakMap<Catalog, Grouping>();

export function threadMembers(catalog: Catalog): ThreadMembers {
  let grouping = groupings.get(catalog);
  if (grouping === undefined || grouping.size > catalog.size) {
    grouping = { size: 0, threadOf: new Int32Array(0), members: [] };
    groupings.set(catalog, grouping);
  }
  if (grouping.size === catalog.size) return grouping;
  if (grouping.threadOf.length < catalog.size) {
    const grown = new Int32Array(Math.max(catalog.size, grouping.threadOf.length * 2));
    grown.set(grouping.threadOf);
    grouping.threadOf = grown;
  }
  const { members } = grouping;
  for (let ordinal = grouping.size; ordinal < catalog.size; ordinal += 1) {
    // The catalog's own number for the conversation: a map of the ids' strings was most of a whole command's search.
    const number = catalog.threadNumber(ordinal);
    while (members.length < number) members.push([]);
    const held = members[number];
    // A number, not a list of one: most conversations are one mail, and a list each was tens of MB at a million.
    if (held === undefined) members.push(ordinal);
    else if (typeof held === 'number') members[number] = [held, ordinal];
    else held.push(ordinal);
    grouping.threadOf[ordinal] = number;
  }
  grouping.size = catalog.size;
  return grouping;
}
