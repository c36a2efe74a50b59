// One attachment in the gallery: its thumbnail or an icon with its extension, name, size, sender and date.
import { useRef } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import { fileExtension } from '../../../../shared/attachments/executableAttachment';
import type { GalleryItem } from '../../../../shared/model/gallery';
import { formatBytes, formatListDate, personName } from '../../ui/format';
import { useThumbnail } from './useThumbnail';

export function cardId(item: GalleryItem): string {
  return `gallery-card-${item.ref.messageId}-${item.ref.index}`.replace(/[^\w-]/g, '_');
}

/** What a screen reader hears for the card: everything the card shows, and whether it can be previewed. */
export function cardLabel(item: GalleryItem): string {
  const parts = [item.filename, formatBytes(item.size), `from ${personName(item.from)}`, formatListDate(item.date)];
  if (item.isMatch) parts.push('the search words are in it');
  if (item.kind === 'program') parts.push('a program: never previewed, only saved from its message');
  else if (!item.canPreview) parts.push('its file was not kept, so it cannot be previewed');
  return parts.join(', ');
}

export interface GalleryCardProps {
  client: LanternClient;
  item: GalleryItem;
  isSelected: boolean;
  isPreviewed: boolean;
  onChoose: () => void;
}

export function GalleryCard({ client, item, isSelected, isPreviewed, onChoose }: GalleryCardProps) {
  const card = useRef<HTMLDivElement>(null);
  const thumbnail = useThumbnail(client, item, card);
  const extension = fileExtension(item.filename).slice(0, 5) || item.kind;
  return (
    <div
      ref={card}
      id={cardId(item)}
      role="option"
      aria-selected={isSelected}
      aria-label={cardLabel(item)}
      className={`gallery-card is-${item.kind} ${isSelected ? 'is-selected' : ''} ${isPreviewed ? 'is-open' : ''}`}
      data-testid="gallery-card"
      data-kind={item.kind}
      data-can-preview={item.canPreview}
      data-filename={item.filename}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
    >
      <div className="gallery-thumb" aria-hidden="true">
        {thumbnail ? (
          <img src={thumbnail} alt="" data-testid="gallery-thumbnail" />
        ) : (
          <span className="gallery-icon">{extension.toUpperCase()}</span>
        )}
        {item.isMatch && <span className="gallery-match">match</span>}
      </div>
      <div className="gallery-name" title={item.filename}>
        {item.filename}
      </div>
      <div className="gallery-meta muted">
        <span>{formatBytes(item.size)}</span>
        <time dateTime={item.date}>{formatListDate(item.date)}</time>
      </div>
      <div className="gallery-sender muted" title={item.from.address}>
        {personName(item.from)}
      </div>
      {item.kind === 'program' && <div className="gallery-note">Program: save only</div>}
    </div>
  );
}
