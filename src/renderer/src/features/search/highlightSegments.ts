// Splits a snippet into plain and highlighted pieces from a hit's ranges, tolerating overlaps and out-of-range ends.
import type { Highlight } from '../../../../shared/model/search';

export interface Segment {
  text: string;
  isMatch: boolean;
}

export function highlightSegments(text: string, highlights: readonly Highlight[]): Segment[] {
  const ranges = highlights
    .map(({ start, end }) => ({ start: Math.max(0, Math.min(start, text.length)), end: Math.max(0, Math.min(end, text.length)) }))
    .filter(({ start, end }) => end > start)
    .sort((first, second) => first.start - second.start);
  const segments: Segment[] = [];
  let position = 0;
  for (const range of ranges) {
    const start = Math.max(range.start, position);
    if (range.end <= start) continue;
    if (start > position) segments.push({ text: text.slice(position, start), isMatch: false });
    segments.push({ text: text.slice(start, range.end), isMatch: true });
    position = range.end;
  }
  if (position < text.length) segments.push({ text: text.slice(position), isMatch: false });
  return segments;
}
