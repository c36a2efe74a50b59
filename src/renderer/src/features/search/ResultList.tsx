// The result list: one row per hit with sender, subject, highlighted snippet, date and attachment mark.
import { useEffect, useRef, type RefObject } from 'react';
import type { SearchHit, SearchResult } from '../../../../shared/model/search';
import { formatCount, formatListDate, personName } from '../../ui/format';
import { highlightSegments } from './highlightSegments';
import { Icon } from '../../ui/Icon';

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
  const hits = result?.hits ?? [];
  const selected = hits[selectedIndex];
  const selectedRow = useRef<HTMLDivElement>(null);

  useEffect(() => {
    selectedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [selectedIndex, result]);

  return (
    <section className="result-pane" aria-label="Results">
      <header className="result-header">
        <span className="result-count" data-testid="result-count" aria-live="polite">
          {result ? `${formatCount(result.total)} result${result.total === 1 ? '' : 's'}` : 'Searching…'}
        </span>
        {result && <span className="result-took muted">{result.tookMs} ms</span>}
      </header>
      {error && (
        <p className="result-error" role="alert" data-testid="search-error">
          {error}
        </p>
      )}
      <div className="result-scroll">
      <div
        ref={listRef}
        id="result-list"
        className="result-list"
        role="listbox"
        aria-label="Messages"
        tabIndex={0}
        aria-activedescendant={selected ? optionId(selected) : undefined}
        data-testid="result-list"
      >
        {hits.map((hit, index) => {
          const isSelected = index === selectedIndex;
          return (
            <div
              key={hit.id}
              id={optionId(hit)}
              ref={isSelected ? selectedRow : undefined}
              role="option"
              aria-selected={isSelected}
              className={`result ${isSelected ? 'is-selected' : ''} ${hit.id === openId ? 'is-open' : ''}`}
              data-testid="result-item"
              data-id={hit.id}
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
                {hit.hasAttachments && (
                  <span className="result-attachment" title={`${hit.attachments.length || ''} attachment${hit.attachments.length === 1 ? '' : 's'}`} aria-label="Has attachments" data-testid="result-attachment">
                    <Icon name="paperclip" size={14} />
                  </span>
                )}
                <time className="result-date" dateTime={hit.date}>
                  {formatListDate(hit.date)}
                </time>
              </div>
              <div className="result-subject" data-testid="result-subject">
                {hit.subject || '(no subject)'}
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
        {result && hits.length < result.total && (
          <button type="button" className="button button-quiet result-more" onClick={onLoadMore} data-testid="result-more">
            Show more ({formatCount(result.total - hits.length)} left)
          </button>
        )}
      </div>
    </section>
  );
}
