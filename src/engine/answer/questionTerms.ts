// The words of a question the extractive provider looks for in mail, with their weights, and the names it pins
// down (models, versions, years) that mail must hold to answer it.
import { isMoneyQuestion, senderVerb, type QuestionType } from './questionType';
import { eventYear, stem, terms, words } from './terms';
import type { AnswerTurn } from './types';

/** Words that say what kind of answer is wanted, not what it is about. */
const QUESTION_NOISE = new Set(['name', 'person', 'time', 'date', 'day', 'place', 'number', 'amount', 'someon', 'exactly']);
/** Verbs that only ask for a place or a time: "Where is GRCon held?" is met by "see everyone in Huntsville". */
const TYPE_NOISE: Partial<Record<QuestionType, string[]>> = { where: ['held', 'locat', 'location'], when: ['held'] };

/** Words that only ask for a sum of money: "how much does registration cost" is met by "registration is free". */
const MONEY_NOISE = ['cost', 'costs', 'price', 'prices', 'priced', 'fee', 'fees', 'charge', 'charged', 'pay', 'paid'].map(stem);

/** "What is X?", "what kind of antenna is X?": answered by a sentence that says what something is. */
export const DEFINITION_QUESTION = /^\s*what\s+((kind|type|sort)s?\s+of\s+[\p{L}\p{N}-]+\s+)?(is|are|was|were)\b/iu;
export const DEFINITION = /\b(is|are|was|were|it's)\s+(a|an|the|basically|essentially|actually|just)\b|\bstands for\b|\bmeans\b/i;
/** As much as a name is to a who-question: "it is a dipole" over "I'm using the VERT2450 antenna". */
export const DEFINITION_FIT = 1;

const KIND_OF = /\b(what|which)\s+(kind|kinds|type|types|sort|sorts)\s+of\s+([\p{L}\p{N}-]+)/iu;

/** How much the category of a "what kind of" question counts: some, as "this is an API release" repeats it. */
const CATEGORY_WEIGHT = 0.5;

/** The category a "what kind of" question names ("antenn" in "what kind of antenna is X?"), stemmed, or null. */
export function kindCategory(question: string): string | null {
  const kindOf = KIND_OF.exec(question);
  return kindOf === null ? null : stem(kindOf[3]!.toLowerCase());
}

const MAILING_VERB = /^(sent|send|wrote|write|ask|announc|introduc|post|publish|shar|report|said|say|mention|repl|answer|respond)/i;

/**
 * Question terms with weights; a bare follow-up ("and when?") borrows the previous question's terms. In "Who answered
 * the question about X?" the verb and "question" name the act of mailing, which the sender answers, not the topic.
 */
export function questionTerms(question: string, type: QuestionType, history: AnswerTurn[]): Map<string, number> {
  const noise = new Set([...QUESTION_NOISE, ...(TYPE_NOISE[type] ?? []), ...(isMoneyQuestion(question) ? MONEY_NOISE : [])]);
  const verb = type === 'who' ? senderVerb(question) : null;
  // "Recommended" or "maintains" say what the person did, so they stay; "posted" or "answered" only say they mailed.
  if (verb !== null && MAILING_VERB.test(verb)) for (const term of [stem(verb.toLowerCase()), 'question']) noise.add(term);
  // "What kind of antenna is the VERT2450?" is answered by "it is a dipole": the kind is asked, and the noun after it
  // names the category the answer belongs to, which the answer need not repeat.
  const kindOf = KIND_OF.exec(question);
  if (kindOf !== null) noise.add(stem(kindOf[2]!.toLowerCase()));
  const category = kindCategory(question);
  const weights = new Map<string, number>();
  for (const term of terms(question)) if (!noise.has(term)) weights.set(term, term === category ? CATEGORY_WEIGHT : 1);
  const previous = history.at(-1);
  if (weights.size <= 1 && previous !== undefined) {
    for (const term of terms(previous.question)) if (!weights.has(term) && !noise.has(term)) weights.set(term, 0.6);
  }
  return weights;
}

/**
 * Patterns for what a question pins down by name: models and parts ("N320", "VERT2450", "8-bit"), versions
 * ("3.14.1.1") and years. Mail that never names the X410 cannot say what the X410 does, however well it covers the rest
 * of the question, and mail about NEWSDR 2019 does not say where NEWSDR 2020 is. Separators may differ ("VERT 2450").
 */
export function anchorPatterns(question: string): RegExp[] {
  const patterns: RegExp[] = [];
  for (const word of words(question)) {
    const lower = word.toLowerCase();
    const isModel = /\p{L}/u.test(lower) && /\d/.test(lower) && !/^\d+(st|nd|rd|th)$/.test(lower);
    const event = eventYear(lower);
    if (event !== null) {
      // "GRCon21" is also written "GRCon 2021" or "GRCon'21".
      patterns.push(new RegExp(`(?<![\\p{L}\\p{N}])${event.name}[\\s._'’-]?(20)?${event.year.slice(2)}(?!\\p{N})`, 'u'));
    } else if (isModel) {
      const groups = lower.match(/\p{L}+|\d+/gu) ?? [];
      patterns.push(new RegExp(`(?<![\\p{L}\\p{N}])${groups.join('[\\s._-]?')}(?!\\p{N})`, 'u'));
    } else if (/^(19|20)\d{2}$/.test(lower) || /^\d+(\.\d+){2,}$/.test(lower)) {
      patterns.push(new RegExp(`(?<![\\p{N}.])${lower.replace(/\./g, '\\.')}(?!\\p{N})`, 'u'));
    }
  }
  return patterns;
}
