// Search requests, results and hits.
import type { MessageSummary } from './message';
import type { ParsedQuerySummary } from '../query/ast';

export type SortOrder = 'relevance' | 'date';

export interface SearchRequest {
  query: string;
  limit?: number;
  offset?: number;
  sort?: SortOrder;
}

/** A character range [start, end) of a hit's snippet that matched a query term. */
export interface Highlight {
  start: number;
  end: number;
}

/** One matching message. */
export interface SearchHit extends MessageSummary {
  score: number;
  /** Ranges of `snippet` to highlight. */
  highlights: Highlight[];
}

export interface SearchResult {
  query: string;
  parsed: ParsedQuerySummary;
  /** Exact number of messages matching the query (all pages). */
  total: number;
  tookMs: number;
  hits: SearchHit[];
}
