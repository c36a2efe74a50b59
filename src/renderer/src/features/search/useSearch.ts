// Runs searches as the query changes (debounced) or at once on Enter, dropping answers of requests that are no longer current,
// and says whether the list on screen answers the query in the box yet, so keys never act on a list being replaced.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { SearchResult, SortOrder } from '../../../../shared/model/search';
import { errorMessage } from '../../../../shared/errorMessage';

const DEBOUNCE_MS = 200;
const PAGE_SIZE = 100;

/** `current`: the list on screen answers the query last submitted; `waiting`: its answer is on the way; `failed`: it failed. */
export type ListingFreshness = 'current' | 'waiting' | 'failed';

function listingKey(query: string, sort: SortOrder): string {
  return `${sort}\u0000${query}`;
}

export interface SearchState {
  result: SearchResult | null;
  isSearching: boolean;
  error: string | null;
  freshness: ListingFreshness;
  /** The query the list is for: the box's text, or the search kept on screen while the box holds a question. */
  listedQuery: string;
  /** Searches now, without waiting for the debounce. */
  searchNow: () => void;
  loadMore: () => void;
  /**
   * Notes the list the person is looking at before they edit the search bar (called when it takes the focus), so a
   * question typed there and asked is answered beside that list, not beside a search of half the question.
   */
  settle: () => void;
  /** Keeps the list the person settled on while the box holds the text it has now (a question asked, not searched). */
  keepResults: () => void;
  /** Lists the messages about similar things that a search which found nothing offered, until the query changes. */
  showSimilar: () => void;
}

export function useSearch(client: LanternClient, query: string, sort: SortOrder, storeVersion: number): SearchState {
  const [result, setResult] = useState<SearchResult | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resultKey, setResultKey] = useState<string | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  // A question asked with Ctrl+Enter is answered beside the list: while the box holds it, the list stays on `listedQuery`.
  const [kept, setKept] = useState<{ text: string; listedQuery: string } | null>(null);
  const [nonce, setNonce] = useState(0);
  const requestCounter = useRef(0);
  const isImmediate = useRef(true);
  /** Whether the list on screen came from a search as one typed, so its further pages are read the same way. */
  const wasTyping = useRef(false);
  const isLoadingMore = useRef(false);
  /** What the list on screen was searched for, to skip searching again for it when only the kept query changes. */
  const answered = useRef({ key: '', storeVersion: -1, nonce: -1 });
  // The listing the offer of messages about similar things was taken for: a changed query or order searches as usual.
  const [similarFor, setSimilarFor] = useState<string | null>(null);
  const listedQuery = kept !== null && kept.text === query ? kept.listedQuery : query;
  const isSimilar = similarFor === listingKey(listedQuery, sort);
  const key = `${listingKey(listedQuery, sort)}${isSimilar ? '\u0000similar' : ''}`;
  // A search as you type runs on pauses in typing, so a question typed slowly is searched in pieces on its way.
  const settled = useRef<string | null>(null);
  const latest = useRef({ query, listedQuery, sort });
  useEffect(() => {
    latest.current = { query, listedQuery, sort };
  });

  const settle = useCallback(() => {
    settled.current = latest.current.listedQuery;
  }, []);

  const searchNow = useCallback(() => {
    isImmediate.current = true;
    settled.current = latest.current.query;
    setKept(null);
    setNonce((previous) => previous + 1);
  }, []);

  const showSimilar = useCallback(() => {
    isImmediate.current = true;
    setSimilarFor(listingKey(latest.current.listedQuery, latest.current.sort));
  }, []);

  const keepResults = useCallback(() => {
    // Back to the settled list at once if a piece of the question is on screen; nothing runs if the list is already it.
    isImmediate.current = true;
    setKept({ text: query, listedQuery: settled.current ?? result?.query ?? '' });
  }, [query, result]);

  useEffect(() => {
    const wanted = { key, storeVersion, nonce };
    if (
      wanted.key === answered.current.key &&
      wanted.storeVersion === answered.current.storeVersion &&
      wanted.nonce === answered.current.nonce
    ) {
      // The list on screen is already this search's answer (the box just took a question to ask): nothing to run.
      setIsSearching(false);
      return;
    }
    const delay = isImmediate.current ? 0 : DEBOUNCE_MS;
    // A search that waited for a pause in the typing may end in a word cut short; Enter's search takes words as typed.
    const isTyping = !isImmediate.current;
    isImmediate.current = false;
    const timer = window.setTimeout(() => {
      requestCounter.current += 1;
      const request = requestCounter.current;
      isLoadingMore.current = false;
      setIsSearching(true);
      client
        .search({ query: listedQuery, sort, limit: PAGE_SIZE, isTyping, ...(isSimilar ? { similar: true } : {}) })
        .then((answer) => {
          if (request !== requestCounter.current) return;
          wasTyping.current = isTyping;
          answered.current = wanted;
          setResult(answer);
          setResultKey(wanted.key);
          setError(null);
        })
        .catch((failure: unknown) => {
          if (request !== requestCounter.current) return;
          console.error(`search: "${listedQuery}" failed`, failure);
          setFailedKey(wanted.key);
          setError(errorMessage(failure));
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
  }, [client, key, listedQuery, sort, isSimilar, storeVersion, nonce]);

  /** The next page after the hits already shown, appended; dropped if another search started meanwhile. */
  const loadMore = useCallback(() => {
    if (!result || result.hits.length >= result.total || isLoadingMore.current) return;
    isLoadingMore.current = true;
    const request = requestCounter.current;
    const offset = result.hits.length;
    client
      .search({ query: listedQuery, sort, limit: PAGE_SIZE, offset, isTyping: wasTyping.current, ...(isSimilar ? { similar: true } : {}) })
      .then((page) => {
        if (request !== requestCounter.current) return;
        // Reading further can turn an estimated total into a better estimate or the exact one.
        const { total, isTotalEstimated } = page;
        setResult((previous) =>
          previous && previous.hits.length === offset
            ? { ...previous, total, isTotalEstimated, hits: [...previous.hits, ...page.hits] }
            : previous,
        );
      })
      .catch((failure: unknown) => {
        if (request === requestCounter.current) setError(errorMessage(failure));
      })
      .finally(() => {
        if (request === requestCounter.current) isLoadingMore.current = false;
      });
  }, [client, listedQuery, sort, isSimilar, result]);

  const freshness: ListingFreshness = resultKey === key ? 'current' : failedKey === key ? 'failed' : 'waiting';
  return { result, isSearching, error, freshness, listedQuery, searchNow, loadMore, settle, keepResults, showSimilar };
}
