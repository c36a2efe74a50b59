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
  const requestCounter = useRef(0);
  const isImmediate = useRef(true);
  const isLoadingMore = useRef(false);

  const searchNow = useCallback(() => {
    isImmediate.current = true;
    setNonce((previous) => previous + 1);
  }, []);

  useEffect(() => {
    const delay = isImmediate.current ? 0 : DEBOUNCE_MS;
    isImmediate.current = false;
    const timer = window.setTimeout(() => {
      requestCounter.current += 1;
      const request = requestCounter.current;
      isLoadingMore.current = false;
      setIsSearching(true);
      client
        .search({ query, sort, limit: PAGE_SIZE })
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
    return () => {
      window.clearTimeout(timer);
      // An answer still on its way is for a query that is no longer in the box: drop it rather than show it.
      requestCounter.current += 1;
    };
  }, [client, query, sort, storeVersion, nonce]);

  /** The next page after the hits already shown, appended; dropped if another search started meanwhile. */
  const loadMore = useCallback(() => {
    if (!result || result.hits.length >= result.total || isLoadingMore.current) return;
    isLoadingMore.current = true;
    const request = requestCounter.current;
    const offset = result.hits.length;
    client
      .search({ query, sort, limit: PAGE_SIZE, offset })
      .then((page) => {
        if (request !== requestCounter.current) return;
        // Reading further can turn an estimated total into a better estimate or the exact one.
        const { total, isTotalEstimated } = page;
        setResult((previous) => (previous && previous.hits.length === offset ? { ...previous, total, isTotalEstimated, hits: [...previous.hits, ...page.hits] } : previous));
      })
      .catch((failure: unknown) => {
        if (request === requestCounter.current) setError(failure instanceof Error ? failure.message : String(failure));
      })
      .finally(() => {
        if (request === requestCounter.current) isLoadingMore.current = false;
      });
  }, [client, query, sort, result]);

  return { result, isSearching, error, searchNow, loadMore };
}
