// The histogram of a search's matches over time: drag across bars, or Shift+arrows and Enter, to narrow to their dates.
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { Timeline, TimelineBucket } from '../../../../shared/model/timeline';
import { countOf } from '../../ui/format';

interface Range {
  anchor: number;
  head: number;
}

function ordered(range: Range): [number, number] {
  return range.anchor <= range.head ? [range.anchor, range.head] : [range.head, range.anchor];
}

function barLabel(bar: TimelineBucket): string {
  return `${bar.label}: ${countOf(bar.count, 'message')}`;
}

function rangeLabel(bars: readonly TimelineBucket[], [first, last]: [number, number]): string {
  const count = bars.slice(first, last + 1).reduce((total, bar) => total + bar.count, 0);
  const span = first === last ? bars[first]!.label : `${bars[first]!.label} – ${bars[last]!.label}`;
  return `${span}: ${countOf(count, 'message')}`;
}

/** Give each timeline its own instance (a key), so a new one starts at its last bar with nothing selected. */
export interface HistogramProps {
  timeline: Timeline;
  /** Narrows the search to the days [start, end) of the bars chosen. */
  onRange: (start: string, end: string) => void;
}

export function Histogram({ timeline, onRange }: HistogramProps) {
  const bars = timeline.buckets;
  const most = Math.max(1, ...bars.map((bar) => bar.count));
  const [active, setActive] = useState(bars.length - 1);
  const [selection, setSelection] = useState<Range | null>(null);
  const barsRef = useRef<HTMLDivElement>(null);
  const dragging = useRef<Range | null>(null);

  const apply = (range: Range): void => {
    const [first, last] = ordered(range);
    setSelection(null);
    onRange(bars[first]!.start, bars[last]!.end);
  };

  const barAt = (clientX: number): number => {
    const box = barsRef.current!.getBoundingClientRect();
    return Math.min(bars.length - 1, Math.max(0, Math.floor(((clientX - box.left) / box.width) * bars.length)));
  };

  const onMouseDown = (event: MouseEvent): void => {
    if (event.button !== 0) return;
    event.preventDefault();
    const index = barAt(event.clientX);
    const range = { anchor: index, head: index };
    dragging.current = range;
    setSelection(range);
    setActive(index);
    const onMove = (move: globalThis.MouseEvent): void => {
      const head = barAt(move.clientX);
      dragging.current = { anchor: index, head };
      setSelection(dragging.current);
      setActive(head);
    };
    const onUp = (): void => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
      const finished = dragging.current;
      dragging.current = null;
      if (finished) apply(finished);
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (step !== 0 || event.key === 'Home' || event.key === 'End') {
      const target =
        event.key === 'Home' ? 0 : event.key === 'End' ? bars.length - 1 : Math.min(bars.length - 1, Math.max(0, active + step));
      setSelection(event.shiftKey ? { anchor: selection?.anchor ?? active, head: target } : null);
      setActive(target);
    } else if (event.key === 'Enter') apply(selection ?? { anchor: active, head: active });
    else if (event.key === 'Escape' && selection !== null) setSelection(null);
    else return;
    event.preventDefault();
  };

  const chosen = selection ? ordered(selection) : null;
  const shown = chosen ?? [active, active];
  return (
    <div className="timeline-histogram">
      <div
        ref={barsRef}
        className="timeline-bars"
        role="listbox"
        aria-multiselectable="true"
        aria-label={`Timeline by ${timeline.granularity}: drag across bars, or Shift+arrows and Enter, to narrow the dates`}
        aria-activedescendant={bars.length > 0 ? `timeline-bar-${active}` : undefined}
        tabIndex={0}
        onMouseDown={onMouseDown}
        onKeyDown={onKeyDown}
        data-testid="timeline-bars"
      >
        {bars.map((bar, index) => {
          const isChosen = chosen !== null && index >= chosen[0] && index <= chosen[1];
          return (
            <div
              key={bar.start}
              id={`timeline-bar-${index}`}
              role="option"
              aria-selected={isChosen}
              aria-label={barLabel(bar)}
              title={barLabel(bar)}
              className={`timeline-bar ${isChosen ? 'is-chosen' : ''} ${index === active ? 'is-active' : ''}`}
              data-testid="timeline-bar"
              data-start={bar.start}
              data-end={bar.end}
              data-count={bar.count}
            >
              <span className="timeline-bar-fill" style={{ height: `${bar.count === 0 ? 0 : Math.max(4, (bar.count / most) * 100)}%` }} />
            </div>
          );
        })}
      </div>
      <div className="timeline-axis muted" aria-hidden="true">
        <span>{bars[0]?.label}</span>
        <span className="timeline-focus" data-testid="timeline-focus">
          {bars.length > 0 ? rangeLabel(bars, shown) : ''}
        </span>
        <span>{bars.at(-1)?.label}</span>
      </div>
    </div>
  );
}
