// Taking back one thing the plain-English reading understood: its words leave the query, with the preposition that led them.
import type { Interpretation } from '../../../../shared/query/ast';
import { DATE_PREPOSITIONS, PERSON_PREPOSITIONS } from '../../../../shared/query/vocabulary';
import { removeSpan, type Edit } from './chipEditing';

const LEADING_WORDS = new Set([...Object.keys(PERSON_PREPOSITIONS), ...Object.keys(DATE_PREPOSITIONS)]);

/** The query without the words read as `item`: "from jeff" goes whole, not just "jeff". */
export function removeUnderstood(text: string, item: Interpretation): Edit {
  const before = /(\S+)\s+$/.exec(text.slice(0, item.span.start));
  const start = before && LEADING_WORDS.has(before[1]!.toLowerCase()) ? before.index : item.span.start;
  return removeSpan(text, { start, end: item.span.end });
}
