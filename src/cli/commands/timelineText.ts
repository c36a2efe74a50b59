// The timeline as text for a terminal: one line per bar with a bar of blocks, then each facet's values and counts.
import type { Timeline } from '../../shared/model/timeline';

const BAR_WIDTH = 40;
/** Eighths of a block, so short bars still differ. */
const PARTIAL_BLOCKS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

function blocks(count: number, most: number): string {
  const eighths = most === 0 ? 0 : Math.round((count / most) * BAR_WIDTH * 8);
  return '█'.repeat(Math.floor(eighths / 8)) + PARTIAL_BLOCKS[eighths % 8]!;
}

export function timelineText(timeline: Timeline): string {
  const lines = [
    `${timeline.isEstimated ? 'about ' : ''}${timeline.total} messages by ${timeline.granularity} (${timeline.timeZone}; ${timeline.mode}, ${timeline.tookMs} ms)` +
      (timeline.undated > 0 ? `; ${timeline.undated} without a date` : ''),
  ];
  const most = Math.max(0, ...timeline.buckets.map((bar) => bar.count));
  const labelWidth = Math.max(0, ...timeline.buckets.map((bar) => bar.label.length));
  const countWidth = String(most).length;
  for (const bar of timeline.buckets) {
    lines.push(`${bar.label.padEnd(labelWidth)}  ${String(bar.count).padStart(countWidth)}  ${blocks(bar.count, most)}`);
  }
  for (const facet of timeline.facets) {
    if (facet.values.length === 0) continue;
    const more = facet.distinct > facet.values.length ? ` (top ${facet.values.length} of ${facet.distinct})` : '';
    lines.push('', `${facet.title}${more}:`);
    for (const value of facet.values) lines.push(`  ${String(value.count).padStart(6)}  ${value.label}  ${value.operator}`);
  }
  return lines.join('\n');
}
