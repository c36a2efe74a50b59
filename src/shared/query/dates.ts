// Reads a date value (2024-06-17, 2024/06, "June 2024", "last week", yesterday) as a half-open day range in the user's zone.
import * as chrono from 'chrono-node';
import { calendarDay, startOfDay } from './zonedTime';

export interface DateContext {
  /** IANA zone whose calendar days the query means. */
  timeZone: string;
  /** "Now", epoch ms. */
  now: number;
}

/** A half-open range [after, before) in epoch ms. */
export interface DateRange {
  after: number;
  before: number;
}

interface Day {
  year: number;
  month: number;
  day: number;
}

export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** Month number (1-12) for a full or three-letter English month name, or null. */
export function monthNumber(word: string): number | null {
  const lower = word.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const index = MONTH_NAMES.findIndex(
    (name) => name === lower || (lower.length === 3 && name.startsWith(lower)) || (lower === 'sept' && name === 'september'),
  );
  return index === -1 ? null : index + 1;
}

function dayRange(day: Day, days: number, zone: string): DateRange {
  return { after: startOfDay(day.year, day.month, day.day, zone), before: startOfDay(day.year, day.month, day.day + days, zone) };
}

function monthRange(year: number, month: number, months: number, zone: string): DateRange {
  return { after: startOfDay(year, month, 1, zone), before: startOfDay(year, month + months, 1, zone) };
}

function isValidDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Weekday of a calendar day, 0 = Monday (weeks start on Monday, as ISO 8601 has it). */
function mondayIndex(day: Day): number {
  return (new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7;
}

function numericDate(text: string, zone: string): DateRange | null | undefined {
  const full = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (full) {
    const [year, month, day] = [Number(full[1]), Number(full[2]), Number(full[3])];
    return isValidDay(year, month, day) ? dayRange({ year, month, day }, 1, zone) : null;
  }
  const monthOnly = /^(\d{4})[-/.](\d{1,2})$/.exec(text);
  if (monthOnly) {
    const [year, month] = [Number(monthOnly[1]), Number(monthOnly[2])];
    return month >= 1 && month <= 12 ? monthRange(year, month, 1, zone) : null;
  }
  const yearOnly = /^(\d{4})$/.exec(text);
  if (yearOnly) return monthRange(Number(yearOnly[1]), 1, 12, zone);
  // Digits and separators that fit none of the shapes above are a mistyped date, never natural language.
  if (/^[\d\s\-/.]+$/.test(text)) return null;
  return undefined;
}

const UNIT_WORDS: Record<string, 'day' | 'week' | 'month' | 'year'> = {
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
  year: 'year',
  years: 'year',
};

/** today, yesterday, this/last/past/previous week|month|year, past 3 days, last 2 weeks. */
function relativePeriod(text: string, context: DateContext): DateRange | null {
  const zone = context.timeZone;
  const today = calendarDay(context.now, zone);
  if (text === 'today') return dayRange(today, 1, zone);
  if (text === 'yesterday') return dayRange({ ...today, day: today.day - 1 }, 1, zone);
  const match = /^(this|last|past|previous|current)\s+(?:(\d{1,3})\s+)?(day|days|week|weeks|month|months|year|years)$/.exec(text);
  if (!match) return null;
  const [, which, countText, unitWord] = match;
  const unit = UNIT_WORDS[unitWord!]!;
  const isCurrent = which === 'this' || which === 'current';
  if (countText !== undefined || which === 'past') {
    // "past 3 days" and "last 2 weeks" are rolling windows that end tomorrow at midnight, so today is included.
    if (isCurrent) return null;
    const count = Number(countText ?? '1');
    const before = startOfDay(today.year, today.month, today.day + 1, zone);
    const startDay =
      unit === 'day'
        ? { ...today, day: today.day - count + 1 }
        : unit === 'week'
          ? { ...today, day: today.day - 7 * count + 1 }
          : unit === 'month'
            ? { ...today, month: today.month - count }
            : { ...today, year: today.year - count };
    return { after: startOfDay(startDay.year, startDay.month, startDay.day, zone), before };
  }
  const shift = isCurrent ? 0 : -1;
  switch (unit) {
    case 'day':
      return dayRange({ ...today, day: today.day + shift }, 1, zone);
    case 'week': {
      const monday = { ...today, day: today.day - mondayIndex(today) + 7 * shift };
      return dayRange(monday, 7, zone);
    }
    case 'month':
      return monthRange(today.year, today.month + shift, 1, zone);
    case 'year':
      return monthRange(today.year + shift, 1, 12, zone);
  }
}

/** "June 2024", "jun 2024", "june" (the latest June not after now), "2024 june". */
function monthName(text: string, context: DateContext): DateRange | null {
  const parts = text.split(/\s+/);
  const zone = context.timeZone;
  if (parts.length === 1) {
    const month = monthNumber(parts[0]!);
    if (month === null) return null;
    const today = calendarDay(context.now, zone);
    return monthRange(month > today.month ? today.year - 1 : today.year, month, 1, zone);
  }
  if (parts.length !== 2) return null;
  const [first, second] = parts as [string, string];
  const month = monthNumber(first) ?? monthNumber(second);
  const year = /^\d{4}$/.test(second) ? Number(second) : /^\d{4}$/.test(first) ? Number(first) : null;
  return month !== null && year !== null ? monthRange(year, month, 1, zone) : null;
}

/** The wall clock of `now` in the zone as a Date in the process zone: chrono reads and writes local components. */
function chronoReference(context: DateContext): Date {
  const today = calendarDay(context.now, context.timeZone);
  const sinceMidnight = context.now - startOfDay(today.year, today.month, today.day, context.timeZone);
  return new Date(today.year, today.month - 1, today.day, 0, 0, 0, Math.max(0, sinceMidnight));
}

function naturalLanguage(text: string, context: DateContext): DateRange | null {
  let results: chrono.ParsedResult[];
  try {
    results = chrono.parse(text, chronoReference(context));
  } catch {
    return null;
  }
  const result = results[0];
  // Only a parse of the whole value counts: "budget march" is not a date.
  if (!result || result.index !== 0 || result.text.length < text.length - 1) return null;
  const start = result.start;
  const year = start.get('year');
  const month = start.get('month');
  const day = start.get('day');
  if (year === null || month === null || day === null) return null;
  const zone = context.timeZone;
  if (start.isCertain('day') || start.isCertain('weekday') || start.isCertain('hour')) {
    const first = dayRange({ year, month, day }, 1, zone);
    const end = result.end;
    if (!end) return first;
    const [endYear, endMonth, endDay] = [end.get('year'), end.get('month'), end.get('day')];
    if (endYear === null || endMonth === null || endDay === null) return first;
    return { after: first.after, before: startOfDay(endYear, endMonth, endDay + 1, zone) };
  }
  if (start.isCertain('month')) return monthRange(year, month, 1, zone);
  if (start.isCertain('year')) return monthRange(year, 1, 12, zone);
  return null;
}

/** The day, month, year or period a date value names, in the context's zone; null when it is not a date. */
export function parseDateValue(value: string, context: DateContext): DateRange | null {
  const text = value
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[?!,;.]+$/, '');
  if (text === '') return null;
  const numeric = numericDate(text, context.timeZone);
  if (numeric !== undefined) return numeric;
  return relativePeriod(text, context) ?? monthName(text, context) ?? naturalLanguage(text, context);
}
