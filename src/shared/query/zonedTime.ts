// Calendar arithmetic in an IANA time zone with Intl only, so dates in queries mean the user's days.

/**
 * One formatter per zone: making one costs about a millisecond, using one a few microseconds, and a timeline asks for
 * the start of every month it shows (src/engine/search/timelineBuckets.ts).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const parts = wallClock(timeZone).formatToParts(new Date(epochMs));
  const value = (type: string): number => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** Epoch ms of 00:00 on the given calendar day in `timeZone`; month is 1-based and may overflow (13 = next January). */
export function startOfDay(year: number, month: number, day: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - zoneOffsetMs(guess, timeZone);
  // A second pass settles days where the offset changes (daylight saving).
  return guess - zoneOffsetMs(first, timeZone);
}

/** The calendar day (year, 1-based month, day) that `epochMs` falls on in `timeZone`. */
export function calendarDay(epochMs: number, timeZone: string): { year: number; month: number; day: number } {
  const shifted = new Date(epochMs + zoneOffsetMs(epochMs, timeZone));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
