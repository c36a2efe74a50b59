// The timeline's bars: days of the person's zone, not UTC's; half-open, consecutive, and as long as the span asks.
import { describe, expect, it } from 'vitest';
import { countBars, granularityFor } from './timelineBuckets';

const at = (iso: string): number => Date.parse(iso);

describe('timeline bars', () => {
  it('puts a mail in the month of the zone it is read in', () => {
    // 22:30 UTC on 31 March is 00:30 on 1 April in Budapest (summer time, UTC+2).
    const dates = Float64Array.of(at('2024-03-31T22:30:00Z'), at('2024-05-10T12:00:00Z'));
    const [first, last] = [dates[0]!, dates[1]!];
    expect(countBars(dates, first, last, 'month', 'Europe/Budapest').map((bar) => [bar.start, bar.end, bar.count])).toEqual([
      ['2024-04-01', '2024-05-01', 1],
      ['2024-05-01', '2024-06-01', 1],
    ]);
    expect(countBars(dates, first, last, 'month', 'UTC').map((bar) => [bar.label, bar.count])).toEqual([
      ['Mar 2024', 1],
      ['Apr 2024', 0],
      ['May 2024', 1],
    ]);
  });

  it('counts a mail at midnight in the day it starts, and keeps empty days between', () => {
    const dates = Float64Array.of(at('2024-01-01T00:00:00Z'), at('2024-01-03T23:59:59Z'), at('2024-01-04T00:00:00Z'));
    const bars = countBars(dates, dates[0]!, dates[2]!, 'day', 'UTC');
    expect(bars.map((bar) => [bar.start, bar.end, bar.count])).toEqual([
      ['2024-01-01', '2024-01-02', 1],
      ['2024-01-02', '2024-01-03', 0],
      ['2024-01-03', '2024-01-04', 1],
      ['2024-01-04', '2024-01-05', 1],
    ]);
  });

  it('chooses days for weeks, months for years, and years for decades', () => {
    expect(granularityFor(at('2024-01-01T00:00:00Z'), at('2024-02-15T00:00:00Z'), 'UTC')).toBe('day');
    expect(granularityFor(at('2019-12-01T00:00:00Z'), at('2026-01-15T00:00:00Z'), 'UTC')).toBe('month');
    expect(granularityFor(at('1998-03-01T00:00:00Z'), at('2024-01-15T00:00:00Z'), 'UTC')).toBe('year');
  });

  it('labels years and ends the last year bar on the next New Year', () => {
    const dates = Float64Array.of(at('2001-06-01T00:00:00Z'), at('2003-12-31T23:00:00Z'));
    expect(countBars(dates, dates[0]!, dates[1]!, 'year', 'UTC').map((bar) => [bar.label, bar.end, bar.count])).toEqual([
      ['2001', '2002-01-01', 1],
      ['2002', '2003-01-01', 0],
      ['2003', '2004-01-01', 1],
    ]);
  });
});
