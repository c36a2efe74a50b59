// A card's thumbnail, asked of the engine once the card is on screen (the engine makes it once and keeps it).
import { useEffect, useState, type RefObject } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { GalleryItem } from '../../../../shared/model/gallery';

/** A data URL, null while there is none (not asked yet, being made, or the card shows an icon). */
export function useThumbnail(client: LanternClient, item: GalleryItem, card: RefObject<HTMLElement | null>): string | null {
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  useEffect(() => {
    const element = card.current;
    if (!item.hasThumbnail || !element) return;
    let isCurrent = true;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      client.attachmentThumbnail(item.ref).then(
        (made) => {
          if (isCurrent) setThumbnail(made);
        },
        // The card keeps its icon: a thumbnail is a nicety, and the preview says what is wrong with the file.
        () => undefined,
      );
    });
    observer.observe(element);
    return () => {
      isCurrent = false;
      observer.disconnect();
    };
  }, [client, item, card]);
  return thumbnail;
}
