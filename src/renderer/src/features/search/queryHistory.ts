// The list of past queries behind ↑ in an empty search bar: newest first, no repeats, at most 50.
export const HISTORY_LIMIT = 50;

/** Tidies spacing so "from:x  budget" and "from:x budget" are one entry. */
export function normalizeQuery(query: string): string {
  return query.replace(/\s+/g, ' ').trim();
}

export function rememberQuery(history: readonly string[], query: string, limit = HISTORY_LIMIT): string[] {
  const entry = normalizeQuery(query);
  if (entry === '') return [...history];
  return [entry, ...history.filter((previous) => previous !== entry)].slice(0, limit);
}
