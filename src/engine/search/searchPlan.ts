// How one search will run, decided before it runs: the mode and why, the page, the order and how words must match.
import type { SearchMode, SearchRequest, SortOrder } from '../../shared/model/search';
import type { ParsedQuery } from '../../shared/query/ast';
import { words } from '../index/fold';
import type { FusionWeights } from './rank';
import { routeQuery } from './route';
import { SIMILAR_NOTE } from './similarOffer';

const MAX_LIMIT = 1000;

/** Ways to run a search that only the engine's own callers (questions for the answer pane) need. */
export interface SearchTuning {
  /** Leave question words out of the keyword terms even when nothing else was understood. */
  dropFiller?: 'always';
  /** 'any': a message needs only some of the words, ranked by how many (for questions). */
  wordMatch?: 'all' | 'any';
}

export interface SearchPlan {
  parsed: ParsedQuery;
  mode: Exclude<SearchMode, 'auto'>;
  /** Why the search runs as it does, for the person; a stage that changes course (hyde, rerank) replaces it. */
  note: string | null;
  weights: FusionWeights;
  wordMatch: 'all' | 'any';
  /** Phrases to find verbatim in the matching messages' text: none when a message needs only some of the words. */
  phrases: string[];
  /** A fused search lists only the keyword matches, which hold the phrases (see Route.isBoundByPhrases). */
  isBoundByPhrases: boolean;
  offset: number;
  limit: number;
  sort: SortOrder;
  /** Keyword and semantic hits are fused into one ranked list; without words (or in keyword mode) a page is picked straight from the keyword matches. */
  isFused: boolean;
  usesKeywords: boolean;
  /** The last word of a query still being typed (folded), matched as the start of a word when no message holds it. */
  typedPrefix: string | null;
  /** The request's `similar`: by meaning alone, with the lower threshold for a query none of whose words occur. */
  isSimilar: boolean;
}

/** A word cut short at the end of the box: letters or digits right up to the end, and one of the query's own words. */
function typedPrefixOf(request: SearchRequest, parsed: ParsedQuery): string | null {
  if (!request.isTyping) return null;
  const trailing = /[\p{L}\p{N}]+$/u.exec(request.query)?.[0];
  const last = trailing ? words(trailing).at(-1) : undefined;
  if (!last) return null;
  return words(parsed.terms.contentTerms.join(' ')).includes(last) ? last : null;
}

export function planSearch(request: SearchRequest, parsed: ParsedQuery, tuning: SearchTuning, embeddedShare: number): SearchPlan {
  const wordMatch = tuning.wordMatch ?? 'all';
  const phrases = wordMatch === 'all' ? parsed.terms.phrases : [];
  const hasWords = parsed.terms.contentTerms.length > 0;
  const isSimilar = request.similar === true;
  const route = routeQuery(isSimilar ? 'semantic' : (request.mode ?? 'auto'), parsed, phrases, embeddedShare);
  let { mode, note } = route;
  if (isSimilar && mode === 'semantic') note = SIMILAR_NOTE;
  // Without words there is nothing to search by meaning: the operators alone list their mail, newest first.
  if ((mode === 'semantic' || mode === 'hyde' || mode === 'rerank') && !hasWords) {
    const missing = mode === 'hyde' ? 'write a passage about' : mode === 'rerank' ? 'rerank by' : 'search by meaning';
    note = `${mode} ran as keyword: the query has only operators, no words to ${missing}`;
    mode = 'keyword';
  }
  return {
    parsed,
    mode,
    note,
    weights: route.weights,
    wordMatch,
    phrases,
    isBoundByPhrases: route.isBoundByPhrases === true,
    offset: Math.max(0, request.offset ?? 0),
    limit: Math.min(MAX_LIMIT, Math.max(0, request.limit ?? 20), parsed.limit ?? MAX_LIMIT),
    // Without words there is nothing to rank by: newest first, and the result says so (the app's sort toggle shows it).
    // A question's "oldest" or "latest" ("what is the oldest UHD version") is part of what it asks, not an order for
    // the messages that share only some of its words: those stay ranked by how many they hold.
    sort: wordMatch === 'any' && hasWords ? 'relevance' : (parsed.sort ?? (hasWords ? (request.sort ?? 'relevance') : 'date')),
    isFused: mode !== 'keyword' && hasWords,
    usesKeywords: mode !== 'semantic',
    typedPrefix: typedPrefixOf(request, parsed),
    isSimilar,
  };
}
