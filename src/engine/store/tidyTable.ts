// Merging a LanceDB table's small fragments and dropping its replaced versions without pulling files from under a reader.
import type { Table } from '@lancedb/lancedb';

/** How long a replaced table version stays readable: longer than any search, here or in a read-only process, takes. */
export const VERSION_GRACE_MS = 60_000;

export interface Tidied {
  /** The merge wrote a new version: readers in other processes should move to it before the old one goes. */
  changed: boolean;
  /** Replaced versions are still on disk, for another call once their grace has passed. */
  remaining: boolean;
  /** Replaced versions went, with the data files only they used. */
  dropped: boolean;
}

/** Merges small fragments (rows keep their order) and drops no version: the epoch as the cut-off keeps every one. */
export async function mergeFragments(table: Table): Promise<void> {
  await table.optimize({ cleanupOlderThan: new Date(0) });
}

/**
 * Merges small fragments and drops the versions replaced more than `graceMs` ago with the files only they used. A
 * version replaced more recently may still be read by a search, here or in a read-only process: with no grace, a
 * search during an import failed on a file the merge had just deleted. LanceDB drops versions by their age, not by
 * when they were replaced, so the cut-off is the newest version at least `graceMs` old: everything older was replaced
 * by it or earlier.
 */
export async function tidyTable(table: Table, graceMs: number): Promise<Tidied> {
  // One version: nothing to drop, and opening a settled store does none of the merge's work.
  const versions = (await table.listVersions()).length;
  if (versions === 1) return { changed: false, remaining: false, dropped: false };
  const before = await table.version();
  // Merged first, so that with no grace the versions the merge replaced go in the same call.
  await mergeFragments(table);
  const settled = (await table.listVersions()).map((version) => version.timestamp.getTime()).filter((time) => time <= Date.now() - graceMs);
  // LanceDB drops versions strictly older than the cut-off (in nanoseconds; these times are whole milliseconds, so at
  // most a version made in the same millisecond before it stays too).
  if (settled.length > 0) await table.optimize({ cleanupOlderThan: new Date(Math.max(...settled)) });
  const left = (await table.listVersions()).length;
  return { changed: (await table.version()) !== before, remaining: left > 1, dropped: left < versions };
}
