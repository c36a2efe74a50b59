// A search's matches over time and by facet: the histogram above the result list and the counts beside it.
import type { SearchMode, SortOrder } from './search';

/** The search whose matches are counted: the same query, mode and order as the result list's. */
export interface TimelineRequest {
  query: string;
  /** `auto` when absent. */
  mode?: SearchMode;
  sort?: SortOrder;
  /** As SearchRequest's: the timeline of a search as one types counts what that search listed. */
  isTyping?: boolean;
}

/** How long one bar of the histogram is, chosen by the span of the matches. */
export type TimelineGranularity = 'day' | 'month' | 'year';

/** One bar: the matches dated in [start, end) in the person's time zone. */
export interface TimelineBucket {
  /** First day of the bar, YYYY-MM-DD: `after:start` selects from it. */
  start: string;
  /** First day after the bar, YYYY-MM-DD: `before:end` selects up to it (before: is exclusive). */
  end: string;
  /** "2024", "Mar 2024" or "2024-03-17". */
  label: string;
  count: number;
}

export type FacetKind = 'senders' | 'recipients' | 'places' | 'years' | 'attachments';

/** One value of a facet: how many matches have it, and the operator that keeps only those. */
export interface FacetValue {
  /** What the person reads: an address, a folder path, a year, a kind of attachment. */
  label: string;
  count: number;
  /** The query term that narrows to it, as typed: `from:anna@example.com`, `in:"/Work/Projects"`, `date:2024`, `has:pdf`. */
  operator: string;
}

export interface Facet {
  kind: FacetKind;
  /** "Senders", "Recipients", "Folders and labels", "Years", "Attachments". */
  title: string;
  /** Most frequent first (years in date order); at most a few per facet. */
  values: FacetValue[];
  /** Distinct values among the matches, shown or not. */
  distinct: number;
}

/**
 * Counts over every match of a search, not the page: the same set the result count counts (SearchResult.total), so
 * the bars and undated messages add up to it.
 */
export interface Timeline {
  query: string;
  /** Messages counted: the search's total when that is exact. */
  total: number;
  /**
   * The counts are estimated: a quoted phrase with many candidates was checked in an even sample of them, and every
   * count (total, undated, bars, facets) is scaled up from the sample ("about").
   */
  isEstimated: boolean;
  /** Matches without a usable date: counted in `total`, in no bar. */
  undated: number;
  granularity: TimelineGranularity;
  /** Consecutive bars from the first match's to the last's, empty ones included; none when nothing is dated. */
  buckets: TimelineBucket[];
  facets: Facet[];
  /** The IANA zone the bars' days are in. */
  timeZone: string;
  /** The mode the search ran as (auto picks one). */
  mode: Exclude<SearchMode, 'auto'>;
  tookMs: number;
}
