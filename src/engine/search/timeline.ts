// A search's timeline: its matches by day, month or year in the person's time zone, and its facets, over every match.
import type { Timeline, TimelineRequest } from '../../shared/model/timeline';
import { countFacets } from './facets';
import type { SearchContext } from './searchContext';
import { countBars, granularityFor, isDated } from './timelineBuckets';
import { searchMatches } from './timelineMatches';

/**
 * Candidates of a phrase read for its counts: beyond it the counts are estimated from an even sample of them
 * (Timeline.isEstimated; a larger one when few hold the phrase). Reading a candidate's text is most of a phrase's cost
 * (see bench/measured-reasons.md).
 */
export const TIMELINE_PHRASE_SAMPLE = 4000;

/**
 * A second call beside the search, not part of it: the first page of results never waits for the counts. Costs what
 * finding the matches costs (the search's own stages) plus one pass over them per facet.
 */
export async function runTimeline(
  request: TimelineRequest,
  context: SearchContext,
  phraseSample = TIMELINE_PHRASE_SAMPLE,
): Promise<Timeline> {
  const started = performance.now();
  const { ordinals, mode, weight } = await searchMatches(
    { query: request.query, mode: request.mode, sort: request.sort, isTyping: request.isTyping },
    context,
    { phraseSample },
  );
  const weighed = (count: number): number => Math.round(count * weight);
  const { catalog, timeZone } = context;
  const dates = new Float64Array(ordinals.length);
  let dated = 0;
  let first = Infinity;
  let last = -Infinity;
  for (const ordinal of ordinals) {
    const date = catalog.dates[ordinal]!;
    if (!isDated(date)) continue;
    dates[dated] = date;
    dated += 1;
    if (date < first) first = date;
    if (date > last) last = date;
  }
  const datedDates = dates.subarray(0, dated);
  const granularity = dated === 0 ? 'month' : granularityFor(first, last, timeZone);
  const buckets = dated === 0 ? [] : countBars(datedDates, first, last, granularity, timeZone);
  const yearBars = granularity === 'year' || dated === 0 ? buckets : countBars(datedDates, first, last, 'year', timeZone);
  // Each count scaled by what one counted match stands for (1 unless a phrase was sampled).
  const facets = countFacets(ordinals, catalog, yearBars);
  return {
    query: request.query,
    total: weighed(ordinals.length),
    isEstimated: weight !== 1,
    undated: weighed(ordinals.length - dated),
    granularity,
    buckets: buckets.map((bucket) => ({ ...bucket, count: weighed(bucket.count) })),
    facets: facets.map((facet) => ({ ...facet, values: facet.values.map((value) => ({ ...value, count: weighed(value.count) })) })),
    timeZone,
    mode,
    tookMs: Math.round(performance.now() - started),
  };
}
