// Classifies a question by the kind of answer it wants, and finds that kind of answer (a name, a date, a number,
// a place, a code) in a sentence, so "When is ...?" prefers the sentence that holds a date.
import { assertNever } from '../../shared/assertNever';
import { QUESTION_VERBS } from '../../shared/query/questionWords';

export type QuestionType = 'who' | 'when' | 'where' | 'how-many' | 'why' | 'code' | 'yes-no' | 'what';

const CODE_WORDS =
  /\b(password|passwords|passcode|passphrase|pin|otp|one-time code|verification code|confirmation code|access code|door code|wi-?fi code|code for|tracking number|account number|booking reference|confirmation number|reference number|serial number|licen[cs]e key|product key|api key|token|username|user name|login)\b/i;

const YES_NO_OPENING = new RegExp(`^(${QUESTION_VERBS.join('|')})\\b`);

/** Lower-cased, without the "and", "so" or "ok" a follow-up starts with. */
function normalizeQuestion(question: string): string {
  return question
    .trim()
    .toLowerCase()
    .replace(/^((so|and|but|ok|okay|hey|please|then)[,\s]+)+/, '');
}

export function classifyQuestion(question: string): QuestionType {
  const q = normalizeQuestion(question);
  if (CODE_WORDS.test(q)) return 'code';
  if (/^(who|whom|whose)\b|\bwhich (person|people|guy|one of us|colleague|engineer)\b|\bby whom\b/.test(q)) return 'who';
  if (/^when\b|\b(what|which) (time|date|day|year|month|week)\b|\bhow long ago\b|\bwhen (is|was|will|did|does|do)\b|\bdeadline\b/.test(q)) {
    return 'when';
  }
  if (
    /^where\b|\b(what|which) (place|city|country|address|location|room|venue|building)\b|\bwhere (is|was|are|were|will|did|do|does)\b/.test(
      q,
    )
  ) {
    return 'where';
  }
  if (/^(why|how come)\b|\b(what|which) (is|was|are|were) the (reason|cause)s?\b|\bwhat (caused|causes)\b/.test(q)) return 'why';
  // "What frequency range", "what sample rate": a quantity, answered by a number with its unit.
  if (
    /\bhow (many|much|long|big|fast|large|high|often|far)\b|\b(what|which) (is the |are the )?([\w-]+ )?(number|amount|price|cost|fee|rate|total|size|count|version|range|bandwidth|speed|frequency)\b/.test(
      q,
    )
  ) {
    return 'how-many';
  }
  if (YES_NO_OPENING.test(q)) return 'yes-no';
  return 'what';
}

const MONTH = 'jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?';
const WEEKDAY = 'mon(day)?|tue(s(day)?)?|wed(nesday)?|thu(rs(day)?)?|fri(day)?|sat(urday)?|sun(day)?';
/** Dates that say which day or month they mean whenever they are read: "June 14", "14th of June", "November 2010". */
const ABSOLUTE_DATE_PATTERNS = [
  new RegExp(`\\b(${MONTH})\\.?\\s+\\d{1,2}(st|nd|rd|th)?\\b`, 'i'),
  new RegExp(`\\b\\d{1,2}(st|nd|rd|th)?\\s+(of\\s+)?(${MONTH})\\b`, 'i'),
  new RegExp(`\\b(${MONTH})\\.?,?\\s+(19|20)\\d{2}\\b`, 'i'),
  /\b\d{4}-\d{2}-\d{2}\b/,
  /\b\d{1,2}\/\d{1,2}(\/\d{2,4})?\b/,
];
/** Dates that mean a day only beside the date of the mail that says them: "Tuesday", "10:30", "next week". */
const RELATIVE_DATE_PATTERNS = [
  new RegExp(`\\b(${WEEKDAY})\\b`, 'i'),
  /\b\d{1,2}:\d{2}\b|\b\d{1,2}\s?(am|pm)\b/i,
  /\b(today|tomorrow|yesterday|tonight|next (week|month|year)|last (week|month|year)|this (week|month|morning|afternoon|evening))\b/i,
];
export const DATE_PATTERNS = [...ABSOLUTE_DATE_PATTERNS, ...RELATIVE_DATE_PATTERNS];
/** A bare year says little about when something happens, so it counts for less than a day or a time. */
const YEAR_PATTERN = /\b(19|20)\d{2}\b/;

/** The sentence names a day, a month or a year that needs no other date to be read ("next Tuesday" does). */
export function hasAbsoluteDate(sentence: string): boolean {
  return YEAR_PATTERN.test(sentence) || ABSOLUTE_DATE_PATTERNS.some((pattern) => pattern.test(sentence));
}

export const NUMBER_PATTERN =
  /\b\d+([.,]\d+)*\s?(%|k|m|g|[kmgt]b|[kmg]?hz|[kmg]?sps|ms|us|ns|s|x)?\b|[$€£¥]\s?\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|double|twice)\b/i;

/**
 * A sum of money, or a cost of nothing: "$1,480", "1.500 €", "USD 2,300", "60 euro", "costs about 150", "free
 * registration", "attendance is free" (never "feel free to", nor the 150 of "costs about 150 MHz of bandwidth").
 */
export const MONEY_PATTERN =
  /[$€£¥]\s?\d[\d,.]*(\s?(k|m|bn|million|billion|thousand))?\b|\b\d[\d,.]*\s?[€£¥]|\b(usd|eur|gbp|chf|cad|aud|us\$)\s?\d[\d,.]*\b|\b\d[\d,.]*\s?(dollars?|euros?|pounds?|usd|eur|gbp|chf|bucks)\b|(?<=\b(costs?|priced at|sells? for|paid|pay)\s+((about|around|roughly|approximately|under|over|only|just)\s+)?)\d[\d,.]*\b(?!\s?([kmg]?hz|%|x\b|[kmg]?bits?|[kmg]?bytes?|[kmgt]b\b|[kmg]?sps|ms\b|channels?|weeks?|days?|hours?|minutes?|seconds?))|(?<=\b(is|are|be|entirely|completely|totally|for)\s+)free\b|\bfree\s+(of charge|registration|admission|entry|attendance|shipping|to attend)\b|\b(no (charge|cost|fee)|at no cost|complimentary)\b/i;

/** A price given by comparison: "the UBX alone costs about as much as an B210", "cheaper than the X310". */
export const PRICE_COMPARISON_PATTERN =
  /\b(costs?|priced|sells? for)\s+((about|around|roughly|nearly|almost|just)\s+)?(as much as|the same as|more than|less than|twice|half)\s+(an?\s+|the\s+)?[\p{L}\p{N}-]+|\b(cheaper|more expensive|pricier|less expensive)\s+than\s+(an?\s+|the\s+)?[\p{L}\p{N}-]+/iu;

/**
 * "How much does registration cost?", "what is the price of ...": the answer is a sum of money, or that it is free;
 * "how much power" or "how much DRAM" asks for an amount of something else.
 */
export function isMoneyQuestion(question: string): boolean {
  const q = normalizeQuestion(question);
  return /\b(cost|costs|price|prices|priced|fee|fees|charge|charged|pay|paid)\b/.test(q) && classifyQuestion(question) === 'how-many';
}

/** A reason given: "because of the way the ADCs are shared", "due to a driver bug", "the cause was a bad cable". */
export const CAUSE_PATTERN =
  /\b(because|due to|owing to|caused by|(the|a|one) (reason|cause) (is|was|being)|as a result of|that's why|which is why|this is why|so that|in order to)\b/i;

/** Case-sensitive on purpose: with the i flag, \p{Lu} would match any letter and "in practice" would be a place. */
export const PLACE_NAME_PATTERN =
  /\b(in|at|near|from|In|At|Near|From)\s+(the\s+)?\p{Lu}\p{Ll}+|\b\d+\s+\p{Lu}\p{Ll}+(\s\p{Lu}\p{Ll}+)*\s+(Street|St|Road|Rd|Avenue|Ave|Drive|Dr|Blvd|Boulevard|Lane|Way|Square|Place)\b/u;
/**
 * A folder or file: "installed in /usr/lib/uhd/examples/", "saved to ~/reports/q3.xlsx", "on C:\\Data\\mail". Where
 * a program or a file is answers with its path; a link's "//host/..." is no path (the slash follows a colon).
 */
export const PATH_PATTERN = /(?<![\w:/.])(~|\.{1,2})?\/[\w.+-]+(\/[\w.+-]+)+\/?|\b[A-Z]:\\[\w.+-]+(\\[\w.+-]+)*/;
const PLACE_WORD_PATTERN = /\b(street|road|avenue|drive|suite|building|room|floor|campus|university|hotel|airport|station|usa)\b/i;

/** Two capitalised words in a row, or an initial: "Phil Vallance", "Marcus D. Leech". */
export const NAME_PATTERN = /\b\p{Lu}\p{Ll}+(\s\p{Lu}\.?)?\s\p{Lu}\p{Ll}+\b|\b[\p{L}.+-]+@[\p{L}.-]+\.\p{L}{2,}\b/u;

/** A token that looks like a secret or reference: mixed letters and digits, or a labelled value. */
const CODE_PATTERN =
  /\b(password|passcode|pin|code|key|token|login|username)\s*(is|:|=)\s*\S+|\b(?=[\w-]*\d)(?=[\w-]*\p{L})[\w-]{5,}\b|\b\d{4,}\b/iu;

/**
 * How well the sentence holds the kind of thing the question asks for: 1 fully, 0.4 weakly (a bare year), 0 not. A
 * place named ("in Huntsville", a street, a folder) is an answer to "where"; "the conference hotel" only half of one.
 */
export function entityFit(type: QuestionType, sentence: string): number {
  if (type === 'when' && !DATE_PATTERNS.some((pattern) => pattern.test(sentence))) return YEAR_PATTERN.test(sentence) ? 0.4 : 0;
  if (type === 'where' && !PLACE_NAME_PATTERN.test(sentence) && !PATH_PATTERN.test(sentence))
    return PLACE_WORD_PATTERN.test(sentence) ? 0.5 : 0;
  return hasExpectedEntity(type, sentence) ? 1 : 0;
}

/** True when the sentence holds the kind of thing the question type asks for. */
export function hasExpectedEntity(type: QuestionType, sentence: string): boolean {
  switch (type) {
    case 'who':
      return NAME_PATTERN.test(sentence);
    case 'when':
      return DATE_PATTERNS.some((pattern) => pattern.test(sentence)) || YEAR_PATTERN.test(sentence);
    case 'where':
      return PLACE_NAME_PATTERN.test(sentence) || PLACE_WORD_PATTERN.test(sentence) || PATH_PATTERN.test(sentence);
    case 'how-many':
      return NUMBER_PATTERN.test(sentence);
    case 'why':
      return CAUSE_PATTERN.test(sentence);
    case 'code':
      return CODE_PATTERN.test(sentence);
    case 'yes-no':
    case 'what':
      return false;
    default:
      return assertNever(type);
  }
}

const SENDER_QUESTION =
  /^who\b.*?\b(sent|send|wrote|write|asked|ask|announced|announce|introduced|introduce|posted|post|published|shared|reported|report|said|say|mentioned|replied|answered|responded|suggested|recommended|maintains|maintained|maintaining|runs|running|organi[sz]ed|offered)\b/i;

/**
 * The verb of a question about who sent or said something ("announced" in "Who announced the N320?"), or null. Such a
 * question is answered by the message's sender, not a name in the text, and its verb names the act of mailing, not the topic.
 */
export function senderVerb(question: string): string | null {
  return SENDER_QUESTION.exec(normalizeQuestion(question))?.[1] ?? null;
}

/** Titles a who-question can ask about: "who is the CEO of Enron", "who is the program manager for SDR". */
const ROLE_PATTERN =
  /\b(ceo|cto|cfo|coo|chief [\w&]+ officer|president|vice president|vp|chair(man|woman|person)?|founder|co-founder|owner|director|(program |product |project |general |sales |account )?manager|head|lead|maintainer|editor|organi[sz]er|secretary|treasurer|professor|advisor|supervisor)\b/i;

/** The role a who-question asks about ("ceo" in "Who is the CEO of Enron?"), lower-cased, or null. */
export function questionRole(question: string): string | null {
  const match = /^who\s+(is|was|are|were|will be)\s+(the|our|their|your|a|an)?\s*(.+)$/.exec(normalizeQuestion(question));
  if (match === null) return null;
  return ROLE_PATTERN.exec(match[3]!)?.[0].toLowerCase() ?? null;
}

/** The role as a pattern that finds it in a sentence, case and spacing aside. */
export function rolePattern(role: string): RegExp {
  const escaped = role.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(`\\b${escaped}\\b`, 'i');
}
