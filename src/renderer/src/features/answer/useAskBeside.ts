// Asking (Ctrl+Enter, Ask) opens the answer beside the results on screen, which stay as they are: the search bar's
// question is not searched. The reading pane clears, then shows the answer's first source once the answer is done,
// unless the person opened a mail meanwhile. The question joins the search bar's ↑ history.
import { useCallback, useEffect, useRef } from 'react';
import { rememberInHistory } from '../search/useQueryHistory';
import type { AnswerPaneControl } from './useAnswerPane';

export interface AskBesideOptions {
  answer: AnswerPaneControl;
  /** Keeps the result list on what it shows while the search bar holds the question. */
  keepResults: () => void;
  openId: string | null;
  openMessage: (id: string, quote: string) => void;
  closeMessage: () => void;
}

export function useAskBeside({ answer, keepResults, openId, openMessage, closeMessage }: AskBesideOptions): (question: string) => void {
  // The answer whose first source has been considered, so it is shown once and never reopened after the person moves on.
  const considered = useRef<string | null>(null);
  const { run } = answer;

  useEffect(() => {
    if (run.phase !== 'done' || run.requestId === null || considered.current === run.requestId) return;
    considered.current = run.requestId;
    const first = run.answer?.citations[0];
    if (first && openId === null) openMessage(first.id, first.quote);
  }, [run, openId, openMessage]);

  return useCallback(
    (question: string) => {
      // An empty question only opens the pane, which says how to ask: nothing else changes.
      if (question.trim() !== '') {
        keepResults();
        rememberInHistory(question);
        closeMessage();
      }
      answer.ask(question);
    },
    [answer, keepResults, closeMessage],
  );
}
