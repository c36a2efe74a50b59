// Finds the answer itself inside a quoted sentence: the person a who-question asks for, the date of a when-question,
// the place of a where-question, the amount of a how-much or how-many question. Dates come from chrono-node, which
// the query parser already uses; names, places and amounts from the same patterns that rank the sentences, since
// no name-finding library is installed and one trained on news would not know list mail's "Robin Coxe | Manager".
import * as chrono from 'chrono-node';
import {
  CAUSE_PATTERN,
  DATE_PATTERNS,
  isMoneyQuestion,
  MONEY_PATTERN,
  PRICE_COMPARISON_PATTERN,
  NAME_PATTERN,
  NUMBER_PATTERN,
  PATH_PATTERN,
  PLACE_NAME_PATTERN,
  rolePattern,
  type QuestionType,
} from './questionType';

export interface Span {
  start: number;
  end: number;
}

/** How far a name may stand from the role it holds: "Robin Coxe | Chief R&D Program Manager". */
const ROLE_REACH = 40;

function allMatches(pattern: RegExp, text: string): Span[] {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  return [...text.matchAll(global)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

/**
 * The name that holds the role: the one just before it ("Jeff Skilling, CEO of Enron") or else just after it ("the
 * CEO, Jeff Skilling"). Of several mentions of the role, the one followed by a word of the question ("of Enron") wins.
 */
function personSpan(sentence: string, role: string | null, topicWords: string[]): Span | null {
  const names = allMatches(NAME_PATTERN, sentence);
  if (role === null) return names[0] ?? null;
  const roles = allMatches(rolePattern(role), sentence);
  if (roles.length === 0) return names[0] ?? null;
  const onTopic = roles.filter((mention) => {
    const after = sentence.slice(mention.end, mention.end + ROLE_REACH).toLowerCase();
    return topicWords.some((word) => after.includes(word));
  });
  for (const mention of onTopic.length > 0 ? onTopic : roles) {
    const people = names.filter((name) => name.end <= mention.start || name.start >= mention.end);
    const before = people.filter((name) => name.end <= mention.start && mention.start - name.end <= ROLE_REACH).at(-1);
    if (before !== undefined && !/[.;!?]/.test(sentence.slice(before.end, mention.start))) return before;
    const after = people.find((name) => name.start >= mention.end && name.start - mention.end <= ROLE_REACH);
    if (after !== undefined) return after;
  }
  return names[0] ?? null;
}

/** Spans that stand nearest to a word of the question: in "Tuesday May 14 -- GNU Radio; Wednesday May 15 -- RFNoC", RFNoC's. */
function nearestToTopic(spans: Span[], sentence: string, topicWords: string[]): Span | undefined {
  const lower = sentence.toLowerCase();
  const places = topicWords.flatMap((word) =>
    [...lower.matchAll(new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'g'))].map((match) => match.index),
  );
  if (places.length === 0) return spans[0];
  const distance = (span: Span): number =>
    Math.min(...places.map((at) => (at < span.start ? span.start - at : at >= span.end ? at - span.end : 0)));
  return [...spans].sort((a, b) => distance(a) - distance(b) || a.start - b.start)[0];
}

function dateSpan(sentence: string, reference: Date, topicWords: string[]): Span | null {
  const parsed = chrono
    .parse(sentence, reference)
    .map((result) => ({ start: result.index, end: result.index + result.text.trimEnd().length }));
  const nearest = nearestToTopic(parsed, sentence, topicWords);
  if (nearest !== undefined) return nearest;
  for (const pattern of DATE_PATTERNS) {
    const match = pattern.exec(sentence);
    if (match !== null) return { start: match.index, end: match.index + match[0].length };
  }
  return null;
}

/** "in Columbia, Maryland" gives "Columbia, Maryland": the preposition goes, the region after a comma stays. */
function placeSpan(sentence: string): Span | null {
  const match = PLACE_NAME_PATTERN.exec(sentence);
  if (match === null) {
    const path = PATH_PATTERN.exec(sentence);
    return path === null ? null : { start: path.index, end: path.index + path[0].length };
  }
  const lead = /^(in|at|near|from)\s+(the\s+)?/i.exec(match[0])?.[0].length ?? 0;
  const rest =
    /^(\s\p{Lu}[\p{Ll}\p{Lu}]+)*(,\s*\p{Lu}[\p{Ll}\p{Lu}]+(\s\p{Lu}[\p{Ll}\p{Lu}]+)*)*/u.exec(
      sentence.slice(match.index + match[0].length),
    )?.[0] ?? '';
  return { start: match.index + lead, end: match.index + match[0].length + rest.length };
}

/**
 * The amount: money first for "how much", else a number that is not part of the question's own words ("2.0" in
 * "What rate does USB 2.0 max out at?"), one with digits and a unit before a bare one.
 */
function amountSpan(sentence: string, question: string): Span | null {
  const money = isMoneyQuestion(question) ? MONEY_PATTERN.exec(sentence) : null;
  if (money !== null) return { start: money.index, end: money.index + money[0].length };
  // "costs about as much as an B210": the span starts after the verb.
  const comparison = isMoneyQuestion(question) ? PRICE_COMPARISON_PATTERN.exec(sentence) : null;
  if (comparison !== null) {
    const verb = /^(costs?|priced|sells? for)\s+/i.exec(comparison[0])?.[0].length ?? 0;
    return { start: comparison.index + verb, end: comparison.index + comparison[0].length };
  }
  const asked = new Set(question.toLowerCase().match(/\d+([.,]\d+)*/g) ?? []);
  const numbers = allMatches(NUMBER_PATTERN, sentence).filter(
    (span) => !asked.has(sentence.slice(span.start, span.end).trim().toLowerCase()),
  );
  const text = (span: Span): string => sentence.slice(span.start, span.end).trim();
  const found = numbers.find((span) => /\d.*\D/.test(text(span))) ?? numbers.find((span) => /\d/.test(text(span))) ?? numbers[0];
  if (found === undefined) return null;
  // A rate's unit goes on after the pattern's: "8 Ms" of "8 Ms/s".
  const per = /^\/\p{L}+/u.exec(sentence.slice(found.end))?.[0].length ?? 0;
  return { start: found.start, end: found.end + per };
}

/** The reason, from the word that gives it to the end of the sentence: "because of the way the ADCs are shared". */
function reasonSpan(sentence: string): Span | null {
  const match = CAUSE_PATTERN.exec(sentence);
  if (match === null) return null;
  return { start: match.index, end: sentence.replace(/[\s.!?;:,]+$/, '').length };
}

/** Where the answer to the question stands in the sentence, or null when the question type names no such thing. */
export function answerSpan(
  type: QuestionType,
  question: string,
  sentence: string,
  options: { role: string | null; topicWords: string[]; date: Date },
): Span | null {
  switch (type) {
    case 'who':
      return personSpan(sentence, options.role, options.topicWords);
    case 'when':
      return dateSpan(sentence, options.date, options.topicWords);
    case 'where':
      return placeSpan(sentence);
    case 'how-many':
      return amountSpan(sentence, question);
    case 'why':
      return reasonSpan(sentence);
    default:
      return null;
  }
}
