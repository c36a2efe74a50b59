// The gallery's attachments for the listed query: the first page when it opens or the query changes, more on demand.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { GalleryItem } from '../../../../shared/model/gallery';
import { errorMessage } from '../../../../shared/errorMessage';

const PAGE_SIZE = 60;

export interface GalleryState {
  query: string;
  items: GalleryItem[];
  /** Null until the first page for this query has come. */
  total: number | null;
  isLoading: boolean;
  error: string | null;
  loadMore: () => void;
}

interface Shown {
  /** The query and store version it was listed for. */
  key: string;
  query: string;
  items: GalleryItem[];
  total: number | null;
  error: string | null;
}

/**
 * Loads nothing while the gallery is closed; a page for an older query or store is dropped when it arrives late. A
 * changed store (an import, text read by OCR) lists again in place, so the cards stay put until the new page comes.
 * `isTyping`: the list read the query's last word as the beginning of words (a search as one types), so the gallery does.
 */
export function useGallery(client: LanternClient, query: string, isOpen: boolean, storeVersion: number, isTyping = false): GalleryState {
  const [shown, setShown] = useState<Shown | null>(null);
  const [isLoadingMore, setLoadingMore] = useState(false);
  const request = useRef(0);
  const key = isOpen ? `${storeVersion}\u0000${isTyping}\u0000${query}` : null;

  useEffect(() => {
    if (key === null) return;
    request.current += 1;
    const mine = request.current;
    client.listAttachments({ query, offset: 0, limit: PAGE_SIZE, isTyping }).then(
      (page) => {
        if (mine === request.current) setShown({ key, query, items: page.items, total: page.total, error: null });
      },
      (failure: unknown) => {
        if (mine === request.current) setShown({ key, query, items: [], total: null, error: errorMessage(failure) });
      },
    );
  }, [client, key, query, isTyping]);

  const current = shown !== null && shown.query === query && isOpen ? shown : null;
  const loadMore = useCallback(() => {
    if (!current || current.key !== key || isLoadingMore || current.total === null || current.items.length >= current.total) return;
    const mine = request.current;
    setLoadingMore(true);
    client.listAttachments({ query, offset: current.items.length, limit: PAGE_SIZE, isTyping }).then(
      (page) => {
        setLoadingMore(false);
        if (mine === request.current) setShown({ ...current, items: [...current.items, ...page.items], total: page.total });
      },
      (failure: unknown) => {
        setLoadingMore(false);
        if (mine === request.current) setShown({ ...current, error: errorMessage(failure) });
      },
    );
  }, [client, current, isLoadingMore, key, query, isTyping]);

  return {
    query,
    items: current?.items ?? [],
    total: current?.total ?? null,
    isLoading: (key !== null && current?.key !== key) || isLoadingMore,
    error: current?.error ?? null,
    loadMore,
  };
}
