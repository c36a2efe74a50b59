// Character ranges of the query text: whether two of them share a character.
import type { Span } from './ast';

export function overlaps(first: Span, second: Span): boolean {
  return first.start < second.end && second.start < first.end;
}
