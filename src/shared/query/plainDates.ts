// Finds a date phrase at the start of a run of plain words ("June 17, 2024", "last month", "in 2023") without guessing.
import { monthNumber, parseDateValue, type DateContext, type DateRange } from './dates';
import { calendarDay, startOfDay } from './zonedTime';

export interface DatePhrase {
  range: DateRange;
  /** How many words the phrase used. */
  length: number;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const UNIT = /^(days?|weeks?|months?|years?)$/;

function dayNumber(word: string | undefined): number | null {
  const match = word === undefined ? null : /^(\d{1,2})(st|nd|rd|th)?$/.exec(word);
  if (!match) return null;
  const day = Number(match[1]);
  return day >= 1 && day <= 31 ? day : null;
}

function yearNumber(word: string | undefined): number | null {
  return word !== undefined && /^(19|20)\d{2}$/.test(word) ? Number(word) : null;
}

function dayRange(year: number, month: number, day: number, context: DateContext): DateRange {
  return { after: startOfDay(year, month, day, context.timeZone), before: startOfDay(year, month, day + 1, context.timeZone) };
}

/** A day without a year is the latest such day that is not in the future. */
function dayWithoutYear(month: number, day: number, context: DateContext): DateRange {
  const today = calendarDay(context.now, context.timeZone);
  const isFuture = month > today.month || (month === today.month && day > today.day);
  return dayRange(isFuture ? today.year - 1 : today.year, month, day, context);
}

/** "June 17 2024", "17 June 2024", "17th of June", "June 2024", "June" (the latter only after a preposition). */
function monthPhrase(words: string[], context: DateContext, hasPreposition: boolean): DatePhrase | null {
  const [first, second, third, fourth] = words;
  const leadingMonth = monthNumber(first ?? '');
  if (leadingMonth !== null && !(first === 'may' && !hasPreposition && dayNumber(second) === null && yearNumber(second) === null)) {
    const day = dayNumber(second);
    if (day !== null) {
      const year = yearNumber(third);
      if (year !== null) return { range: dayRange(year, leadingMonth, day, context), length: 3 };
      return { range: dayWithoutYear(leadingMonth, day, context), length: 2 };
    }
    const year = yearNumber(second);
    if (year !== null) return { range: parseDateValue(`${year}-${leadingMonth}`, context)!, length: 2 };
    if (hasPreposition) return { range: parseDateValue(first!, context)!, length: 1 };
    return null;
  }
  const day = dayNumber(first);
  if (day === null) return null;
  const hasOf = second === 'of';
  const month = monthNumber((hasOf ? third : second) ?? '');
  if (month === null) return null;
  const yearWord = hasOf ? fourth : third;
  const year = yearNumber(yearWord);
  const used = hasOf ? 3 : 2;
  if (year !== null) return { range: dayRange(year, month, day, context), length: used + 1 };
  return { range: dayWithoutYear(month, day, context), length: used };
}

/** "last monday", "on friday": the latest such weekday before (last) or not after (on) today. */
function weekdayPhrase(words: string[], context: DateContext, hasPreposition: boolean): DatePhrase | null {
  const [first, second] = words;
  const isLast = first === 'last';
  const weekday = WEEKDAYS.indexOf((isLast ? second : first) ?? '');
  if (weekday === -1 || (!isLast && !hasPreposition)) return null;
  const today = calendarDay(context.now, context.timeZone);
  const todayIndex = (new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7;
  const back = (todayIndex - weekday + 7) % 7 || (isLast ? 7 : 0);
  return { range: dayRange(today.year, today.month, today.day - back, context), length: isLast ? 2 : 1 };
}

/** The date phrase that starts `words` (lower case, punctuation stripped), or null. */
export function datePhraseAt(words: string[], context: DateContext, hasPreposition: boolean): DatePhrase | null {
  const [first, second, third] = words;
  if (first === undefined) return null;
  if (first === 'today' || first === 'yesterday') return { range: parseDateValue(first, context)!, length: 1 };
  if (/^\d{4}[-/]\d{1,2}([-/]\d{1,2})?$/.test(first)) {
    const range = parseDateValue(first, context);
    return range ? { range, length: 1 } : null;
  }
  if (hasPreposition && yearNumber(first) !== null) return { range: parseDateValue(first, context)!, length: 1 };
  if (/^(this|last|past|previous)$/.test(first) && second !== undefined) {
    if (/^(week|month|year)$/.test(second)) return { range: parseDateValue(`${first} ${second}`, context)!, length: 2 };
    if (/^\d{1,3}$/.test(second) && third !== undefined && UNIT.test(third) && first !== 'this') {
      const range = parseDateValue(`${first} ${second} ${third}`, context);
      return range ? { range, length: 3 } : null;
    }
  }
  if (/^\d{1,3}$/.test(first) && second !== undefined && UNIT.test(second) && third === 'ago') {
    const range = parseDateValue(`${first} ${second} ago`, context);
    return range ? { range, length: 3 } : null;
  }
  return weekdayPhrase(words, context, hasPreposition) ?? monthPhrase(words, context, hasPreposition);
}
