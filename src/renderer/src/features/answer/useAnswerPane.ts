// Asks one question at a time: opens the pane, follows the answer's tokens, keeps the cited answer; stop ends the answer.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { Answer, AnswerTurn } from '../../../../shared/model/answer';
import type { AnswerProviderChoice } from '../../../../shared/model/settings';
import { errorMessage } from '../../../../shared/errorMessage';

export type AnswerPhase = 'idle' | 'streaming' | 'done' | 'stopped' | 'failed';

export interface AnswerRun {
  phase: AnswerPhase;
  /** Tags this question's token events; null before the first question. */
  requestId: string | null;
  question: string;
  /** What has streamed so far; the final answer's text once it is done. */
  text: string;
  answer: Answer | null;
  error: string | null;
  /** The provider in the settings when the question was asked, to name the model while the answer streams. */
  settingsChoice: AnswerProviderChoice | null;
}

export interface AnswerPaneControl {
  isOpen: boolean;
  run: AnswerRun;
  /** Opens the pane and asks; an empty question only opens it (the pane says how to ask). */
  ask: (question: string) => void;
  /** Stops the answer being written (the engine stops the model) and keeps what arrived. */
  stop: () => void;
  toggle: () => void;
  close: () => void;
}

/** Earlier questions and answers sent with a follow-up ("and what did he say next?"); the oldest are dropped. */
const MAX_TURNS = 6;

const IDLE: AnswerRun = { phase: 'idle', requestId: null, question: '', text: '', answer: null, error: null, settingsChoice: null };

function newRequestId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `ask-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function useAnswerPane(client: LanternClient): AnswerPaneControl {
  const [isOpen, setOpen] = useState(false);
  const [run, setRun] = useState<AnswerRun>(IDLE);
  // Read by the event listener and the call's callbacks: tokens and results of any other request are stale.
  const currentRequest = useRef<string | null>(null);
  // The conversation so far, until the pane is closed.
  const turns = useRef<AnswerTurn[]>([]);

  useEffect(
    () =>
      client.subscribe((event) => {
        if (event.type !== 'answer-token' || event.requestId !== currentRequest.current) return;
        setRun((previous) =>
          previous.phase === 'streaming' && previous.requestId === event.requestId
            ? { ...previous, text: previous.text + event.text }
            : previous,
        );
      }),
    [client],
  );

  const ask = useCallback(
    (question: string) => {
      setOpen(true);
      const trimmed = question.trim();
      if (trimmed === '') return;
      const requestId = newRequestId();
      currentRequest.current = requestId;
      setRun({ ...IDLE, phase: 'streaming', requestId, question: trimmed });
      const isCurrent = (previous: AnswerRun): boolean => previous.requestId === requestId;
      client.getSettings().then(
        (settings) => setRun((previous) => (isCurrent(previous) ? { ...previous, settingsChoice: settings.answerProvider } : previous)),
        // Only the provider's label is lost; the answer itself still names who wrote it.
        (error: unknown) => console.warn('answer: could not read the settings to name the provider', error),
      );
      client.ask({ question: trimmed, requestId, ...(turns.current.length > 0 ? { history: turns.current } : {}) }).then(
        (answer) => {
          if (currentRequest.current !== requestId) return;
          currentRequest.current = null;
          if (!answer.refused) {
            turns.current = [
              ...turns.current,
              { question: trimmed, answer: answer.answer, citedIds: answer.citations.map((citation) => citation.id) },
            ].slice(-MAX_TURNS);
          }
          setRun((previous) => (isCurrent(previous) ? { ...previous, phase: 'done', answer, text: answer.answer } : previous));
        },
        (error: unknown) => {
          if (currentRequest.current !== requestId) return;
          currentRequest.current = null;
          const message = errorMessage(error);
          setRun((previous) => (isCurrent(previous) ? { ...previous, phase: 'failed', error: message } : previous));
        },
      );
    },
    [client],
  );

  const stop = useCallback(() => {
    const requestId = currentRequest.current;
    if (requestId === null) return;
    // The pane keeps what arrived and ignores the rest at once; the engine stops the model, which may take a moment.
    currentRequest.current = null;
    setRun((previous) => (previous.phase === 'streaming' ? { ...previous, phase: 'stopped' } : previous));
    client.cancelAsk(requestId).catch((error: unknown) => console.warn(`answer: stopping ${requestId} in the engine failed`, error));
  }, [client]);

  const toggle = useCallback(() => setOpen((previous) => !previous), []);
  const close = useCallback(() => {
    setOpen(false);
    // Closing ends the conversation: the next question starts fresh.
    turns.current = [];
  }, []);

  return { isOpen, run, ask, stop, toggle, close };
}
