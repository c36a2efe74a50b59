// "Did you mean …?": a replacement for part of the query text, and the operator typos the grammar can correct (form: -> from:).
import type { ParsedQuery, Span } from './ast';
import { isKnownOperator, OPERATORS, SCOPES } from './grammar';

/** One correction the person can apply with a click: `replacement` takes the place of `span` of the query text. */
export interface QuerySuggestion {
  span: Span;
  replacement: string;
  /** An operator name the grammar does not know, or a word the archive does not hold. */
  kind: 'operator' | 'word';
}

/** The query text with the suggestion applied. */
export function applySuggestion(text: string, suggestion: QuerySuggestion): string {
  return text.slice(0, suggestion.span.start) + suggestion.replacement + text.slice(suggestion.span.end);
}

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours, the commonest typo: form -> from),
 * giving up past `limit` so a long word costs little.
 */
export function editDistance(first: string, second: string, limit: number): number {
  if (Math.abs(first.length - second.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: second.length + 1 }, (_, index) => index);
  for (let row = 1; row <= first.length; row += 1) {
    const current = [row];
    let rowBest = row;
    for (let column = 1; column <= second.length; column += 1) {
      const cost = first[row - 1] === second[column - 1] ? 0 : 1;
      let value = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      if (row > 1 && column > 1 && first[row - 1] === second[column - 2] && first[row - 2] === second[column - 1])
        value = Math.min(value, beforePrevious[column - 2]! + 1);
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[second.length]!;
}

/** How far a typed name may be from a real one: one slip in a short name (cc, to, has), two in a longer one. */
export function allowedDistance(length: number): number {
  return length <= 4 ? 1 : 2;
}

const OPERATOR_NAMES = [
  ...OPERATORS.flatMap((operator) => [operator.name, ...operator.aliases]),
  ...SCOPES.map((scope) => `@${scope.name}`),
];

/** The known operator closest to a name the grammar does not know, or null when none is close enough. */
export function closestOperator(name: string): string | null {
  const lower = name.toLowerCase();
  if (lower.length < 2) return null;
  let best: { name: string; distance: number } | null = null;
  for (const known of OPERATOR_NAMES) {
    const distance = editDistance(lower, known, allowedDistance(Math.min(lower.length, known.length)));
    if (distance <= allowedDistance(Math.min(lower.length, known.length)) && (best === null || distance < best.distance))
      best = { name: known, distance };
  }
  return best?.name ?? null;
}

/** A correction for each `name:value` whose name is no operator but is one slip away from one (`form:kay`). */
export function operatorSuggestions(parsed: ParsedQuery): QuerySuggestion[] {
  return parsed.tokens.flatMap((token) => {
    if (token.kind !== 'word' || token.operator === null || token.quoted || isKnownOperator(token.operator)) return [];
    const replacement = closestOperator(token.operator);
    if (replacement === null) return [];
    return [{ span: { start: token.span.start, end: token.span.start + token.operator.length }, replacement, kind: 'operator' as const }];
  });
}
