// The gallery: the attachments of the listed search as a grid of cards, in the result list's place; arrows move, Enter previews.
import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { GalleryItem } from '../../../../shared/model/gallery';
import { countOf } from '../../ui/format';
import { cardId, GalleryCard } from './GalleryCard';
import { galleryMove } from './galleryMoves';
import { GalleryToggle } from './GalleryToggle';
import type { GalleryState } from './useGallery';
import './gallery.css';

export interface GalleryProps {
  client: LanternClient;
  gallery: GalleryState;
  gridRef: RefObject<HTMLDivElement | null>;
  previewed: GalleryItem | null;
  onPreview: (item: GalleryItem) => void;
  onClose: () => void;
}

/** How many cards a row holds, as the CSS grid laid them out. */
function columnsOf(grid: HTMLElement | null): number {
  if (!grid) return 1;
  return getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length || 1;
}

function headline(gallery: GalleryState): string {
  if (gallery.total === null) return gallery.error ? 'Attachments' : 'Finding attachments…';
  const scope = gallery.query.trim() === '' ? 'in all mail' : 'in the matching mail';
  return `${countOf(gallery.total, 'attachment')} ${scope}`;
}

export function Gallery({ client, gallery, gridRef, previewed, onPreview, onClose }: GalleryProps) {
  // Both belong to one query's cards: a new query starts at the first card, with nothing refused.
  const [selection, setSelection] = useState({ query: gallery.query, index: 0 });
  const [refused, setRefused] = useState<{ query: string; text: string } | null>(null);
  const selected = selection.query === gallery.query ? selection.index : 0;
  const refusal = refused?.query === gallery.query ? refused.text : null;
  const setSelected = (index: number): void => setSelection({ query: gallery.query, index });
  const setRefusal = (text: string | null): void => setRefused(text === null ? null : { query: gallery.query, text });
  const { items } = gallery;

  // The selected card stays in view as the keys move it, and the next page comes before the person reaches the end.
  const { loadMore } = gallery;
  const selectedItem = items[selected];
  useEffect(() => {
    if (selectedItem) document.getElementById(cardId(selectedItem))?.scrollIntoView({ block: 'nearest' });
  }, [selectedItem]);
  useEffect(() => {
    if (selected >= items.length - 12) loadMore();
  }, [selected, items.length, loadMore]);

  const choose = (index: number): void => {
    const item = items[index];
    if (!item) return;
    setSelected(index);
    if (item.canPreview) {
      setRefusal(null);
      onPreview(item);
    } else
      setRefusal(
        item.kind === 'program'
          ? `“${item.filename}” is a program or script: Lantern never previews or opens it. Open its message to save it.`
          : `“${item.filename}” cannot be previewed: its file was not kept at import.`,
      );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(selected);
      return;
    }
    const next = galleryMove(event.key, selected, items.length, columnsOf(gridRef.current));
    // Every arrow is the grid's while it has the focus, even at an edge, so the result list behind never moves.
    if (next === null && !['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'j', 'k'].includes(event.key)) return;
    event.preventDefault();
    if (next !== null) setSelected(next);
  };

  return (
    <section className="result-pane gallery-pane" aria-label="Attachment gallery" data-testid="gallery">
      <header className="result-header">
        <span className="result-count" role="status" data-testid="gallery-count">
          {headline(gallery)}
        </span>
        <GalleryToggle isOpen onToggle={onClose} />
        {refusal && (
          <p className="gallery-refusal" role="alert" data-testid="gallery-refusal">
            {refusal}
          </p>
        )}
      </header>
      {gallery.error && (
        <p className="result-error" role="alert" data-testid="gallery-error">
          {gallery.error}
        </p>
      )}
      <div className="gallery-scroll">
        {gallery.total === 0 && <p className="gallery-empty muted">No message the search matches has attachments.</p>}
        <div
          ref={gridRef}
          className="gallery-grid"
          role="listbox"
          aria-label="Attachments: arrows move, Enter previews"
          aria-activedescendant={selectedItem ? cardId(selectedItem) : undefined}
          aria-busy={gallery.isLoading}
          tabIndex={0}
          onKeyDown={onKeyDown}
          data-testid="gallery-grid"
        >
          {items.map((item, index) => (
            <GalleryCard
              key={cardId(item)}
              client={client}
              item={item}
              isSelected={index === selected}
              isPreviewed={previewed !== null && previewed.ref.messageId === item.ref.messageId && previewed.ref.index === item.ref.index}
              onChoose={() => {
                choose(index);
                gridRef.current?.focus();
              }}
            />
          ))}
        </div>
        {gallery.total !== null && items.length < gallery.total && (
          <button type="button" className="gallery-more" onClick={gallery.loadMore} disabled={gallery.isLoading}>
            {gallery.isLoading ? 'Loading…' : `Show more (${items.length} of ${gallery.total})`}
          </button>
        )}
      </div>
    </section>
  );
}
