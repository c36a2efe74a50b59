// An attachment from the gallery shown in the reading pane: its name, sender and date, Save and Open message, then its look.
import { useState, type RefObject } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { GalleryItem } from '../../../../shared/model/gallery';
import { errorMessage } from '../../../../shared/errorMessage';
import { formatBytes, formatFullDate, personName } from '../../ui/format';
import { useAttachmentPreview } from '../gallery/useAttachmentPreview';
import { AttachmentPreviewBody } from './AttachmentPreviewBody';

export interface AttachmentPreviewProps {
  client: LanternClient;
  item: GalleryItem;
  /** The listed search, whose words are marked. */
  query: string;
  paneRef: RefObject<HTMLElement | null>;
  onOpenMessage: (id: string) => void;
}

/** Keyed by attachment where it is used, so a page number or a notice never carries over to the next one. */
export function AttachmentPreview({ client, item, query, paneRef, onOpenMessage }: AttachmentPreviewProps) {
  const { load, showPage } = useAttachmentPreview(client, item, query);
  const [notice, setNotice] = useState<string | null>(null);
  const save = async (): Promise<void> => {
    try {
      const outcome = await client.saveAttachment(item.ref);
      setNotice(
        outcome.kind === 'cancelled'
          ? null
          : outcome.kind === 'downloaded'
            ? `Downloading ${outcome.filename}.`
            : `Saved to ${outcome.path}.`,
      );
    } catch (error) {
      setNotice(errorMessage(error));
    }
  };
  return (
    <section
      className="reading-pane attachment-preview"
      aria-label={`Preview of ${item.filename}`}
      tabIndex={-1}
      ref={paneRef}
      data-testid="attachment-preview"
    >
      <header className="preview-header">
        <h1 className="preview-title" data-testid="preview-title">
          {item.filename}
        </h1>
        <span className="preview-meta muted">
          {formatBytes(item.size)} · from {personName(item.from)} · {formatFullDate(item.date)} · in “{item.subject || '(no subject)'}”
        </span>
        <div className="preview-actions">
          <button type="button" onClick={() => void save()} data-testid="preview-save">
            Save
          </button>
          <button type="button" onClick={() => onOpenMessage(item.ref.messageId)} data-testid="preview-open-message">
            Open its message
          </button>
          {notice && (
            <span className="muted" role="status">
              {notice}
            </span>
          )}
        </div>
      </header>
      <div className="preview-body" data-testid="preview-body" data-state={load.state}>
        {load.state === 'loading' && <p className="muted">Preparing the preview…</p>}
        {load.state === 'failed' && (
          <p className="result-error" role="alert" data-testid="preview-error">
            {load.error}
          </p>
        )}
        {load.state === 'loaded' && <AttachmentPreviewBody preview={load.preview} onPage={showPage} isTurning={load.isTurningPage} />}
      </div>
    </section>
  );
}
