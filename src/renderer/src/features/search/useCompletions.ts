// Suggestions from the archive for the word under the caret, one request per change, answers of older requests dropped.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LanternApi } from '../../../../shared/contract/api';
import type { Suggestion } from '../../../../shared/query/complete';
import { completionContext } from './completionContext';

/** Suggestions with the text they were answered for, so accepting one can allow for letters typed since. */
export interface Completions {
  answeredText: string;
  suggestions: Suggestion[];
}

interface Answer extends Completions {
  context: string;
}

/**
 * The suggestions to show, or null. While letters are typed into the same word the last list stays up until the next
 * answer replaces it (no flicker); a list for another word is never shown.
 */
export function useCompletions(client: Pick<LanternApi, 'complete'>, text: string, cursor: number, isWanted: boolean): Completions | null {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const requestCounter = useRef(0);
  const context = useMemo(() => (isWanted ? completionContext(text, cursor) : null), [isWanted, text, cursor]);

  useEffect(() => {
    if (context === null) return;
    requestCounter.current += 1;
    const request = requestCounter.current;
    client
      .complete(text, cursor)
      .then((suggestions) => {
        if (request === requestCounter.current) setAnswer({ answeredText: text, suggestions, context });
      })
      .catch((failure: unknown) => {
        // Autocomplete is a help, not the search: say why it is missing and let typing go on.
        console.warn(`search: suggestions for "${text}" at ${cursor} failed`, failure);
        if (request === requestCounter.current) setAnswer({ answeredText: text, suggestions: [], context });
      });
    return () => {
      requestCounter.current += 1;
    };
  }, [client, text, cursor, context]);

  if (context === null || answer === null || answer.context !== context || answer.suggestions.length === 0) return null;
  return answer;
}
