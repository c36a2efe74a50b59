// The report `lantern check` prints: one part per piece of the store, each with what was checked, found and repaired.

/**
 * One piece of the store. `ok` is true when no problem remains (none found, or every one repaired). This shape is the
 * `--json` output's contract: fields are only ever added.
 */
export interface CheckPart {
  name: 'tables' | 'sources' | 'keyword index' | 'catalog snapshot' | 'attachments' | 'vectors';
  ok: boolean;
  /** What was looked at, in a phrase: "messages table: 1,204 rows at version 12". */
  checked: string[];
  /** Problems left after this run (with --repair: those it could not repair). */
  problems: string[];
  /** What --repair did. */
  repaired: string[];
}

export interface CheckReport {
  ok: boolean;
  dataDir: string;
  repair: boolean;
  parts: CheckPart[];
}

export function makePart(name: CheckPart['name']): CheckPart {
  return { name, ok: true, checked: [], problems: [], repaired: [] };
}

export function settle(part: CheckPart): CheckPart {
  return { ...part, ok: part.problems.length === 0 };
}
