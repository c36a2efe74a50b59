// Splits answer text into plain runs and `[n]` citation markers (also `[1, 2]` and `[1][7]`), so markers can be links.

export type AnswerSegment = { kind: 'text'; text: string } | { kind: 'citation'; n: number };

/** One bracket holding numbers separated by commas; a half-streamed "[1" stays text until its "]" arrives. */
const MARKER = /\[(\s*\d{1,3}\s*(?:,\s*\d{1,3}\s*)*)\]/g;

export function citationSegments(text: string): AnswerSegment[] {
  const segments: AnswerSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    for (const number of match[1]!.split(',')) segments.push({ kind: 'citation', n: Number(number.trim()) });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}
