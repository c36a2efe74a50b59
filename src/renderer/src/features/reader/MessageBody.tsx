// One mail's body: its HTML in a sandboxed frame or its plain text, with remote images blocked until asked for.
import { useMemo, useState } from 'react';
import type { MessageDetail } from '../../../../shared/model/message';
import { Icon } from '../../ui/Icon';
import { findCitedPassage } from './citedPassage';
import { MessageFrame } from './MessageFrame';
import { messageDocument, remoteReferenceCount } from './messageDocument';
import { PlainTextBody } from './PlainTextBody';

type BodyView = 'html' | 'text';

export interface MessageBodyProps {
  message: MessageDetail;
  citedQuote: string | null;
  /** Within a conversation: quotes and signatures folded behind "…", and the frame as tall as the mail. */
  isInConversation: boolean;
}

/**
 * Remote images stay blocked until "Load images" for this mail (they tell the sender you read it). Opened from an
 * answer's citation, it starts in plain text with the cited sentence marked: the formatted view is a sandboxed frame
 * without scripts, which can neither mark nor scroll to a passage.
 */
export function MessageBody({ message, citedQuote, isInConversation }: MessageBodyProps) {
  const cited = useMemo(() => (citedQuote ? findCitedPassage(message.text, citedQuote) : null), [message.text, citedQuote]);
  const [view, setView] = useState<BodyView>(cited ? 'text' : 'html');
  const [imagesAllowed, setImagesAllowed] = useState(false);
  const remoteImages = useMemo(() => (message.html ? remoteReferenceCount(message.html) : 0), [message.html]);
  const document = useMemo(
    () => (message.html ? messageDocument(message.html, { allowRemoteImages: imagesAllowed, foldQuotes: isInConversation }) : null),
    [message.html, imagesAllowed, isInConversation],
  );
  const showsHtml = document !== null && view === 'html';
  return (
    <>
      {document !== null && (
        <div className="reader-body-bar">
          {showsHtml && remoteImages > 0 && !imagesAllowed && (
            <p className="reader-images-note" data-testid="reader-images-blocked">
              <Icon name="warning" size={13} /> {remoteImages === 1 ? '1 remote image is' : `${remoteImages} remote images are`} blocked so
              the sender cannot tell you opened this mail.
              <button type="button" className="link-button" onClick={() => setImagesAllowed(true)} data-testid="reader-load-images">
                Load images
              </button>
            </p>
          )}
          <div className="reader-view-toggle" role="group" aria-label="Show the message as">
            {(['html', 'text'] as const).map((option) => (
              <button
                key={option}
                type="button"
                className={`sort-option ${view === option ? 'is-active' : ''}`}
                aria-pressed={view === option}
                onClick={() => setView(option)}
                data-testid={`reader-view-${option}`}
              >
                {option === 'html' ? 'Formatted' : 'Plain text'}
              </button>
            ))}
          </div>
        </div>
      )}
      {citedQuote !== null && cited === null && (
        <p className="reader-cited-elsewhere muted" data-testid="reader-cited-elsewhere">
          The cited passage is not in the body of this mail; it comes from its subject or an attachment.
        </p>
      )}
      {showsHtml ? (
        <MessageFrame document={document} title={`Message: ${message.subject || '(no subject)'}`} fitsContent={isInConversation} />
      ) : (
        <PlainTextBody text={message.text} cited={cited} foldsQuotes={isInConversation} />
      )}
    </>
  );
}
