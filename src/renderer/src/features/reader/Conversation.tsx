// The whole thread of the open message, oldest first: read mail folded to one line, the open message expanded and in
// view, "Expand all" / "Collapse all", and n / p to move from message to message.
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { LanternClient } from '../../../../shared/contract/api';
import type { MessageDetail } from '../../../../shared/model/message';
import type { SearchHit } from '../../../../shared/model/search';
import { ConversationItem } from './ConversationItem';

/** Gmail Takeout's label for mail not yet read: like Gmail, a conversation opens those as well as the one clicked. */
const UNREAD_LABEL = 'Unread';

/** The thread as listed, with the open message in its place by date if the listing does not have it (yet). */
function conversationOf(thread: SearchHit[], open: MessageDetail): SearchHit[] {
  if (thread.some((hit) => hit.id === open.id)) return thread;
  const openHit: SearchHit = { ...open, score: 0, highlights: [], matchType: 'keyword', matchedIn: '', threadSize: thread.length + 1 };
  return [...thread, openHit].sort((left, right) => left.date.localeCompare(right.date) || left.id.localeCompare(right.id));
}

/** Letters pressed to move between messages, unless a modifier is held or the key is typed into a field. */
function stepOf(event: KeyboardEvent): 1 | -1 | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target;
  if (target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select'))) return null;
  if (event.key === 'n') return 1;
  if (event.key === 'p') return -1;
  return null;
}

export interface ConversationProps {
  open: MessageDetail;
  /** The open message's thread, oldest first; empty while it loads or for a lone mail. */
  thread: SearchHit[];
  citedQuote: string | null;
  storeVersion: number;
  client: LanternClient;
  /** The reading pane, whose keys n and p move through the conversation. */
  paneRef: RefObject<HTMLElement | null>;
}

export function Conversation({ open, thread, citedQuote, storeVersion, client, paneRef }: ConversationProps) {
  const messages = useMemo(() => conversationOf(thread, open), [thread, open]);
  // What a click, n / p or Expand all / Collapse all decided; the rest follows the default (open or unread).
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [currentId, setCurrentId] = useState(open.id);
  const rows = useRef(new Map<string, HTMLButtonElement>());

  const isExpanded = (hit: SearchHit): boolean => choices.get(hit.id) ?? (hit.id === open.id || hit.labels.includes(UNREAD_LABEL));
  const choose = useCallback((ids: readonly string[], expanded: boolean) => {
    setChoices((previous) => new Map([...previous, ...ids.map((id) => [id, expanded] as const)]));
  }, []);

  // Another message of this thread opened from the list ( ] , an answer): expanded, current and in view. Again when
  // the thread arrives, since the rows above the open message push it down.
  const [scrolledFor, setScrolledFor] = useState<string | null>(null);
  if (scrolledFor !== `${open.id}\n${messages.length}`) {
    setScrolledFor(`${open.id}\n${messages.length}`);
    setCurrentId(open.id);
    if (choices.get(open.id) === false) choose([open.id], true);
  }
  useEffect(() => {
    // A cited sentence scrolls itself into view; the message's top would push it out.
    if (citedQuote !== null) return;
    rows.current.get(open.id)?.scrollIntoView({ block: 'start' });
  }, [open.id, messages.length, citedQuote]);

  const step = useCallback(
    (delta: 1 | -1) => {
      const index = messages.findIndex((hit) => hit.id === currentId);
      const next = messages[Math.min(messages.length - 1, Math.max(0, index + delta))];
      if (!next) return;
      setCurrentId(next.id);
      choose([next.id], true);
      const row = rows.current.get(next.id);
      row?.focus({ preventScroll: true });
      row?.scrollIntoView({ block: 'start' });
    },
    [messages, currentId, choose],
  );

  useEffect(() => {
    const pane = paneRef.current;
    if (!pane) return;
    const onKeyDown = (event: KeyboardEvent): void => {
      const delta = stepOf(event);
      if (delta === null) return;
      event.preventDefault();
      step(delta);
    };
    pane.addEventListener('keydown', onKeyDown);
    return () => pane.removeEventListener('keydown', onKeyDown);
  }, [paneRef, step]);

  const expandedCount = messages.filter(isExpanded).length;
  return (
    <div className="conversation" data-testid="conversation">
      {messages.length > 1 && (
        <div className="conversation-bar">
          <span className="muted" data-testid="conversation-count">
            {messages.length} messages
          </span>
          <button
            type="button"
            className="link-button"
            disabled={expandedCount === messages.length}
            onClick={() =>
              choose(
                messages.map((hit) => hit.id),
                true,
              )
            }
            data-testid="conversation-expand-all"
          >
            Expand all
          </button>
          <button
            type="button"
            className="link-button"
            disabled={expandedCount === 0}
            onClick={() =>
              choose(
                messages.map((hit) => hit.id),
                false,
              )
            }
            data-testid="conversation-collapse-all"
          >
            Collapse all
          </button>
          <span className="conversation-keys muted">
            <kbd>n</kbd> <kbd>p</kbd> next, previous
          </span>
        </div>
      )}
      <ol className="conversation-list" aria-label={`Conversation, ${messages.length} messages`}>
        {messages.map((hit) => (
          <ConversationItem
            key={hit.id}
            hit={hit}
            isExpanded={isExpanded(hit)}
            isOpen={hit.id === open.id}
            loaded={hit.id === open.id ? open : null}
            citedQuote={citedQuote}
            storeVersion={storeVersion}
            client={client}
            rowRef={(element) => {
              if (element) rows.current.set(hit.id, element);
              else rows.current.delete(hit.id);
            }}
            onToggle={() => {
              setCurrentId(hit.id);
              choose([hit.id], !isExpanded(hit));
            }}
            onFocus={() => setCurrentId(hit.id)}
          />
        ))}
      </ol>
    </div>
  );
}
