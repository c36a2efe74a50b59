// Search requests, results and hits.
import type { MessageSummary } from './message';
import type { Interpretation, ParsedQuerySummary } from '../query/ast';
import type { QuerySuggestion } from '../query/didYouMean';

export type SortOrder = 'relevance' | 'date';

/**
 * How words are matched: by the words themselves, by meaning, or both fused; `rerank` reorders hybrid's best
 * candidates by a closer look at each, `hyde` searches by meaning with a passage a language model wrote for the query;
 * `auto` picks by the query.
 */
export type SearchMode = 'keyword' | 'semantic' | 'hybrid' | 'rerank' | 'hyde' | 'auto';

/** Which retriever found a hit. */
export type MatchType = 'keyword' | 'semantic' | 'both';

export interface SearchRequest {
  query: string;
  limit?: number;
  offset?: number;
  sort?: SortOrder;
  /** `auto` when absent. */
  mode?: SearchMode;
  /**
   * The text is still being typed (the search bar's searches as you type; not after Enter): its last word, when no
   * message holds it as written, also matches the words it begins ("daughterboa" finds "daughterboard").
   */
  isTyping?: boolean;
  /**
   * By meaning alone, with a lower similarity threshold when none of the words occur in the archive: the messages about
   * similar things that a search which found nothing offered (its `similarCount`). Replaces `mode`.
   */
  similar?: boolean;
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
  matchType: MatchType;
  /** Where the best match was: 'subject', 'body', or an attachment's file name. */
  matchedIn: string;
  /** True when that attachment's text was read from its pixels by OCR: the hit says "text read from the image". */
  matchedImageText?: boolean;
  /** Messages in this hit's thread, in the whole store (1 for a lone mail). */
  threadSize: number;
  /**
   * How many other messages of this hit's conversation match the query (for a conversation that holds the words only
   * between its messages, those whose words it needed); absent for a lone mail and from engines that predate it.
   */
  threadMatches?: number;
  /**
   * Every folder this mail is in, its own first, when it is stored more than once (same sender, subject and body, dates
   * within a day, whatever their Message-IDs): its copies are not hits of their own. Absent for a mail stored once.
   */
  folders?: string[];
  /** The Message-IDs of this mail's other copies, as `folders`. */
  copyMessageIds?: string[];
  /** Why it is in the list, for the "Why these results?" panel; absent from engines that predate it. */
  reasons?: HitReasons;
}

/** Where a hit's words matched, how close its meaning was and its place in each ranked list. */
export interface HitReasons {
  /** Each word of the query and where the message holds it: 'meta' is the subject, people and attachment names, 'content' the text and attachments' text. */
  words: { word: string; fields: ('meta' | 'content')[] }[];
  /** 1-based place among the messages holding the words, best first; null when words were not searched. */
  keywordRank: number | null;
  /** 1-based place among the messages nearest in meaning; null when meaning was not searched or did not find it. */
  meaningRank: number | null;
  /** Cosine similarity of its best passage to the query (1 is the same meaning); null as meaningRank. */
  similarity: number | null;
}

export interface SearchResult {
  query: string;
  parsed: ParsedQuerySummary;
  /** Number of distinct mails matching the query (all pages; copies of one mail count once): exact unless isTotalEstimated. */
  total: number;
  /**
   * True when a phrase had too many candidates to read them all: the pages found so far are exact, the total is
   * estimated from them ("about 41,000 results"), and a later page reads further.
   */
  isTotalEstimated: boolean;
  tookMs: number;
  hits: SearchHit[];
  /** The order the hits are in: by date when the query has no words to rank by, whatever order was asked for. */
  sort: SortOrder;
  /** The mode that ran (`auto` resolved), and why when it differs from the one asked for. */
  mode: Exclude<SearchMode, 'auto'>;
  modeNote: string | null;
  /** Share of messages with vectors, 0..1; semantic results below 1 cover only part of the archive. */
  embeddedShare: number;
  /** "Did you mean …?": operator names one slip from a real one, words the archive lacks but has one close to. */
  suggestions?: QuerySuggestion[];
  /** What the plain-English words were read as (limit 5, newest first, from:jeff), with the engine's contacts and time zone. */
  understood?: Interpretation[];
  /**
   * A search as one types whose last word no message holds: the words it was read as the beginning of ("firmwa" ->
   * firmware, firmwares), which the hits' highlights mark. Absent otherwise.
   */
  completions?: string[];
  /**
   * Set only when nothing matched and meaning search can run: how many messages are about similar things (at most
   * the 100 nearest), which the same request with `similar` lists. Absent when there are none.
   */
  similarCount?: number;
}
