// Past queries and questions for ↑ in an empty search bar, kept in localStorage (newest first, last 50). One list for the
// window: the search bar remembers what it searches, the answer pane what was asked (Ctrl+Enter never reaches the bar).
import { useSyncExternalStore } from 'react';
import { rememberQuery } from './queryHistory';
import { readStoredList, writeStoredList } from './storedList';

const HISTORY_KEY = 'lantern.searchHistory';

const isQuery = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export interface QueryHistory {
  entries: readonly string[];
  remember: (query: string) => void;
}

const listeners = new Set<() => void>();
let entries: readonly string[] | null = null;

function snapshot(): readonly string[] {
  entries ??= readStoredList(HISTORY_KEY, isQuery);
  return entries;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Puts a search or a question first in the history. */
export function rememberInHistory(query: string): void {
  const previous = snapshot();
  const next = rememberQuery(previous, query);
  if (next[0] === previous[0] && next.length === previous.length) return;
  entries = next;
  writeStoredList(HISTORY_KEY, next);
  for (const listener of listeners) listener();
}

export function useQueryHistory(): QueryHistory {
  return { entries: useSyncExternalStore(subscribe, snapshot), remember: rememberInHistory };
}
