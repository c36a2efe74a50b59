// Past queries for ↑ in an empty search bar, kept in localStorage (newest first, last 50).
import { useCallback, useState } from 'react';
import { rememberQuery } from './queryHistory';
import { readStoredList, writeStoredList } from './storedList';

const HISTORY_KEY = 'lantern.searchHistory';

const isQuery = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export interface QueryHistory {
  entries: readonly string[];
  remember: (query: string) => void;
}

export function useQueryHistory(): QueryHistory {
  const [entries, setEntries] = useState<readonly string[]>(() => readStoredList(HISTORY_KEY, isQuery));
  const remember = useCallback((query: string) => {
    setEntries((previous) => {
      const next = rememberQuery(previous, query);
      if (next[0] !== previous[0] || next.length !== previous.length) writeStoredList(HISTORY_KEY, next);
      return next;
    });
  }, []);
  return { entries, remember };
}
