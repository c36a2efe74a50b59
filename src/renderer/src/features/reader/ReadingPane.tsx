// The reading pane: headers, attachments, and the body in a sandboxed frame (HTML) or a preformatted view (text).
import { useMemo, type RefObject } from 'react';
import type { MessageDetail } from '../../../../shared/model/message';
import { assertNever } from '../../../../shared/assertNever';
import { formatAddresses, formatBytes, formatFullDate, personName } from '../../ui/format';
import { messageDocument } from './messageDocument';
import { Icon } from '../../ui/Icon';
import type { MessageLoad } from './useMessage';

function HeaderRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  if (!value) return null;
  return (
    <div className="reader-header-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function MessageBody({ message }: { message: MessageDetail }) {
  const document = useMemo(() => (message.html ? messageDocument(message.html) : null), [message.html]);
  if (document !== null) {
    return (
      <iframe
        className="reader-frame"
        title={`Message: ${message.subject || '(no subject)'}`}
        // No scripts, no same origin, no forms, no popups: the mail can only be looked at.
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={document}
        data-testid="reader-html"
      />
    );
  }
  return (
    <pre className="reader-text" data-testid="reader-text">
      {message.text || '(This message has no text.)'}
    </pre>
  );
}

function Message({ message }: { message: MessageDetail }) {
  return (
    <article className="reader-message" data-testid="reader-message" data-id={message.id}>
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
        {message.attachments.length > 0 && (
          <ul className="reader-attachments" aria-label="Attachments" data-testid="reader-attachments">
            {message.attachments.map((attachment, index) => (
              <li key={`${attachment.filename}:${index}`} className="attachment-chip" title={attachment.contentType}>
                <Icon name="paperclip" size={13} /> {attachment.filename || '(unnamed)'} <span className="muted">{formatBytes(attachment.size)}</span>
              </li>
            ))}
          </ul>
        )}
      </header>
      <MessageBody message={message} />
    </article>
  );
}

export function ReadingPane({ load, paneRef }: { load: MessageLoad; paneRef: RefObject<HTMLElement | null> }) {
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
        return <Message message={load.message} />;
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
