// The query AST: what the parser produces, the engine executes and the search bar shows as chips.
import type { QueryTerms } from './queryTerms';
import type { Token } from './tokenize';

/** A character range [start, end) in the query text. */
export interface Span {
  start: number;
  end: number;
}

export type PersonField = 'from' | 'to' | 'cc' | 'bcc' | 'participants';
export type TextField = 'subject' | 'body' | 'filename';
export type AttachmentKind = 'attachment' | 'pdf' | 'document' | 'spreadsheet' | 'presentation' | 'image';
export type MessageState = 'unread' | 'read' | 'starred' | 'important';
export type ScopeKind = 'folder' | 'label' | 'collection' | 'thread' | 'document' | 'all';

/** One executable constraint. Dates are epoch milliseconds, ranges half-open [after, before). */
export type Filter =
  | { field: PersonField; value: string }
  | { field: TextField; value: string }
  | { field: 'place'; value: string }
  | { field: 'category'; value: string }
  | { field: 'list'; value: string }
  | { field: 'source'; value: string }
  | { field: 'has'; value: AttachmentKind }
  | { field: 'size'; min: number | null; max: number | null }
  | { field: 'date'; after: number | null; before: number | null }
  | { field: 'is'; value: MessageState }
  | { field: 'thread'; value: string }
  | { field: 'id'; value: string }
  | { field: 'scope'; scope: ScopeKind; values: string[] };

export type FilterField = Filter['field'];

export type QueryNode =
  | { kind: 'and'; children: QueryNode[]; span: Span }
  | { kind: 'or'; children: QueryNode[]; span: Span }
  | { kind: 'not'; child: QueryNode; span: Span }
  | { kind: 'text'; value: string; phrase: boolean; span: Span }
  /**
   * `operator` is the name as typed (`label`, `in`, `after`), kept for chips and summaries. `inferred` marks a
   * filter read from plain English ("latest pdfs" -> has:pdf); `display` is its value as shown, since its span
   * holds words, not `operator:value`.
   */
  | { kind: 'filter'; operator: string; filter: Filter; span: Span; inferred?: boolean; display?: string };

export type DiagnosticSeverity = 'warning' | 'error';

export interface Diagnostic {
  severity: DiagnosticSeverity;
  message: string;
  span: Span;
}

export type QuerySort = 'relevance' | 'date';

/** Which end of a date sort comes first. */
export type DateOrder = 'newest' | 'oldest';

/** One thing read from plain English ("5 latest" -> limit 5, newest first), for chips and the CLI. */
export interface Interpretation {
  span: Span;
  meaning: string;
}

/**
 * The parse of a query: never thrown, always returned with diagnostics. It carries what later steps need (tokens for
 * colours and chips, terms for matching, ranking and routing), so the text is read once.
 */
export interface ParsedQuery {
  /** The query text parsed. */
  text: string;
  /** Every token of the text, as typed (punctuation-only words too), for colours and chips. */
  tokens: Token[];
  /** null when the query has no constraint at all (matches everything). */
  root: QueryNode | null;
  /** A count asked for in words ("5 latest pdfs"), or null. */
  limit: number | null;
  /** An order asked for in words ("latest"), or null to use the request's. */
  sort: QuerySort | null;
  /** Set with sort 'date' from words: "oldest" asks for oldest first; absent means newest first. */
  dateOrder?: DateOrder;
  /**
   * The query's own words for retrieval by meaning: operators, negated terms and understood constraints left out,
   * question words kept ("what did we discuss about the budget" -> all of it; "5 latest pdfs about budget" -> "about
   * budget"). Embed this rather than the keyword terms, which drop question words.
   */
  semanticText?: string;
  /** What the plain-English pass understood, in query order; absent or empty when it found nothing. */
  understood?: Interpretation[];
  /** The other way to read words that could be a constraint or part of a subject ("today" as a date or as a word). */
  alternative?: AlternativeReading;
  diagnostics: Diagnostic[];
  /** The words the tree asks for (see queryTerms). */
  terms: QueryTerms;
}

/** Words of the query that read as a constraint or as words, and what each reading is. */
export interface ReadingFlip {
  span: Span;
  /** The words as typed ("today", "on Friday"). */
  text: string;
  /** The constraint they read as ("date:2026-11-20", "has:presentation"). */
  meaning: string;
}

/**
 * The reading of the query the search did not use: 'words' reads the understood constraints as plain words (the query
 * with them quoted), 'constraints' reads as constraints words that were searched as words (the query with their
 * operators). Flipping is searching `query`.
 */
export interface AlternativeReading {
  reads: 'words' | 'constraints';
  query: string;
  flips: ReadingFlip[];
  /** Set on search results: how many messages the alternative reading matches. */
  total?: number;
  /** Set on search results when the reading typed found nothing and the results shown are this reading's. */
  isShown?: boolean;
}

/** One understood operator as shown to people (CLI `parsed.filters`, chips). */
export interface FilterSummary {
  operator: string;
  value: string;
  negated: boolean;
}

/** Where the parse found something in the text: what the search bar underlines and colours. */
export interface QueryMarks {
  /** The span of each warning, in the order of the warnings. */
  problems: Span[];
  /** Words read as a constraint ("5", "latest", "pdfs", "with Janesh"). */
  understood: Span[];
}

/** The CLI/API view of a parse: free text, the filters understood and warnings. */
export interface ParsedQuerySummary {
  text: string;
  filters: FilterSummary[];
  warnings: string[];
  /**
   * Set on search results: the engine's marks for the query, read with its time zone and contacts, so the search
   * bar paints what the search understood.
   */
  marks?: QueryMarks;
  /** Set on search results when the words could be read another way and that reading finds mail: see AlternativeReading. */
  alternative?: AlternativeReading;
}
