// One message of a conversation: a one-line row (sender, preview, date) that a click or Enter opens into the whole mail.
import type { LanternClient } from '../../../../shared/contract/api';
import type { MessageDetail } from '../../../../shared/model/message';
import type { SearchHit } from '../../../../shared/model/search';
import { isExcludedPlace } from '../../../../shared/query/excludedFolders';
import { assertNever } from '../../../../shared/assertNever';
import { formatFullDate, formatListDate, personName } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { MessageBody } from './MessageBody';
import { RecipientsAndAttachments } from './MessageHeaders';
import { useMessage, type MessageLoad } from './useMessage';

/**
 * Where a message of the thread lies that searches leave out (Trash, Spam, Deleted Items), by its own name; reading
 * a thread brings such mail back, so it is marked.
 */
function excludedPlaceOf(hit: SearchHit): string | null {
  const place = [hit.folder, ...hit.labels].find(isExcludedPlace);
  return place ? (place.split('/').pop() ?? place) : null;
}

function ItemBody({ load, citedQuote, client }: { load: MessageLoad; citedQuote: string | null; client: LanternClient }) {
  switch (load.state) {
    case 'none':
    case 'loading':
      return <p className="conversation-note muted">Opening…</p>;
    case 'loaded':
      return (
        <>
          <div className="conversation-details">
            <RecipientsAndAttachments message={load.message} client={client} hasFromRow />
          </div>
          {/* Keyed by citation, so a citation opened later starts in plain text with its sentence marked. */}
          <MessageBody key={citedQuote ?? ''} message={load.message} citedQuote={citedQuote} isInConversation />
        </>
      );
    case 'missing':
      return (
        <p className="conversation-note" role="alert">
          This message is no longer in Lantern (it may have been removed with its source).
        </p>
      );
    case 'failed':
      return (
        <p className="conversation-note" role="alert">
          Could not open this message: {load.error}
        </p>
      );
    default:
      return assertNever(load, 'message load');
  }
}

/** Fetches a message only once it is opened; the message opened from the list comes already loaded. */
function LoadedItemBody({
  id,
  loaded,
  storeVersion,
  citedQuote,
  client,
}: {
  id: string;
  loaded: MessageDetail | null;
  storeVersion: number;
  citedQuote: string | null;
  client: LanternClient;
}) {
  const load = useMessage(client, loaded ? null : id, storeVersion);
  return <ItemBody load={loaded ? { state: 'loaded', message: loaded } : load} citedQuote={citedQuote} client={client} />;
}

export interface ConversationItemProps {
  hit: SearchHit;
  isExpanded: boolean;
  /** The message opened from the result list or an answer: marked, and given its citation. */
  isOpen: boolean;
  /** Its full record when it is the open message, which the reading pane has loaded already. */
  loaded: MessageDetail | null;
  citedQuote: string | null;
  storeVersion: number;
  client: LanternClient;
  rowRef: (element: HTMLButtonElement | null) => void;
  onToggle: () => void;
  onFocus: () => void;
}

export function ConversationItem({
  hit,
  isExpanded,
  isOpen,
  loaded,
  citedQuote,
  storeVersion,
  client,
  rowRef,
  onToggle,
  onFocus,
}: ConversationItemProps) {
  const excludedPlace = excludedPlaceOf(hit);
  const sender = personName(hit.from);
  return (
    <li
      className={`conversation-message ${isExpanded ? 'is-expanded' : ''} ${isOpen ? 'is-open' : ''}`}
      data-testid="conversation-message"
      data-id={hit.id}
      data-state={isExpanded ? 'expanded' : 'collapsed'}
    >
      <button
        type="button"
        ref={rowRef}
        className="conversation-row"
        aria-expanded={isExpanded}
        aria-current={isOpen ? 'true' : undefined}
        onClick={onToggle}
        onFocus={onFocus}
        data-testid="reader-thread-item"
      >
        <span className="reader-avatar" aria-hidden="true">
          {sender.slice(0, 1).toUpperCase()}
        </span>
        <span className="conversation-who" data-testid={isOpen ? 'reader-from' : undefined}>
          <strong className="conversation-from">{sender}</strong>
          {isExpanded && hit.from.name && hit.from.address && (
            <span className="conversation-address muted"> &lt;{hit.from.address}&gt;</span>
          )}
        </span>
        {excludedPlace && (
          <span className="conversation-place" title={`This message is in ${excludedPlace}`} data-testid="conversation-place">
            in {excludedPlace}
          </span>
        )}
        {hit.hasAttachments && <Icon name="paperclip" size={13} />}
        <time className="conversation-date muted" dateTime={hit.date} title={formatFullDate(hit.date)}>
          {isExpanded ? formatFullDate(hit.date) : formatListDate(hit.date)}
        </time>
        {!isExpanded && (
          <span className="conversation-preview muted" data-testid="conversation-preview">
            {hit.snippet}
          </span>
        )}
      </button>
      {isExpanded && (
        <div className="conversation-body">
          <LoadedItemBody id={hit.id} loaded={loaded} storeVersion={storeVersion} citedQuote={isOpen ? citedQuote : null} client={client} />
        </div>
      )}
    </li>
  );
}
