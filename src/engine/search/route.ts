// Chooses how to run a query when the mode is `auto`, and says why.
import type { SearchMode } from '../../shared/model/search';
import type { FusionWeights } from './rank';

export interface Route {
  mode: Exclude<SearchMode, 'auto'>;
  weights: FusionWeights;
  note: string | null;
}

const QUESTION_START = /^(what|who|whom|whose|when|where|why|how|which|is|are|was|were|did|does|do|can|could|should|any)\b/i;
/** Words with digits, underscores, dots or @ look like identifiers, versions or addresses: matched literally. */
const IDENTIFIER = /[\d_@.#/]/;

export function routeQuery(requested: SearchMode, query: string, contentTerms: string[], hasPhrase: boolean, semanticReady: boolean, embeddedShare: number): Route {
  const balanced: FusionWeights = { keyword: 1, semantic: 1 };
  if (!semanticReady && requested !== 'keyword') {
    const why = embeddedShare === 0 ? 'no messages have vectors yet' : 'semantic search is not available';
    return { mode: 'keyword', weights: balanced, note: requested === 'auto' ? null : `${requested} search fell back to keyword: ${why}` };
  }
  if (requested !== 'auto') return { mode: requested, weights: balanced, note: null };
  if (contentTerms.length === 0) return { mode: 'keyword', weights: balanced, note: 'auto: operators only, keyword' };
  const words = contentTerms.join(' ').split(/\s+/).filter((word) => word !== '');
  if (hasPhrase || (words.length <= 2 && words.some((word) => IDENTIFIER.test(word)))) {
    return { mode: 'hybrid', weights: { keyword: 1, semantic: 0.3 }, note: 'auto: keyword-weighted hybrid (exact phrase or identifier)' };
  }
  if (QUESTION_START.test(query.trim()) || query.trim().endsWith('?') || words.length >= 4) {
    return { mode: 'rerank', weights: balanced, note: 'auto: hybrid, reranked (question or concept)' };
  }
  return { mode: 'hybrid', weights: balanced, note: 'auto: balanced hybrid' };
}
