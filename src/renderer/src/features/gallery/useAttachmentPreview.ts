// Loads the preview of the chosen attachment (and another PDF page on request); a late answer for another is dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { AttachmentPreview, GalleryItem } from '../../../../shared/model/gallery';
import { errorMessage } from '../../../../shared/errorMessage';

export type PreviewLoad =
  { state: 'loading' } | { state: 'loaded'; preview: AttachmentPreview; isTurningPage: boolean } | { state: 'failed'; error: string };

/** Used keyed by attachment (see App), so each attachment starts from 'loading'. */
export function useAttachmentPreview(
  client: LanternClient,
  item: GalleryItem,
  query: string,
): { load: PreviewLoad; showPage: (page: number) => void } {
  const [load, setLoad] = useState<PreviewLoad>({ state: 'loading' });
  const request = useRef(0);

  // Each request bumps the counter; only the newest one's answer is shown.
  const fetchPage = useCallback(
    (page: number | undefined): void => {
      request.current += 1;
      const mine = request.current;
      client.previewAttachment({ ref: item.ref, query, ...(page === undefined ? {} : { page }) }).then(
        (preview) => {
          if (mine === request.current) setLoad({ state: 'loaded', preview, isTurningPage: false });
        },
        (error: unknown) => {
          if (mine === request.current) setLoad({ state: 'failed', error: errorMessage(error) });
        },
      );
    },
    [client, item, query],
  );

  useEffect(() => fetchPage(undefined), [fetchPage]);

  return {
    load,
    showPage: (page: number) => {
      setLoad((previous) => (previous.state === 'loaded' ? { ...previous, isTurningPage: true } : { state: 'loading' }));
      fetchPage(page);
    },
  };
}
