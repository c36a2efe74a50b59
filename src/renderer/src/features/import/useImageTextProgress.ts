// Follows the OCR stage's progress events: how many messages with images or scanned pages have had their text read.
import { useEffect, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { OcrProgress } from '../../../../shared/model/ocr';

/** The last progress heard while a run reads; null before any, and once a run has ended. */
export function useImageTextProgress(client: LanternClient): OcrProgress | null {
  const [progress, setProgress] = useState<OcrProgress | null>(null);
  useEffect(
    () =>
      client.subscribe((event) => {
        if (event.type !== 'ocr-progress') return;
        // A run with nothing left to read shows nothing: "7 of 7" would only say the stage exists.
        setProgress(event.progress.isFinished || event.progress.done >= event.progress.total ? null : event.progress);
      }),
    [client],
  );
  return progress;
}
