// Counts dates into consecutive days, months or years of the person's calendar: the timeline's bars.
import type { TimelineBucket, TimelineGranularity } from '../../shared/model/timeline';
import { MONTH_NAMES } from '../../shared/query/dates';
import { calendarDay, startOfDay } from '../../shared/query/zonedTime';

/** Up to this many days the bars are days (about a quarter); up to MONTH_BARS months they are months; beyond, years. */
const DAY_BARS = 92;
const MONTH_BARS = 120;
const DAY_MS = 86_400_000;

interface Day {
  year: number;
  month: number;
  day: number;
}

/** Whether a stored date can be placed on a calendar: mail without a Date header is stored as 0. */
export function isDated(date: number): boolean {
  return Number.isFinite(date) && date > 0;
}

/** Day, month or year bars for dates from `first` to `last` (epoch ms), so the histogram has a readable number of bars. */
export function granularityFor(first: number, last: number, timeZone: string): TimelineGranularity {
  if ((last - first) / DAY_MS < DAY_BARS) return 'day';
  const start = calendarDay(first, timeZone);
  const end = calendarDay(last, timeZone);
  return (end.year - start.year) * 12 + end.month - start.month < MONTH_BARS ? 'month' : 'year';
}

/** The calendar day `steps` bars after the bar that holds `day` (normalised through UTC: day 32 is the next month's 1st). */
function barStart(day: Day, granularity: TimelineGranularity, steps: number): Day {
  const utc =
    granularity === 'day'
      ? new Date(Date.UTC(day.year, day.month - 1, day.day + steps))
      : granularity === 'month'
        ? new Date(Date.UTC(day.year, day.month - 1 + steps, 1))
        : new Date(Date.UTC(day.year + steps, 0, 1));
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

function isoDay(day: Day): string {
  return `${String(day.year).padStart(4, '0')}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

function barLabel(day: Day, granularity: TimelineGranularity): string {
  switch (granularity) {
    case 'day':
      return isoDay(day);
    case 'month': {
      const name = MONTH_NAMES[day.month - 1]!;
      return `${name[0]!.toUpperCase()}${name.slice(1, 3)} ${day.year}`;
    }
    case 'year':
      return String(day.year);
  }
}

/** The index of the last boundary at or before `date` (boundaries ascending, date at or after the first). */
function barOf(boundaries: Float64Array, date: number): number {
  let low = 0;
  let high = boundaries.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (boundaries[middle]! <= date) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Consecutive bars from the one holding `first` to the one holding `last`, each counting the `dates` in [start, end)
 * of the zone's calendar: the same half-open days `after:start before:end` selects. `dates` must lie in [first, last].
 */
export function countBars(
  dates: Float64Array,
  first: number,
  last: number,
  granularity: TimelineGranularity,
  timeZone: string,
): TimelineBucket[] {
  const starts: Day[] = [barStart(calendarDay(first, timeZone), granularity, 0)];
  const boundaries: number[] = [startOfDay(starts[0]!.year, starts[0]!.month, starts[0]!.day, timeZone)];
  // One boundary past the last date: the last bar's end.
  for (;;) {
    const next = barStart(starts[starts.length - 1]!, granularity, 1);
    starts.push(next);
    const edge = startOfDay(next.year, next.month, next.day, timeZone);
    boundaries.push(edge);
    if (edge > last) break;
  }
  const edges = Float64Array.from(boundaries);
  const counts = new Int32Array(edges.length - 1);
  for (let index = 0; index < dates.length; index += 1) {
    const date = dates[index]!;
    if (date >= edges[0]! && date < edges[edges.length - 1]!) counts[barOf(edges, date)]! += 1;
  }
  return Array.from(counts, (count, index) => ({
    start: isoDay(starts[index]!),
    end: isoDay(starts[index + 1]!),
    label: barLabel(starts[index]!, granularity),
    count,
  }));
}
