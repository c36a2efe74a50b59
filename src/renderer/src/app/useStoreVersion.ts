// A number that goes up whenever the engine says the store changed or restarted, or finished embedding, so listings
// know to reload.
import { useEffect, useState } from 'react';
import type { LanternClient } from '../../../shared/contract/api';
import { assertNever } from '../../../shared/assertNever';

export function useStoreVersion(client: LanternClient): number {
  const [version, setVersion] = useState(0);
  useEffect(
    () =>
      client.subscribe((event) => {
        switch (event.type) {
          // An import reports once its mail is searchable: the list is searched again at once, not when the store's
          // change reaches this window (in browser mode a moment later), so an Enter right after finds the new rows.
          case 'import-finished':
          case 'store-changed':
          case 'engine-restarted':
            setVersion((previous) => previous + 1);
            return;
          case 'embedding-progress':
            // Once every message has vectors, searches that fell back to keyword can find by meaning: run them again.
            if (event.total > 0 && event.done === event.total) setVersion((previous) => previous + 1);
            return;
          case 'ocr-progress':
            // Text read from images is searchable once the run has indexed it: searches run again.
            if (event.progress.isFinished) setVersion((previous) => previous + 1);
            return;
          case 'import-progress':
          case 'answer-token':
          case 'model-download':
            return;
          default:
            assertNever(event, 'event');
        }
      }),
    [client],
  );
  return version;
}
