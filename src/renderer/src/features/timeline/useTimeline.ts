// Fetches the timeline of the search the list shows, after its first page: a second call, so the list never waits for it.
import { useEffect, useRef, useState } from 'react';
import type { LanternApi } from '../../../../shared/contract/api';
import type { SearchResult } from '../../../../shared/model/search';
import type { Timeline } from '../../../../shared/model/timeline';
import { errorMessage } from '../../../../shared/errorMessage';

export interface TimelineState {
  timeline: Timeline | null;
  /** The timeline shown is for an older search; the one for the list on screen is on its way. */
  isStale: boolean;
  error: string | null;
}

/** `result` is the list on screen: a new query, order or store version asks again; more pages of the same list do not. */
export function useTimeline(client: Pick<LanternApi, 'timeline'>, result: SearchResult | null, storeVersion: number): TimelineState {
  const [timeline, setTimeline] = useState<Timeline | null>(null);
  const [answeredKey, setAnsweredKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const requestCounter = useRef(0);
  const query = result?.query ?? null;
  const sort = result?.sort;
  // The list read its last word as the beginning of words: the timeline counts what that list counts.
  const isTyping = result?.completions !== undefined;
  const key = query === null ? null : `${storeVersion}\u0000${sort}\u0000${isTyping}\u0000${query}`;

  useEffect(() => {
    if (query === null || key === null) return;
    requestCounter.current += 1;
    const request = requestCounter.current;
    client
      .timeline({ query, sort, isTyping })
      .then((answer) => {
        // The stale-result guard: an answer for a search no longer listed is dropped.
        if (request !== requestCounter.current) return;
        setTimeline(answer);
        setAnsweredKey(key);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (request !== requestCounter.current) return;
        console.error(`timeline: "${query}" failed`, failure);
        setError(errorMessage(failure));
        setAnsweredKey(key);
      });
  }, [client, key, query, sort, isTyping]);

  return { timeline, isStale: key !== answeredKey, error };
}
