// Puts the timeline's and facets' terms into the query and takes them out again, using the shared tokenizer.
import type { Diagnostic } from '../../../../shared/query/ast';
import { findOperator } from '../../../../shared/query/grammar';
import { tokenize, type Token } from '../../../../shared/query/tokenize';

type WordToken = Extract<Token, { kind: 'word' }>;

/** An operator term as its operator's own name (aliases read as it: label: is in:) and its value, lower case. */
interface Term {
  operator: string;
  value: string;
}

function termOf(token: Token): Term | null {
  if (token.kind !== 'word' || token.operator === null) return null;
  const operator = findOperator(token.operator);
  return operator ? { operator: operator.name, value: token.text.toLowerCase() } : null;
}

/** The word tokens of `query`, each with the span that removes it whole (a leading minus belongs to the term it negates). */
function wordTokens(query: string): { token: WordToken; start: number; isNegated: boolean }[] {
  const diagnostics: Diagnostic[] = [];
  const tokens = tokenize(query, diagnostics);
  return tokens.flatMap((token, index) => {
    if (token.kind !== 'word') return [];
    const previous = tokens[index - 1];
    const isNegated = previous?.kind === 'minus' && previous.span.end === token.span.start;
    return [{ token, start: isNegated ? previous.span.start : token.span.start, isNegated }];
  });
}

/** The query without the spans, its spaces tidied. */
function without(query: string, spans: { start: number; end: number }[]): string {
  let rest = query;
  // From the end, so earlier spans stay valid.
  for (const span of [...spans].sort((first, second) => second.start - first.start))
    rest = rest.slice(0, span.start) + rest.slice(span.end);
  return rest.replace(/\s+/g, ' ').trim();
}

function appended(query: string, terms: string): string {
  const rest = query.trim();
  return rest === '' ? terms : `${rest} ${terms}`;
}

/** The places in `query` where `term` (`from:anna@example.com`, `in:"/Work"`) stands, not negated. */
function occurrences(query: string, term: string): { start: number; end: number }[] {
  const wanted = wordTokens(term).map(({ token }) => termOf(token))[0];
  if (!wanted) return [];
  return wordTokens(query)
    .filter(({ token, isNegated }) => {
      const found = termOf(token);
      return !isNegated && found !== null && found.operator === wanted.operator && found.value === wanted.value;
    })
    .map(({ token, start }) => ({ start, end: token.span.end }));
}

/** Whether the query already narrows by this facet's term: its button shows pressed, and a click takes it out. */
export function hasTerm(query: string, term: string): boolean {
  return occurrences(query, term).length > 0;
}

/** A facet click: the term added at the end, or, when the query has it, taken out. */
export function toggleTerm(query: string, term: string): string {
  const found = occurrences(query, term);
  return found.length > 0 ? without(query, found) : appended(query, term);
}

/**
 * A range dragged on the timeline: `after:start before:end` (days, YYYY-MM-DD) in place of the query's own after: and
 * before: terms, since the range is drawn inside what they already allowed.
 */
export function withDateRange(query: string, start: string, end: string): string {
  const dateTerms = wordTokens(query)
    .filter(({ token, isNegated }) => {
      const operator = termOf(token)?.operator;
      return !isNegated && (operator === 'after' || operator === 'before');
    })
    .map(({ token, start: from }) => ({ start: from, end: token.span.end }));
  return appended(without(query, dateTerms), `after:${start} before:${end}`);
}
