// Colours for the search bar: each token of the parse classified, with the parse's marks.
import type { ParsedQuery, QueryMarks, Span } from './ast';
import { isKnownOperator } from './grammar';
import { queryMarks } from './marks';
import { overlaps } from './span';
import { tokensOf } from './tokenize';

export type HighlightKind =
  /** `from:`, `@folder:` */
  | 'operator'
  /** The value after an operator. */
  | 'value'
  /** OR, AND, NOT, minus and brackets. */
  | 'keyword'
  | 'phrase'
  | 'text'
  /** Words the plain-English pass read as a constraint ("5", "latest", "pdfs", "with Janesh"). */
  | 'understood'
  /** A term with a warning: unknown operator, bad date, stray bracket. */
  | 'problem';

export interface Highlight {
  kind: HighlightKind;
  span: Span;
}

/**
 * Non-overlapping highlights in text order; gaps are whitespace. Pass the parse of the same text, and the marks to
 * paint when they come from elsewhere (the engine's parse of it, read with its time zone and contacts).
 */
export function highlightQuery(text: string, parsed: ParsedQuery, marks: QueryMarks = queryMarks(parsed)): Highlight[] {
  const highlights: Highlight[] = [];
  const { problems, understood } = marks;
  for (const token of tokensOf(text, parsed)) {
    if (problems.some((span) => span.start === token.span.start)) {
      highlights.push({ kind: 'problem', span: token.span });
      continue;
    }
    if (token.kind !== 'word') {
      highlights.push({ kind: 'keyword', span: token.span });
      continue;
    }
    if (token.operator !== null) {
      if (!isKnownOperator(token.operator)) {
        highlights.push({ kind: 'text', span: token.span });
        continue;
      }
      const colon = token.span.start + token.operator.length + 1;
      highlights.push({ kind: 'operator', span: { start: token.span.start, end: colon } });
      if (colon < token.span.end) highlights.push({ kind: 'value', span: { start: colon, end: token.span.end } });
      continue;
    }
    if (token.quoted) highlights.push({ kind: 'phrase', span: token.span });
    else if (/^(OR|AND|NOT)$/.test(token.text)) highlights.push({ kind: 'keyword', span: token.span });
    else if (understood.some((span) => overlaps(span, token.span))) highlights.push({ kind: 'understood', span: token.span });
    else highlights.push({ kind: 'text', span: token.span });
  }
  return highlights;
}
