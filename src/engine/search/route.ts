// Chooses how to run a query when the mode is `auto`, and says why, from the parsed query.
import type { SearchMode } from '../../shared/model/search';
import type { ParsedQuery } from '../../shared/query/ast';
import { isQuestion } from '../../shared/query/questionWords';
import type { FusionWeights } from './rank';

export interface Route {
  mode: Exclude<SearchMode, 'auto'>;
  weights: FusionWeights;
  note: string | null;
  /**
   * Only messages holding the query's quoted phrases are listed; meaning orders them. In auto mode a quoted phrase is
   * asked for verbatim, as in keyword mode, so it lists the same messages before the embedding and after it, rather
   * than adding their neighbours in meaning that lack it once vectors exist.
   */
  isBoundByPhrases?: true;
}

/** Words with digits, underscores, dots or @ look like identifiers, versions or addresses: matched literally. */
const IDENTIFIER = /[\d_@.#/]/;

/**
 * `phrases` are the phrases the search will check verbatim (none when words need not all match); `embeddedShare`
 * the share of messages with vectors, 0 when search by meaning cannot run.
 */
export function routeQuery(requested: SearchMode, parsed: ParsedQuery, phrases: readonly string[], embeddedShare: number): Route {
  const balanced: FusionWeights = { keyword: 1, semantic: 1 };
  if (embeddedShare <= 0 && requested !== 'keyword') {
    const why = embeddedShare === 0 ? 'no messages have vectors yet' : 'semantic search is not available';
    const note = requested === 'auto' ? null : `${requested} search fell back to keyword: ${why}`;
    return { mode: 'keyword', weights: balanced, note };
  }
  if (requested !== 'auto') return { mode: requested, weights: balanced, note: null };
  const { contentTerms } = parsed.terms;
  if (contentTerms.length === 0) return { mode: 'keyword', weights: balanced, note: 'auto: operators only, keyword' };
  const words = contentTerms
    .join(' ')
    .split(/\s+/)
    .filter((word) => word !== '');
  const keywordWeighted = { keyword: 1, semantic: 0.3 };
  if (phrases.length > 0)
    return { mode: 'hybrid', weights: keywordWeighted, note: 'auto: keyword-weighted hybrid (exact phrase)', isBoundByPhrases: true };
  if (words.length <= 2 && words.some((word) => IDENTIFIER.test(word)))
    return { mode: 'hybrid', weights: keywordWeighted, note: 'auto: keyword-weighted hybrid (identifier)' };
  if (isQuestion(parsed.text) || words.length >= 4)
    return { mode: 'rerank', weights: balanced, note: 'auto: hybrid, reranked (question or concept)' };
  return { mode: 'hybrid', weights: balanced, note: 'auto: balanced hybrid' };
}
