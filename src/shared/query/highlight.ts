// Colours for the search bar: each piece of the query text classified by the same tokenizer and parse the engine uses.
import type { ParsedQuery, QueryNode, Span } from './ast';
import { findOperator, SCOPES } from './grammar';
import { tokenize } from './tokenize';

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

function overlaps(first: Span, second: Span): boolean {
  return first.start < second.end && second.start < first.end;
}

/** Spans of filters read from words: "with Janesh" includes its "with". */
function inferredSpans(node: QueryNode | null): Span[] {
  if (node === null) return [];
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.flatMap(inferredSpans);
    case 'not':
      return inferredSpans(node.child);
    case 'text':
      return [];
    case 'filter':
      return node.inferred ? [node.span] : [];
  }
}

/** Non-overlapping highlights in text order; gaps are whitespace. Pass the parse of the same text. */
export function highlightQuery(text: string, parsed: ParsedQuery): Highlight[] {
  const highlights: Highlight[] = [];
  const problems = parsed.diagnostics.map((diagnostic) => diagnostic.span);
  const understood = [...(parsed.understood ?? []).map((item) => item.span), ...inferredSpans(parsed.root)];
  for (const token of tokenize(text, [])) {
    if (problems.some((span) => span.start === token.span.start)) {
      highlights.push({ kind: 'problem', span: token.span });
      continue;
    }
    if (token.kind !== 'word') {
      highlights.push({ kind: 'keyword', span: token.span });
      continue;
    }
    if (token.operator !== null) {
      const name = token.operator.toLowerCase();
      const isKnown = name.startsWith('@') ? SCOPES.some((scope) => `@${scope.name}` === name) : findOperator(name) !== undefined;
      if (!isKnown) {
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
