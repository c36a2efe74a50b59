// The offline answer provider: no model, only the mail. It picks the 1–3 sentences that best answer the question,
// preferring different messages, and cites them by passage number; when the evidence is weak it refuses.
import { neutralizeMarkers, readableDate, senderName, toCitation } from './citations';
import { cancelledError } from './providerError';
import { asksForSender, classifyQuestion, entityFit, type QuestionType } from './questionType';
import { splitSentences } from './sentences';
import { terms } from './terms';
import { REFUSAL_SENTENCE, type Answer, type AnswerOptions, type AnswerProvider, type AnswerTurn, type Passage } from './types';

export interface ExtractiveOptions {
  /**
   * The share of the question's weighted terms the best sentence must hold. Calibrated on 53 usrp-users messages:
   * the right sentences covered 0.47–1.0, unrelated questions that share a word with the mail 0–0.37.
   */
  minCoverage?: number;
  /**
   * The share the whole message (subject, sender and every sentence) must hold, so a sentence that meets only the
   * common words of a question ("next", "new", "left") in a mail about something else is not taken for an answer.
   */
  minMessageCoverage?: number;
  maxSentences?: number;
}

interface Candidate {
  passage: Passage;
  /** The passage's rank among the retrieved passages, from 0. */
  rank: number;
  text: string;
  coverage: number;
  messageCoverage: number;
  matchedInSentence: number;
  hasEntity: boolean;
  /** The answer to a who-question is the sender of this sentence. */
  isSenderAnswer: boolean;
  isQuestion: boolean;
  score: number;
}

const DEFAULT_MIN_COVERAGE = 0.4;
const DEFAULT_MIN_MESSAGE_COVERAGE = 0.6;
/** How much a question word counts when only the subject, the sender or a neighbouring sentence holds it. */
const CONTEXT_WEIGHT = 0.5;
const LABELS: Partial<Record<QuestionType, RegExp>> = {
  when: /^(dates?|time|times|when|schedule|deadline)\s*:/i,
  where: /^(location|address|venue|where|place)\s*:/i,
};
/** Words that say what kind of answer is wanted, not what it is about. */
const QUESTION_NOISE = new Set(['name', 'person', 'time', 'date', 'day', 'place', 'number', 'amount', 'someon', 'exactly']);

/** Question terms with weights; a bare follow-up ("and when?") borrows the previous question's terms. */
function questionTerms(question: string, history: AnswerTurn[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of terms(question)) if (!QUESTION_NOISE.has(term)) weights.set(term, 1);
  const previous = history.at(-1);
  if (weights.size <= 1 && previous !== undefined) {
    for (const term of terms(previous.question)) if (!weights.has(term) && !QUESTION_NOISE.has(term)) weights.set(term, 0.6);
  }
  return weights;
}

function inverseFrequencies(sentenceTerms: Set<string>[], wanted: Iterable<string>): Map<string, number> {
  const count = sentenceTerms.length;
  const idf = new Map<string, number>();
  for (const term of wanted) {
    const frequency = sentenceTerms.reduce((sum, set) => sum + (set.has(term) ? 1 : 0), 0);
    // A term no sentence holds weighs the most, so a question about something absent cannot be covered.
    idf.set(term, Math.log(1 + (count + 1) / (frequency + 0.5)));
  }
  return idf;
}

/** The passage's sentences less the subject line that chunks start with, and less greetings like "Hi all,". */
function quotableSentences(passage: Passage): string[] {
  const subject = normalized(passage.subject.replace(/^((re|fwd?|aw|sv)\s*:\s*|\[[^\]]*\]\s*)+/gi, ''));
  return splitSentences(passage.text)
    .map((sentence) => sentence.text.replace(/^(hi|hello|hey|dear|good (morning|afternoon|evening))\b[^,.!:]{0,40}[,!:]\s*/i, ''))
    .filter((text) => text !== '' && !normalized(text).endsWith(subject));
}

const FIRST_PERSON = /\b(I|I'm|I'll|I've|I am|we|We|our|Our)\b/;
const QUESTION_SENTENCE = /\?["')]*$|^(i\s+(want|would like|'d like|need)\s+to\s+know|i\s+wonder|does anyone|can anyone|could anyone|has anyone|is there any)\b/i;

/** Share of letters and spaces once links are set aside: pasted code and logs score low. */
function letterShare(text: string): number {
  const prose = text.replace(/<?\b(https?:\/\/|www\.)\S+/g, '');
  const letters = prose.match(/[\p{L}\s]/gu)?.length ?? 0;
  return letters / Math.max(1, prose.length);
}

function scoreCandidates(question: string, passages: Passage[], history: AnswerTurn[]): Candidate[] {
  const type: QuestionType = classifyQuestion(question);
  const wanted = questionTerms(question, history);
  if (wanted.size === 0) return [];
  const sentences = passages.flatMap((passage, rank) => {
    const texts = quotableSentences(passage);
    const termSets = texts.map((text) => new Set(terms(text)));
    const header = new Set(terms(`${passage.subject} ${senderName(passage)}`));
    const messageTerms = new Set([...header, ...termSets.flatMap((set) => [...set])]);
    // The subject, the sender and the sentences either side set the topic of a sentence: "We should have something
    // ready by next week" answers a question about the instructions named one sentence before.
    return texts.map((text, index) => ({
      passage,
      rank,
      text,
      terms: termSets[index]!,
      header,
      messageTerms,
      neighbours: new Set([...(termSets[index - 1] ?? []), ...(termSets[index + 1] ?? [])]),
    }));
  });
  const idf = inverseFrequencies(
    sentences.map((sentence) => sentence.terms),
    wanted.keys(),
  );
  let total = 0;
  for (const [term, weight] of wanted) total += weight * idf.get(term)!;
  const senderAnswers = type === 'who' && asksForSender(question);
  return sentences.map((sentence) => {
    let fit = entityFit(type, sentence.text);
    // "I can be your point of contact" answers "who is the point of contact": the sender is the person.
    const isSenderAnswer = type === 'who' && (senderAnswers || (fit === 0 && FIRST_PERSON.test(sentence.text)));
    if (isSenderAnswer && fit === 0) fit = 0.7;
    // "Location: ..." or "Thursday June 13" in a mail whose subject names the event answers "where/when is the
    // event", though the sentence names none of it: for such a sentence the subject counts in full.
    const isLabelled = LABELS[type]?.test(sentence.text) === true || (fit === 1 && type !== 'what' && type !== 'yes-no');
    let covered = 0;
    let matchedInSentence = 0;
    for (const [term, weight] of wanted) {
      if (sentence.terms.has(term)) {
        covered += weight * idf.get(term)!;
        matchedInSentence += 1;
      } else if (sentence.header.has(term)) {
        covered += (isLabelled ? 1 : CONTEXT_WEIGHT) * weight * idf.get(term)!;
      } else if (sentence.neighbours.has(term)) {
        covered += CONTEXT_WEIGHT * weight * idf.get(term)!;
      }
    }
    const coverage = covered / total;
    let messageCovered = 0;
    for (const [term, weight] of wanted) if (sentence.messageTerms.has(term)) messageCovered += weight * idf.get(term)!;
    const messageCoverage = messageCovered / total;
    const hasEntity = fit > 0;
    let score = coverage + 0.25 * fit + 0.1 * (matchedInSentence / wanted.size);
    if (isLabelled && matchedInSentence === 0 && coverage > 0) matchedInSentence = 1;
    if (!hasEntity && type === 'code') score -= 0.2;
    if (senderAnswers) score += 0.1;
    const wordCount = sentence.text.split(/\s+/).length;
    if (wordCount < 3) score *= 0.7;
    // A question in the mail is rarely its own answer.
    const isQuestion = QUESTION_SENTENCE.test(sentence.text);
    if (isQuestion) score *= 0.5;
    if (wordCount > 70) score *= 0.8;
    if (letterShare(sentence.text) < 0.75) score *= 0.6;
    score += 0.05 * (1 - sentence.rank / Math.max(1, passages.length));
    return { passage: sentence.passage, rank: sentence.rank, text: sentence.text, coverage, messageCoverage, matchedInSentence, hasEntity, isSenderAnswer, isQuestion, score };
  });
}

function normalized(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

interface Thresholds {
  minCoverage: number;
  minMessageCoverage: number;
}

function isSupported(candidate: Candidate, thresholds: Thresholds): boolean {
  return candidate.matchedInSentence > 0 && candidate.coverage >= thresholds.minCoverage && candidate.messageCoverage >= thresholds.minMessageCoverage;
}

/** The best sentence, then close runners-up from other messages; the same message only when it is nearly as good. */
function choose(candidates: Candidate[], thresholds: Thresholds, maxSentences: number): Candidate[] {
  const ranked = [...candidates].sort((a, b) => b.score - a.score || a.rank - b.rank);
  const best = ranked[0];
  if (best === undefined || !isSupported(best, thresholds)) return [];
  const chosen = [best];
  const seenText = new Set([normalized(best.text)]);
  const pass = (accept: (candidate: Candidate) => boolean): void => {
    for (const candidate of ranked) {
      if (chosen.length >= maxSentences) return;
      if (chosen.includes(candidate) || seenText.has(normalized(candidate.text))) continue;
      if (candidate.isQuestion || !isSupported(candidate, thresholds) || !accept(candidate)) continue;
      chosen.push(candidate);
      seenText.add(normalized(candidate.text));
    }
  };
  // For a who/when/where/how-many question a runner-up must hold that kind of answer too, or it is only on topic.
  const fits = (candidate: Candidate): boolean => candidate.hasEntity || !best.hasEntity;
  pass((candidate) => fits(candidate) && candidate.score >= 0.8 * best.score && chosen.every((c) => c.passage.messageId !== candidate.passage.messageId));
  pass((candidate) => fits(candidate) && candidate.score >= 0.92 * best.score);
  return chosen;
}

/** One answer sentence: the mail's own words, with who or when said it where the sentence itself does not. */
function compose(candidate: Candidate, type: QuestionType): string {
  const sentence = neutralizeMarkers(candidate.text).replace(/\s*[;:,]$/, '');
  const marker = `[${candidate.passage.n}]`;
  const needsSender = type === 'who' && (candidate.isSenderAnswer || !candidate.hasEntity);
  const needsDate = type === 'when' && !candidate.hasEntity;
  if (needsDate) return `On ${readableDate(candidate.passage.date)}, ${senderName(candidate.passage)} wrote: "${sentence}" ${marker}`;
  if (needsSender) return `${senderName(candidate.passage)} wrote: "${sentence}" ${marker}`;
  // The marker goes before the sentence's own full stop, as in "... 8 Ms/s [48]."
  const end = /[.!?]$/.exec(sentence)?.[0] ?? '.';
  return `${sentence.replace(/[.!?]$/, '')} ${marker}${end}`;
}

/** Answers from the passages alone; synchronous and deterministic, so it also serves as a baseline in evaluations. */
export function extractAnswer(question: string, passages: Passage[], options: ExtractiveOptions & { history?: AnswerTurn[] } = {}): Answer {
  const started = performance.now();
  const thresholds: Thresholds = {
    minCoverage: options.minCoverage ?? DEFAULT_MIN_COVERAGE,
    minMessageCoverage: options.minMessageCoverage ?? DEFAULT_MIN_MESSAGE_COVERAGE,
  };
  const type = classifyQuestion(question);
  const maxSentences = options.maxSentences ?? (type === 'what' || type === 'yes-no' ? 3 : 2);
  const chosen = choose(scoreCandidates(question, passages, options.history ?? []), thresholds, maxSentences);
  const tookMs = Math.round(performance.now() - started);
  if (chosen.length === 0) return { answer: REFUSAL_SENTENCE, citations: [], provider: 'extractive', refused: true, tookMs };
  const citations = chosen
    .filter((candidate, index) => chosen.findIndex((other) => other.passage.n === candidate.passage.n) === index)
    .map((candidate) => toCitation(candidate.passage, candidate.text));
  const answer = chosen.map((candidate) => compose(candidate, type)).join(' ');
  return { answer, citations, provider: 'extractive', refused: false, tookMs };
}

export function createExtractiveProvider(options: ExtractiveOptions = {}): AnswerProvider {
  return {
    name: 'extractive',
    isRemote: false,
    answer(question: string, passages: Passage[], answerOptions: AnswerOptions = {}): Promise<Answer> {
      if (answerOptions.signal?.aborted === true) return Promise.reject(cancelledError('extractive'));
      const answer = extractAnswer(question, passages, { ...options, history: answerOptions.history });
      answerOptions.onToken?.(answer.answer);
      return Promise.resolve(answer);
    },
  };
}
