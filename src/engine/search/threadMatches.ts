// How many of the other messages of a hit's conversation match the query, for the page's hits.
import type { Catalog } from '../index/catalog';
import { threadMembers } from './threadMembers';

/**
 * Counts, for a page's messages, the other messages of each one's conversation that match the query: those in
 * `matches`, and those whose words completed a conversation match (`helpers`, by the message they helped). Reads only
 * the page's conversations.
 */
export function threadMatchCounter(
  matches: Uint8Array,
  helpers: ReadonlyMap<number, number[]>,
  catalog: Catalog,
): (ordinal: number) => number {
  const grouping = threadMembers(catalog);
  return (ordinal) => {
    const helping = new Set(helpers.get(ordinal));
    let count = 0;
    for (const member of grouping.membersOf(grouping.threadOf[ordinal]!))
      if (member !== ordinal && (matches[member] || helping.has(member))) count += 1;
    return count;
  };
}
