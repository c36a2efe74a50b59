// The messages with attachments that a query matches, all of them and not a page: the set the result list counts.
import type { SearchMode } from '../../shared/model/search';
import { parseQuery } from '../../shared/query/parse';
import { ordinalsByDate, reversed } from '../search/rank';
import type { SearchContext } from '../search/searchContext';
import { searchMatches } from '../search/timelineMatches';

export interface MatchingMessages {
  /** Ordinals of the matching messages that have attachments, newest first (oldest first when the query asks). */
  ordinals: number[];
  /** The words to look for inside each attachment (ParsedQuery.terms.highlightTerms). */
  highlightTerms: string[];
}

/**
 * The timeline's match set (searchMatches: every match of words and operators, or the fused list of a search by
 * meaning, copies once), kept to the messages with attachments. Rerank asks for hybrid: reranking only reorders the
 * same messages, and the gallery has its own order, by date. `isTyping` reads the last word as a search as one types does.
 */
export async function matchingMessages(
  query: string,
  mode: SearchMode,
  context: SearchContext,
  isTyping?: boolean,
): Promise<MatchingMessages> {
  const { catalog } = context;
  const matches = await searchMatches({ query, mode: mode === 'rerank' ? 'hybrid' : mode, sort: 'date', isTyping }, context);
  const parsed = parseQuery(query, { timeZone: context.timeZone, contacts: () => context.contacts.all() });
  const order = parsed.dateOrder === 'oldest' ? reversed(ordinalsByDate(catalog)) : ordinalsByDate(catalog);
  const ordinals = matches.ordinals.filter((ordinal) => catalog.attachments(ordinal).length > 0).sort(order);
  return { ordinals, highlightTerms: parsed.terms.highlightTerms };
}
