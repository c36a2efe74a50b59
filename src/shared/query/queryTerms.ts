// What a query asks for in words, read from its tree once: content words, words to highlight, exact phrases.
import type { QueryNode } from './ast';
import { words } from './fold';
import { queryLeaves } from './leaves';

export interface QueryTerms {
  /** Free words and `body:` values that are not negated, in query order: what the query is about. */
  contentTerms: string[];
  /** The content terms and the `subject:` and `filename:` values, for highlighting in snippets. */
  highlightTerms: string[];
  /** Quoted phrases of two or more words that a message must hold verbatim (word matching alone finds them apart). */
  phrases: string[];
}

export function queryTerms(root: QueryNode | null): QueryTerms {
  const terms: QueryTerms = { contentTerms: [], highlightTerms: [], phrases: [] };
  for (const { leaf, isNegated } of queryLeaves(root)) {
    if (isNegated) continue;
    if (leaf.kind === 'text') {
      terms.contentTerms.push(leaf.value);
      terms.highlightTerms.push(leaf.value);
      if (leaf.phrase && words(leaf.value).length > 1) terms.phrases.push(leaf.value);
      continue;
    }
    const filter = leaf.filter;
    if (filter.field === 'body') terms.contentTerms.push(filter.value);
    if (filter.field === 'body' || filter.field === 'subject' || filter.field === 'filename') terms.highlightTerms.push(filter.value);
  }
  return terms;
}
