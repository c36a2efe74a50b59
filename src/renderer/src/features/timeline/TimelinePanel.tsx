// Above the result list: the search's matches over time and its facets, shown or folded away by one toggle.
import { useState } from 'react';
import type { LanternApi } from '../../../../shared/contract/api';
import type { SearchResult } from '../../../../shared/model/search';
import { countOf } from '../../ui/format';
import { FacetList } from './FacetList';
import { Histogram } from './Histogram';
import { toggleTerm, withDateRange } from './timelineTerms';
import { useTimeline } from './useTimeline';
import './timeline.css';

const FOLDED_KEY = 'lantern.timelineFolded';

export interface TimelinePanelProps {
  client: Pick<LanternApi, 'timeline'>;
  /** The list on screen: the timeline counts its search. */
  result: SearchResult | null;
  storeVersion: number;
  query: string;
  onQueryChange: (edit: (query: string) => string) => void;
}

export function TimelinePanel({ client, result, storeVersion, query, onQueryChange }: TimelinePanelProps) {
  // Folded until the person opens it (then remembered): open, it takes the height of about five result rows, and a
  // list at 900 px must still show sixteen.
  const [isFolded, setFolded] = useState(() => localStorage.getItem(FOLDED_KEY) !== 'false');
  const { timeline, isStale, error } = useTimeline(client, isFolded ? null : result, storeVersion);
  const toggleFolded = (): void => {
    localStorage.setItem(FOLDED_KEY, String(!isFolded));
    setFolded(!isFolded);
  };
  if (result === null) return null;
  return (
    <section
      className={`timeline-panel ${!isFolded && isStale ? 'is-stale' : ''}`}
      aria-label="Timeline and facets"
      aria-busy={!isFolded && isStale}
      data-testid="timeline-panel"
      data-total={timeline && !isStale ? timeline.total : undefined}
      data-query={timeline && !isStale ? timeline.query : undefined}
    >
      <div className="timeline-head">
        <button type="button" className="timeline-fold" aria-expanded={!isFolded} onClick={toggleFolded} data-testid="timeline-fold">
          Timeline
        </button>
        {!isFolded && timeline && (
          <span className="timeline-summary muted" data-testid="timeline-summary">
            {timeline.isEstimated ? 'About ' : ''}
            {countOf(timeline.total, 'message')} by {timeline.granularity}
            {timeline.undated > 0 ? ` · ${timeline.undated} undated` : ''}
          </span>
        )}
      </div>
      {!isFolded && error && (
        <p className="timeline-error" role="alert">
          {error}
        </p>
      )}
      {!isFolded && timeline && timeline.total > 0 && (
        <div className="timeline-body">
          {timeline.buckets.length > 0 && (
            <Histogram
              key={`${timeline.query}\u0000${timeline.buckets[0]!.start}\u0000${timeline.buckets.length}`}
              timeline={timeline}
              onRange={(start, end) => onQueryChange((previous) => withDateRange(previous, start, end))}
            />
          )}
          <FacetList
            facets={timeline.facets}
            query={query}
            onToggle={(operator) => onQueryChange((previous) => toggleTerm(previous, operator))}
          />
        </div>
      )}
    </section>
  );
}
