// The result list: one row per hit with sender, subject, highlighted snippet, date and attachment mark.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { SearchHit, SearchResult } from '../../../../shared/model/search';
import { formatCount, formatListDate, personName } from '../../ui/format';
import { highlightSegments } from './highlightSegments';
import { Icon } from '../../ui/Icon';
import './resultList.css';

function optionId(hit: SearchHit): string {
  return `result-${hit.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

function Snippet({ hit }: { hit: SearchHit }) {
  return (
    <span className="result-snippet">
      {highlightSegments(hit.snippet, hit.highlights).map((segment, index) =>
        segment.isMatch ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </span>
  );
}

/** Every row is this tall (CSS keeps it so), which lets the list draw only the rows in view: smooth at any count. */
export const ROW_HEIGHT = 96;
const OVERSCAN = 8;
/** Ask for the next page when the view comes this many rows from the end of what is loaded. */
const PREFETCH_ROWS = 30;

function MatchBadge({ hit, mode }: { hit: SearchHit; mode: SearchResult['mode'] }) {
  // In keyword mode every hit is a keyword hit; the badge only says something when meaning took part.
  if (mode === 'keyword') return null;
  const label = hit.matchType === 'both' ? 'words + meaning' : hit.matchType === 'semantic' ? 'meaning' : 'words';
  return (
    <span className={`result-badge result-badge-${hit.matchType}`} title={`Matched by ${label}`} data-testid="result-match-type">
      {hit.matchType}
    </span>
  );
}

export interface ResultListProps {
  listRef: RefObject<HTMLDivElement | null>;
  result: SearchResult | null;
  error: string | null;
  selectedIndex: number;
  openId: string | null;
  onSelect: (index: number) => void;
  onOpen: (index: number) => void;
  onLoadMore: () => void;
}

export function ResultList({ listRef, result, error, selectedIndex, openId, onSelect, onOpen, onLoadMore }: ResultListProps) {
  const hits = useMemo(() => result?.hits ?? [], [result]);
  const selected = hits[selectedIndex];
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });

  // The selected row stays in view as the keyboard moves it.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const rowTop = selectedIndex * ROW_HEIGHT;
    if (rowTop < element.scrollTop) element.scrollTop = rowTop;
    else if (rowTop + ROW_HEIGHT > element.scrollTop + element.clientHeight) element.scrollTop = rowTop + ROW_HEIGHT - element.clientHeight;
  }, [selectedIndex, result]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = (): void => setView({ top: element.scrollTop, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(hits.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const needsMore = result !== null && hits.length < result.total && (last + PREFETCH_ROWS >= hits.length || selectedIndex + PREFETCH_ROWS >= hits.length);
  useEffect(() => {
    if (needsMore) onLoadMore();
  }, [needsMore, onLoadMore]);

  return (
    <section className="result-pane" aria-label="Results">
      <header className="result-header">
        <span className="result-count" data-testid="result-count" aria-live="polite">
          {result ? `${result.isTotalEstimated ? 'About ' : ''}${formatCount(result.total)} result${result.total === 1 ? '' : 's'}` : 'Searching…'}
        </span>
        {result && <span className="result-took muted">{result.tookMs} ms</span>}
        {result?.modeNote && (
          <p className="result-note muted" data-testid="result-note" title={result.modeNote}>
            {result.modeNote}
          </p>
        )}
      </header>
      {error && (
        <p className="result-error" role="alert" data-testid="search-error">
          {error}
        </p>
      )}
      <div className="result-scroll" ref={scroller}>
        <div
          ref={listRef}
          id="result-list"
          className="result-list"
          role="listbox"
          aria-label="Messages"
          aria-rowcount={result?.total}
          tabIndex={0}
          aria-activedescendant={selected && selectedIndex >= first && selectedIndex < last ? optionId(selected) : undefined}
          data-testid="result-list"
          data-loaded={hits.length}
          style={{ height: hits.length * ROW_HEIGHT }}
        >
          {hits.slice(first, last).map((hit, offset) => {
            const index = first + offset;
            const isSelected = index === selectedIndex;
            const attachmentMatch = hit.matchedIn !== '' && hit.matchedIn !== 'subject' && hit.matchedIn !== 'body' ? hit.matchedIn : null;
            return (
              <div
                key={hit.id}
                id={optionId(hit)}
                role="option"
                aria-selected={isSelected}
                aria-posinset={index + 1}
                aria-setsize={result?.total}
                className={`result ${isSelected ? 'is-selected' : ''} ${hit.id === openId ? 'is-open' : ''}`}
                style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
                data-testid="result-item"
                data-id={hit.id}
                data-index={index}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  onSelect(index);
                  onOpen(index);
                  listRef.current?.focus();
                }}
              >
                <div className="result-line">
                  <span className="result-from" title={hit.from.address}>
                    {personName(hit.from)}
                  </span>
                  {hit.threadSize > 1 && (
                    <span className="result-thread-size" title={`${hit.threadSize} messages in this thread`} data-testid="result-thread-size">
                      {hit.threadSize}
                    </span>
                  )}
                  {hit.hasAttachments && (
                    <span className="result-attachment" title={`${hit.attachments.length || ''} attachment${hit.attachments.length === 1 ? '' : 's'}`} aria-label="Has attachments" data-testid="result-attachment">
                      <Icon name="paperclip" size={14} />
                    </span>
                  )}
                  <time className="result-date" dateTime={hit.date}>
                    {formatListDate(hit.date)}
                  </time>
                </div>
                <div className="result-line">
                  <span className="result-subject" data-testid="result-subject">
                    {hit.subject || '(no subject)'}
                  </span>
                  {attachmentMatch && (
                    <span className="result-matched-in" title={`The words were found in the attachment ${attachmentMatch}`} data-testid="result-matched-in">
                      matched in {attachmentMatch}
                    </span>
                  )}
                  {result && <MatchBadge hit={hit} mode={result.mode} />}
                </div>
                <Snippet hit={hit} />
              </div>
            );
          })}
        </div>
        {result && hits.length === 0 && (
          <p className="result-empty muted" data-testid="result-empty">
            No messages match. Try fewer words, or check the operators under the search box.
          </p>
        )}
      </div>
    </section>
  );
}
