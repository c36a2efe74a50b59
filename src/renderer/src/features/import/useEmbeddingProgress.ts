// Follows the embedding stage's progress events, and pauses or resumes it.
import { useCallback, useEffect, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';

export interface EmbeddingProgress {
  done: number;
  total: number;
  isPaused: boolean;
  etaSeconds: number | null;
}

export interface EmbeddingControl {
  /** The last progress heard; null before any, or once every message has vectors and nothing is paused. */
  progress: EmbeddingProgress | null;
  setPaused: (paused: boolean) => void;
}

export function useEmbeddingProgress(client: LanternClient): EmbeddingControl {
  const [progress, setProgress] = useState<EmbeddingProgress | null>(null);
  useEffect(
    () =>
      client.subscribe((event) => {
        if (event.type !== 'embedding-progress') return;
        const isPaused = event.paused ?? false;
        const isFinished = event.total > 0 && event.done >= event.total;
        setProgress(isFinished && !isPaused ? null : { done: event.done, total: event.total, isPaused, etaSeconds: event.etaSeconds ?? null });
      }),
    [client],
  );
  const setPaused = useCallback(
    (paused: boolean) => {
      // Shown at once; the engine's event that follows confirms it (or the error is logged and the next event corrects it).
      setProgress((previous) => (previous ? { ...previous, isPaused: paused } : previous));
      client.setEmbeddingPaused(paused).catch((error: unknown) => console.error(`embedding: could not ${paused ? 'pause' : 'resume'}`, error));
    },
    [client],
  );
  return { progress, setPaused };
}
