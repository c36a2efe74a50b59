// One message at a time (the conversation view turned off): its thread as a strip of links above it.
import type { LanternClient } from '../../../../shared/contract/api';
import type { MessageDetail } from '../../../../shared/model/message';
import type { SearchHit } from '../../../../shared/model/search';
import { formatFullDate, personName } from '../../ui/format';
import { MessageBody } from './MessageBody';
import { RecipientsAndAttachments, SenderLine } from './MessageHeaders';

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

export interface SingleMessageProps {
  message: MessageDetail;
  thread: SearchHit[];
  citedQuote: string | null;
  onOpen: (id: string) => void;
  client: LanternClient;
}

export function SingleMessage({ message, thread, citedQuote, onOpen, client }: SingleMessageProps) {
  return (
    <article className="reader-message" data-testid="reader-message" data-id={message.id}>
      <ThreadStrip thread={thread} openId={message.id} onOpen={onOpen} />
      <header className="reader-headers">
        <SenderLine message={message} />
        <RecipientsAndAttachments message={message} client={client} />
      </header>
      {/* Keyed by message and citation, so "Load images" and the view choice never carry over to the next mail. */}
      <MessageBody key={`${message.id}\n${citedQuote ?? ''}`} message={message} citedQuote={citedQuote} isInConversation={false} />
    </article>
  );
}
