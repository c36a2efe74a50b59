// The rows of the result list: one per hit, or one per conversation (the hits of a thread gathered under its best one).
import type { SearchHit } from '../../../../shared/model/search';
import { personName } from '../../ui/format';

export interface ResultRow {
  /** The hit the row shows and opens: the thread's first in the list's order (its best, or its newest by date). */
  hit: SearchHit;
  /** Every loaded hit of the row's thread in list order, `hit` first; just `hit` when rows are not grouped. */
  hits: readonly SearchHit[];
}

/**
 * Grouping happens on the pages loaded so far: a thread's row stays where its first hit is, and a later page's hits
 * of the same thread join it, so rows never move under the reader as more pages arrive.
 */
export function resultRows(hits: readonly SearchHit[], isGroupedByThread: boolean): ResultRow[] {
  if (!isGroupedByThread) return hits.map((hit) => ({ hit, hits: [hit] }));
  const rows: ResultRow[] = [];
  const byThread = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const gathered = byThread.get(hit.threadId);
    if (gathered) {
      gathered.push(hit);
      continue;
    }
    const row = { hit, hits: [hit] };
    byThread.set(hit.threadId, row.hits);
    rows.push(row);
  }
  return rows;
}

/** The row's senders, each once, in list order: "Anna, Bob, Carl" and how many more there are. */
export function rowSenders(row: ResultRow, limit = 3): { names: string[]; more: number } {
  const names = [...new Set(row.hits.map((hit) => personName(hit.from)))];
  return { names: names.slice(0, limit), more: Math.max(0, names.length - limit) };
}
