// The result list: one row per hit or per conversation, with sender(s), subject, highlighted snippet, date and
// attachment mark, in comfortable or compact rows; its header holds the count and the density and grouping toggles.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { TEXT_READ_FROM_IMAGE } from '../../../../shared/model/attachment';
import type { SearchHit, SearchResult } from '../../../../shared/model/search';
import { formatListDate } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { PersonName } from '../people/PersonName';
import { updateViewSettings } from '../settings/useViewSettings';
import type { Density, ViewSettings } from '../settings/viewSettings';
import { highlightSegments } from './highlightSegments';
import { rowSenders, type ResultRow } from './resultRows';
import { ResultsHeader } from './ResultsHeader';
import { threadMarker } from './threadMarker';
import type { ListingFreshness } from './useSearch';
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

/** Every row of a density is this tall (resultList.css keeps it so), which lets the list draw only the rows in view. */
const ROW_HEIGHTS: Record<Density, number> = { comfortable: 96, compact: 42 };
const OVERSCAN = 8;
/** Ask for the next page when the view comes this many rows from the end of what is loaded. */
const PREFETCH_ROWS = 30;

/** Who the row is from: the sender, or a conversation's senders among its matches ("Anna, Bob +2"). */
function Senders({ row, isGrouped }: { row: ResultRow; isGrouped: boolean }) {
  if (!isGrouped) {
    return (
      <span className="result-from" title={row.hit.from.address}>
        <PersonName person={row.hit.from} isInListRow />
      </span>
    );
  }
  const { names, more } = rowSenders(row);
  return (
    <span
      className="result-from"
      title={row.hits
        .map((hit) => hit.from.address)
        .filter((address, index, all) => all.indexOf(address) === index)
        .join(', ')}
      data-testid="result-senders"
    >
      {names.join(', ')}
      {more > 0 && <span className="muted"> +{more}</span>}
    </span>
  );
}

function ThreadSize({ row, isGrouped }: { row: ResultRow; isGrouped: boolean }) {
  const marker = threadMarker(row, isGrouped);
  if (marker === null) return null;
  // The "+2" beside the badge, not in it: the badge's text stays the conversation's size.
  return (
    <>
      <span className="result-thread-size" title={marker.title} data-testid="result-thread-size">
        {row.hit.threadSize}
      </span>
      {marker.others && (
        <span className="result-thread-matches" title={marker.title} data-testid="result-thread-matches">
          {marker.others}
        </span>
      )}
    </>
  );
}

function ViewToggles({ view, viewSwitch }: { view: ViewSettings; viewSwitch: ReactNode }) {
  const isCompact = view.density === 'compact';
  return (
    <span className="result-view-toggles" role="group" aria-label="List view">
      <button
        type="button"
        className={`result-view-toggle ${isCompact ? 'is-active' : ''}`}
        aria-pressed={isCompact}
        title="Compact rows: more messages on screen, without snippets"
        onClick={() => updateViewSettings({ density: isCompact ? 'comfortable' : 'compact' })}
        data-testid="result-density-toggle"
      >
        Compact
      </button>
      <button
        type="button"
        className={`result-view-toggle ${view.isGroupedByThread ? 'is-active' : ''}`}
        aria-pressed={view.isGroupedByThread}
        title="One row per conversation, with its size and who wrote"
        onClick={() => updateViewSettings({ isGroupedByThread: !view.isGroupedByThread })}
        data-testid="result-group-toggle"
      >
        Conversations
      </button>
      {viewSwitch}
    </span>
  );
}

export interface ResultListProps {
  listRef: RefObject<HTMLDivElement | null>;
  result: SearchResult | null;
  rows: readonly ResultRow[];
  view: ViewSettings;
  /** While the list is being replaced it is dimmed and marked busy; keys wait for the new one. */
  freshness: ListingFreshness;
  /** The search the list still shows while the search bar holds a question asked beside it; null otherwise. */
  keptQuery: string | null;
  error: string | null;
  selectedIndex: number;
  openId: string | null;
  onOpen: (index: number) => void;
  onLoadMore: () => void;
  /** A line for the header from elsewhere: an import running ("Importing… — results so far"). */
  notice?: ReactNode;
  /** Between the header and the list: the search's timeline and facets. */
  overview?: ReactNode;
  /** The switch to the attachment gallery, beside the list's own view toggles. */
  viewSwitch?: ReactNode;
  /** Lists the messages about similar things that a search which found nothing offers. */
  onShowSimilar?: () => void;
}

export function ResultList({
  listRef,
  result,
  rows,
  view,
  freshness,
  keptQuery,
  error,
  selectedIndex,
  openId,
  onOpen,
  onLoadMore,
  notice,
  overview,
  viewSwitch,
  onShowSimilar,
}: ResultListProps) {
  const isGrouped = view.isGroupedByThread;
  const rowHeight = ROW_HEIGHTS[view.density];
  const selected = rows[selectedIndex];
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollView, setScrollView] = useState({ top: 0, height: 800 });
  const hasMore = result !== null && result.hits.length < result.total;

  // The selected row stays in view as the keyboard moves it.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const rowTop = selectedIndex * rowHeight;
    if (rowTop < element.scrollTop) element.scrollTop = rowTop;
    else if (rowTop + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = rowTop + rowHeight - element.clientHeight;
  }, [selectedIndex, result, rowHeight]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = (): void => setScrollView({ top: element.scrollTop, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);

  const first = Math.max(0, Math.floor(scrollView.top / rowHeight) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollView.top + scrollView.height) / rowHeight) + OVERSCAN);
  const needsMore = hasMore && (last + PREFETCH_ROWS >= rows.length || selectedIndex + PREFETCH_ROWS >= rows.length);
  useEffect(() => {
    if (needsMore) onLoadMore();
  }, [needsMore, onLoadMore]);

  return (
    <section className="result-pane" aria-label="Results">
      <header className="result-header">
        <ResultsHeader result={result} onShowSimilar={onShowSimilar}>
          <ViewToggles view={view} viewSwitch={viewSwitch} />
        </ResultsHeader>
        {keptQuery !== null && (
          <p className="result-note muted" data-testid="result-kept" title={keptQuery}>
            Results for {keptQuery === '' ? 'all mail' : `“${keptQuery}”`}; the question is answered beside them.
          </p>
        )}
        {notice}
      </header>
      {overview}
      {error && (
        <p className="result-error" role="alert" data-testid="search-error">
          {error}
        </p>
      )}
      <div className="result-scroll" ref={scroller}>
        <div
          ref={listRef}
          id="result-list"
          className={`result-list is-${view.density} ${freshness === 'waiting' ? 'is-waiting' : ''}`}
          role="listbox"
          aria-label={isGrouped ? 'Conversations' : 'Messages'}
          aria-rowcount={isGrouped ? undefined : result?.total}
          aria-busy={freshness === 'waiting'}
          tabIndex={0}
          aria-activedescendant={selected && selectedIndex >= first && selectedIndex < last ? optionId(selected.hit) : undefined}
          data-testid="result-list"
          data-loaded={result?.hits.length ?? 0}
          data-freshness={freshness}
          style={{ height: rows.length * rowHeight }}
        >
          {rows.slice(first, last).map((row, offset) => {
            const { hit } = row;
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
                aria-setsize={isGrouped ? (hasMore ? -1 : rows.length) : result?.total}
                className={`result ${isSelected ? 'is-selected' : ''} ${row.hits.some((member) => member.id === openId) ? 'is-open' : ''}`}
                style={{ transform: `translateY(${index * rowHeight}px)` }}
                data-testid="result-item"
                data-id={hit.id}
                data-thread={hit.threadId}
                data-index={index}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  onOpen(index);
                  listRef.current?.focus();
                }}
              >
                <div className="result-line">
                  <Senders row={row} isGrouped={isGrouped} />
                  <ThreadSize row={row} isGrouped={isGrouped} />
                  {hit.hasAttachments && (
                    <span
                      className="result-attachment"
                      title={`${hit.attachments.length || ''} attachment${hit.attachments.length === 1 ? '' : 's'}`}
                      aria-label="Has attachments"
                      data-testid="result-attachment"
                    >
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
                    <span
                      className={`result-matched-in ${hit.matchedImageText ? 'is-image-text' : ''}`}
                      title={`The words were found in ${hit.matchedImageText ? `${TEXT_READ_FROM_IMAGE} ` : 'the attachment '}${attachmentMatch}`}
                      data-testid="result-matched-in"
                    >
                      {/* The row is narrow: where OCR text matched, that is the news, and the file name is in the title. */}
                      {hit.matchedImageText ? TEXT_READ_FROM_IMAGE : `matched in ${attachmentMatch}`}
                    </span>
                  )}
                </div>
                {view.density === 'comfortable' && <Snippet hit={hit} />}
              </div>
            );
          })}
        </div>
        {result && rows.length === 0 && (
          <p className="result-empty muted" data-testid="result-empty">
            No messages match. Try fewer words, or check the operators under the search box.
          </p>
        )}
      </div>
    </section>
  );
}
