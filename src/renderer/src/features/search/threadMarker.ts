// What a result row says about its conversation: the title of its size badge, and the "+2" of other messages matching.
import type { ResultRow } from './resultRows';

export interface ThreadMarker {
  title: string;
  /** "+2" when other messages of the conversation match the search too; null when none do or the engine does not say. */
  others: string | null;
}

/** Null for a lone mail; `isGrouped` when the row gathers the conversation's hits loaded so far. */
export function threadMarker(row: ResultRow, isGrouped: boolean): ThreadMarker | null {
  const { threadSize, threadMatches } = row.hit;
  if (threadSize <= 1) return null;
  const size = `${threadSize} messages in this conversation`;
  if (threadMatches === undefined) {
    const matching = isGrouped ? `; ${row.hits.length} of them ${row.hits.length === 1 ? 'matches' : 'match'} in the results loaded` : '';
    return { title: `${size}${matching}`, others: null };
  }
  const matching = threadMatches + 1;
  const loaded = isGrouped ? ` (${row.hits.length} in the results loaded)` : '';
  return {
    title: `${size}; ${matching} of them ${matching === 1 ? 'matches' : 'match'} the search${loaded}`,
    others: threadMatches > 0 ? `+${threadMatches}` : null,
  };
}
