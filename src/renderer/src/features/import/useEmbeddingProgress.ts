// Follows the embedding stage's progress events, and pauses or resumes it.
import { useCallback, useEffect, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';

export interface EmbeddingProgress {
  done: number;
  total: number;
  /** The stage is waiting: the engine says so once the batch it was embedding when asked to pause is done. */
  isPaused: boolean;
  etaSeconds: number | null;
}

export interface EmbeddingControl {
  /** The last progress heard; null before any, or once every message has vectors and nothing is paused. */
  progress: EmbeddingProgress | null;
  /** What the person last asked for, until the engine's events show it: a pause waits for the batch being embedded. */
  wantsPaused: boolean | null;
  setPaused: (paused: boolean) => void;
}

export function useEmbeddingProgress(client: LanternClient): EmbeddingControl {
  const [progress, setProgress] = useState<EmbeddingProgress | null>(null);
  const [wantsPaused, setWantsPaused] = useState<boolean | null>(null);
  useEffect(
    () =>
      client.subscribe((event) => {
        if (event.type !== 'embedding-progress') return;
        const isPaused = event.paused ?? false;
        // "0 of 0" (nothing to embed yet) is finished too: a bar saying so with a Pause button would only puzzle.
        const isFinished = event.done >= event.total;
        setProgress(
          isFinished && !isPaused ? null : { done: event.done, total: event.total, isPaused, etaSeconds: event.etaSeconds ?? null },
        );
        setWantsPaused((wanted) => (wanted === isPaused || isFinished ? null : wanted));
      }),
    [client],
  );
  const setPaused = useCallback(
    (paused: boolean) => {
      setWantsPaused(paused);
      client.setEmbeddingPaused(paused).catch((error: unknown) => {
        console.error(`embedding: could not ${paused ? 'pause' : 'resume'}`, error);
        setWantsPaused(null);
      });
    },
    [client],
  );
  return { progress, wantsPaused, setPaused };
}
