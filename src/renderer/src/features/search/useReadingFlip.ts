// Which reading of the words the chips offer, and flipping to it: the engine's alternative for the text it searched, or,
// right after a flip, the way back (a quoted word has no other reading of its own to offer).
import { useState } from 'react';
import type { SearchResult } from '../../../../shared/model/search';
import type { AlternativeReading } from '../../../../shared/query/ast';

export interface ReadingFlipState {
  alternative: AlternativeReading;
  /** Searches the other reading; absent when the other reading found nothing. */
  onFlip?: () => void;
}

interface Flipped {
  /** The text flipped from, its alternative and its count, to flip back to. */
  from: string;
  alternative: AlternativeReading;
  fromTotal: number;
  /** The text flipped to: the way back is offered while the box still holds it. */
  to: string;
}

export function useReadingFlip(
  query: string,
  searched: Pick<SearchResult, 'query' | 'parsed' | 'total'> | null,
  searchText: (text: string) => void,
): ReadingFlipState | null {
  const [flipped, setFlipped] = useState<Flipped | null>(null);
  const offered = searched?.query === query ? searched.parsed.alternative : undefined;
  if (offered && searched) {
    if (offered.isShown) return { alternative: offered };
    return {
      alternative: offered,
      onFlip: () => {
        setFlipped({ from: query, alternative: offered, fromTotal: searched.total, to: offered.query });
        searchText(offered.query);
      },
    };
  }
  if (flipped === null || flipped.to !== query) return null;
  const back: AlternativeReading = {
    reads: flipped.alternative.reads === 'words' ? 'constraints' : 'words',
    query: flipped.from,
    flips: flipped.alternative.flips,
    total: flipped.fromTotal,
  };
  return {
    alternative: back,
    onFlip: () => {
      setFlipped(null);
      searchText(flipped.from);
    },
  };
}
