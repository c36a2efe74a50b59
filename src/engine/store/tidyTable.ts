// Merging a LanceDB table's small fragments and dropping its replaced versions without pulling files from under a reader.
import type { Table } from '@lancedb/lancedb';

/** How long a replaced table version stays readable: longer than any search, here or in a read-only process, takes. */
export const VERSION_GRACE_MS = 60_000;

/**
 * Merges small fragments (rows keep their order) and drops the versions replaced more than `graceMs` ago with the files
 * only they used. A version replaced more recently may still be read by a search, here or in a read-only process: with
 * no grace, a search during an import failed on a file the merge had just deleted. LanceDB drops versions by their
 * age, not by when they were replaced, so the cut-off is the newest version at least `graceMs` old: everything older
 * was replaced by it or earlier. True when replaced versions remain, for another call once their grace has passed.
 */
export async function tidyTable(table: Table, graceMs: number): Promise<boolean> {
  // One version: nothing to drop, and opening a settled store does none of the merge's work.
  if ((await table.listVersions()).length === 1) return false;
  // Merges only (the epoch as the cut-off drops nothing), so that with no grace the versions the merge replaced go too.
  await table.optimize({ cleanupOlderThan: new Date(0) });
  const settled = (await table.listVersions()).map((version) => version.timestamp.getTime()).filter((time) => time <= Date.now() - graceMs);
  if (settled.length > 0) await table.optimize({ cleanupOlderThan: new Date(Math.max(...settled) - 1) });
  return (await table.listVersions()).length > 1;
}
