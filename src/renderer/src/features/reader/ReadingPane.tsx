// The reading pane: the open message's conversation (or the message alone, as chosen), under its subject.
import type { RefObject } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { MessageDetail } from '../../../../shared/model/message';
import type { SearchHit } from '../../../../shared/model/search';
import { assertNever } from '../../../../shared/assertNever';
import { Conversation } from './Conversation';
import { SingleMessage } from './SingleMessage';
import { updateViewSettings, useViewSettings } from '../settings/useViewSettings';
import type { MessageLoad } from './useMessage';
import './conversation.css';

export interface ReadingPaneProps {
  load: MessageLoad;
  paneRef: RefObject<HTMLElement | null>;
  /** The open message's thread, oldest first (empty while loading or for a lone mail). */
  thread: SearchHit[];
  /** The sentence an answer cited from the open message, to mark; null when it was opened some other way. */
  citedQuote: string | null;
  onOpen: (id: string) => void;
  /** Opens and saves attachments, and loads the other messages of a conversation. */
  client: LanternClient;
  /** Changes when the store does, so messages of a conversation are read again. */
  storeVersion: number;
}

function OpenMessage({
  message,
  thread,
  citedQuote,
  onOpen,
  client,
  storeVersion,
  paneRef,
}: Omit<ReadingPaneProps, 'load'> & { message: MessageDetail }) {
  // One of the window's view settings, also under Settings › Result list.
  const isConversation = useViewSettings().isConversationView;
  return (
    <>
      <div className="reader-toolbar">
        <h1 className="reader-subject" data-testid="reader-subject">
          {message.subject || '(no subject)'}
        </h1>
        <button
          type="button"
          className={`sort-option ${isConversation ? 'is-active' : ''}`}
          aria-pressed={isConversation}
          title={
            isConversation
              ? 'Showing the whole conversation; click to show one message at a time'
              : 'Showing one message; click to show the whole conversation'
          }
          onClick={() => updateViewSettings({ isConversationView: !isConversation })}
          data-testid="reader-conversation-toggle"
        >
          Conversation
        </button>
      </div>
      {isConversation ? (
        // Keyed by thread: what was expanded belongs to one conversation.
        <Conversation
          key={message.threadId || message.id}
          open={message}
          thread={thread}
          citedQuote={citedQuote}
          storeVersion={storeVersion}
          client={client}
          paneRef={paneRef}
        />
      ) : (
        <SingleMessage message={message} thread={thread} citedQuote={citedQuote} onOpen={onOpen} client={client} />
      )}
    </>
  );
}

export function ReadingPane(props: ReadingPaneProps) {
  const { load, paneRef } = props;
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
        return <OpenMessage {...props} message={load.message} />;
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
