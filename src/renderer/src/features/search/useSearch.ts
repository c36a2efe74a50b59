// Runs searches as the query changes (debounced) or at once on Enter, dropping answers of requests that are no longer current.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { SearchResult, SortOrder } from '../../../../shared/model/search';

const DEBOUNCE_MS = 200;
const PAGE_SIZE = 100;

export interface SearchState {
  result: SearchResult | null;
  isSearching: boolean;
  error: string | null;
  /** Searches now, without waiting for the debounce. */
  searchNow: () => void;
  loadMore: () => void;
}

export function useSearch(client: LanternClient, query: string, sort: SortOrder, storeVersion: number): SearchState {
  const [result, setResult] = useState<SearchResult | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nonce, setNonce] = useState(0);
  // The page size grows with "show more" and starts over for a new query or order.
  const listingKey = `${sort}\u0000${query}`;
  const [paging, setPaging] = useState({ key: listingKey, limit: PAGE_SIZE });
  const limit = paging.key === listingKey ? paging.limit : PAGE_SIZE;
  const requestCounter = useRef(0);
  const isImmediate = useRef(true);

  const searchNow = useCallback(() => {
    isImmediate.current = true;
    setNonce((previous) => previous + 1);
  }, []);
  const loadMore = useCallback(() => {
    isImmediate.current = true;
    setPaging({ key: listingKey, limit: limit + PAGE_SIZE });
  }, [listingKey, limit]);

  useEffect(() => {
    const delay = isImmediate.current ? 0 : DEBOUNCE_MS;
    isImmediate.current = false;
    const timer = window.setTimeout(() => {
      requestCounter.current += 1;
      const request = requestCounter.current;
      setIsSearching(true);
      client
        .search({ query, sort, limit })
        .then((answer) => {
          if (request !== requestCounter.current) return;
          setResult(answer);
          setError(null);
        })
        .catch((failure: unknown) => {
          if (request !== requestCounter.current) return;
          console.error(`search: "${query}" failed`, failure);
          setError(failure instanceof Error ? failure.message : String(failure));
        })
        .finally(() => {
          if (request === requestCounter.current) setIsSearching(false);
        });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [client, query, sort, limit, storeVersion, nonce]);

  return { result, isSearching, error, searchNow, loadMore };
}
