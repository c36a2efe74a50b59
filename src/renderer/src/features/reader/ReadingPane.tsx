// The reading pane: the thread, headers, attachments, and the body in a sandboxed frame (HTML) or as plain text.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { MessageDetail } from '../../../../shared/model/message';
import type { SearchHit } from '../../../../shared/model/search';
import { assertNever } from '../../../../shared/assertNever';
import { formatAddresses, formatFullDate, personName } from '../../ui/format';
import { findCitedPassage } from './citedPassage';
import { messageDocument, remoteReferenceCount } from './messageDocument';
import { Icon } from '../../ui/Icon';
import type { MessageLoad } from './useMessage';
import { AttachmentList } from './AttachmentList';
import type { LanternClient } from '../../../../shared/contract/api';

function HeaderRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  if (!value) return null;
  return (
    <div className="reader-header-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

type BodyView = 'html' | 'text';

/** The plain text, with the sentence an answer cited marked and scrolled into view. */
function PlainText({ text, cited }: { text: string; cited: { start: number; end: number } | null }) {
  const mark = useRef<HTMLElement>(null);
  useEffect(() => {
    mark.current?.scrollIntoView({ block: 'center' });
  }, [cited]);
  // A cited range is only ever found in non-empty text.
  if (!cited) {
    return (
      <pre className="reader-text" data-testid="reader-text">
        {text || '(This message has no text.)'}
      </pre>
    );
  }
  return (
    <pre className="reader-text" data-testid="reader-text">
      {text.slice(0, cited.start)}
      <mark className="reader-cited" ref={mark} data-testid="reader-cited">
        {text.slice(cited.start, cited.end)}
      </mark>
      {text.slice(cited.end)}
    </pre>
  );
}

/**
 * One mail's body; remote images stay blocked until "Load images" for this mail (they tell the sender you read it).
 * Opened from an answer's citation, it starts in plain text with the cited sentence marked: the formatted view is a
 * sandboxed frame without scripts, which can neither mark nor scroll to a passage.
 */
function MessageBody({ message, citedQuote }: { message: MessageDetail; citedQuote: string | null }) {
  const cited = useMemo(() => (citedQuote ? findCitedPassage(message.text, citedQuote) : null), [message.text, citedQuote]);
  const [view, setView] = useState<BodyView>(cited ? 'text' : 'html');
  const [imagesAllowed, setImagesAllowed] = useState(false);
  const remoteImages = useMemo(() => (message.html ? remoteReferenceCount(message.html) : 0), [message.html]);
  const document = useMemo(() => (message.html ? messageDocument(message.html, imagesAllowed) : null), [message.html, imagesAllowed]);
  const showsHtml = document !== null && view === 'html';
  return (
    <>
      {document !== null && (
        <div className="reader-body-bar">
          {showsHtml && remoteImages > 0 && !imagesAllowed && (
            <p className="reader-images-note" data-testid="reader-images-blocked">
              <Icon name="warning" size={13} /> {remoteImages === 1 ? '1 remote image is' : `${remoteImages} remote images are`} blocked so the sender
              cannot tell you opened this mail.
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
        <iframe
          className="reader-frame"
          title={`Message: ${message.subject || '(no subject)'}`}
          // No scripts, no same origin, no forms, no popups: the mail can only be looked at.
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={document}
          data-testid="reader-html"
        />
      ) : (
        <PlainText text={message.text} cited={cited} />
      )}
    </>
  );
}

/** The thread around the open mail, oldest first; the open one is marked, the others open on click. */
function ThreadStrip({ thread, openId, onOpen }: { thread: SearchHit[]; openId: string; onOpen: (id: string) => void }) {
  if (thread.length < 2) return null;
  return (
    <nav className="reader-thread" aria-label={`Thread, ${thread.length} messages`} data-testid="reader-thread">
      <ol>
        {thread.map((hit) => (
          <li key={hit.id}>
            <button
              type="button"
              className={`reader-thread-item ${hit.id === openId ? 'is-open' : ''}`}
              aria-current={hit.id === openId ? 'true' : undefined}
              onClick={() => onOpen(hit.id)}
              data-testid="reader-thread-item"
            >
              <span className="reader-thread-from">{personName(hit.from)}</span>
              <span className="reader-thread-snippet muted">{hit.snippet}</span>
              <time className="muted" dateTime={hit.date}>
                {formatFullDate(hit.date)}
              </time>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Message({ message, thread, citedQuote, onOpen, client }: { message: MessageDetail; thread: SearchHit[]; citedQuote: string | null; onOpen: (id: string) => void; client: LanternClient }) {
  return (
    <article className="reader-message" data-testid="reader-message" data-id={message.id}>
      <ThreadStrip thread={thread} openId={message.id} onOpen={onOpen} />
      <header className="reader-headers">
        <h1 className="reader-subject" data-testid="reader-subject">
          {message.subject || '(no subject)'}
        </h1>
        <div className="reader-sender">
          <span className="reader-avatar" aria-hidden="true">
            {personName(message.from).slice(0, 1).toUpperCase()}
          </span>
          <div>
            <div className="reader-from" data-testid="reader-from">
              <strong>{personName(message.from)}</strong>
              {message.from.name && message.from.address && <span className="muted"> &lt;{message.from.address}&gt;</span>}
            </div>
            <time className="muted" dateTime={message.date} data-testid="reader-date">
              {formatFullDate(message.date)}
            </time>
          </div>
        </div>
        <dl className="reader-header-list">
          <HeaderRow label="To" value={formatAddresses(message.to)} testId="reader-to" />
          <HeaderRow label="Cc" value={formatAddresses(message.cc)} testId="reader-cc" />
          <HeaderRow label="Bcc" value={formatAddresses(message.bcc)} testId="reader-bcc" />
          <HeaderRow label="Folder" value={[message.folder, ...message.labels].filter(Boolean).join(', ')} testId="reader-folder" />
        </dl>
        {message.attachments.length > 0 && <AttachmentList key={message.id} client={client} messageId={message.id} attachments={message.attachments} />}
      </header>
      {/* Keyed by message and citation, so "Load images" and the view choice never carry over to the next mail. */}
      <MessageBody key={`${message.id}\n${citedQuote ?? ''}`} message={message} citedQuote={citedQuote} />
    </article>
  );
}

export interface ReadingPaneProps {
  load: MessageLoad;
  paneRef: RefObject<HTMLElement | null>;
  /** The open message's thread, oldest first (empty while loading or for a lone mail). */
  thread: SearchHit[];
  /** The sentence an answer cited from the open message, to mark; null when it was opened some other way. */
  citedQuote: string | null;
  onOpen: (id: string) => void;
  /** Opens and saves attachments. */
  client: LanternClient;
}

export function ReadingPane({ load, paneRef, thread, citedQuote, onOpen, client }: ReadingPaneProps) {
  const content = (() => {
    switch (load.state) {
      case 'none':
        return (
          <div className="reader-empty muted" data-testid="reader-empty">
            <p>Select a message and press Enter to read it.</p>
            <p className="keys">
              <kbd>/</kbd> search · <kbd>↑</kbd>
              <kbd>↓</kbd> or <kbd>j</kbd>
              <kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>u</kbd> back
            </p>
          </div>
        );
      case 'loading':
        return <div className="reader-empty muted">Opening…</div>;
      case 'loaded':
        return <Message message={load.message} thread={thread} citedQuote={citedQuote} onOpen={onOpen} client={client} />;
      case 'missing':
        return (
          <div className="reader-empty" role="alert">
            This message is no longer in Lantern (it may have been removed with its source).
          </div>
        );
      case 'failed':
        return (
          <div className="reader-empty" role="alert">
            Could not open this message: {load.error}
          </div>
        );
      default:
        return assertNever(load, 'message load');
    }
  })();
  return (
    <section className="reading-pane" aria-label="Reading pane" tabIndex={-1} ref={paneRef} data-testid="reading-pane">
      {content}
    </section>
  );
}
