// The offline answer provider: no model, only the mail. It picks the 1–3 sentences that best answer the question,
// preferring different messages, and cites them by passage number; when the evidence is weak it refuses.
import { answerSpan } from './answerSpan';
import { neutralizeMarkers, numberInOrder, readableDate, senderName, toCitation } from './citations';
import { cancelledError } from './providerError';
import {
  classifyQuestion,
  entityFit,
  hasAbsoluteDate,
  isMoneyQuestion,
  MONEY_PATTERN,
  PRICE_COMPARISON_PATTERN,
  questionRole,
  rolePattern,
  senderVerb,
  type QuestionType,
} from './questionType';
import { choose, normalized, type Candidate, type Thresholds } from './sentenceChoice';
import { anchorPatterns, DEFINITION, DEFINITION_FIT, DEFINITION_QUESTION, kindCategory, questionTerms } from './questionTerms';
import { listIntroductions, splitSentences } from './sentences';
import { stem, terms } from './terms';
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

const DEFAULT_MIN_COVERAGE = 0.4;
const DEFAULT_MIN_MESSAGE_COVERAGE = 0.6;
/** How much a question word counts when only the subject, the sender or a neighbouring sentence holds it. */
const CONTEXT_WEIGHT = 0.5;
const LABELS: Partial<Record<QuestionType, RegExp>> = {
  when: /^(dates?|time|times|when|schedule|deadline)\s*:/i,
  where: /^(location|address|venue|where|place)\s*:/i,
};

const COUNTED = /\bhow\s+many\s+([\p{L}\p{N}-]+)/iu;

/** The mail names what is counted, also with a unit's prefix: "400Mbyte/second" counts bytes. */
function namesCounted(messageTerms: Set<string>, counted: string): boolean {
  if (messageTerms.has(counted)) return true;
  const bare = counted.replace(/e$/, '');
  for (const term of messageTerms) if (/^[kmgt]/.test(term) && term.slice(1).replace(/e$/, '') === bare) return true;
  return false;
}

const REPLY_SUBJECT = /^\s*(\[[^\]]*\]\s*)*(re|aw|sv|antw)\s*:/i;

/** "When was UHD 4.0 released?", "on what date were the N320 and N321 announced?": the day a mail went out. */
const PUBLISHED_QUESTION =
  /\b(was|were|did)\b.*\b(announce|announced|release|released|publish|published|launch|launched|introduce|introduced|post|posted|send|sent|ship|shipped)\b/i;
/** A mail that is itself the announcement: its subject or its sentence announces, releases or introduces something. */
const ANNOUNCING = /\b(announc\w*|releas\w*|now available|introduc\w*|launch\w*|publish\w*)\b/i;

/**
 * Which mail of a thread a sender question asks for: "who announced X" is answered by the mail that started the
 * thread on X, not by the replies under "Re: X"; "who answered X" by a reply, not by the question that started it.
 */
function senderRole(verb: string | null): 'starter' | 'reply' | 'any' {
  if (verb === null) return 'any';
  if (/^(announc|introduc|post|publish|ask)/i.test(verb)) return 'starter';
  return /^(answer|repl|respond)/i.test(verb) ? 'reply' : 'any';
}

/** "May 2019" for a mail of 2 May 2019 (UTC), so "what did she say in May 2019" meets the mail's date. */
function monthAndYear(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
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

/** A thing not yet final: "3.14.1.0 Release Candidate 1", "v4.0.0.0-rc2", "the draft agreement", "beta firmware". */
const PROVISIONAL = /\b(release candidates?|rc\d*|beta|alpha|preview|draft|drafts|tentative|proposed)\b|-rc\d+\b/i;

const FIRST_PERSON = /\b(I|I'm|I'll|I've|I am|we|We|our|Our)\b/;
const QUESTION_SENTENCE =
  /\?["')]*$|^(i\s+(want|would like|'d like|need)\s+to\s+know|i\s+wonder|does anyone|can anyone|could anyone|has anyone|is there any)\b/i;

/**
 * Share of letters and spaces once links are set aside: pasted code and logs score low. Digits count as letters when
 * a date or a number is the answer, or "Symposium; Friday June 14; 08:00 to 17:00" would look like a log.
 */
function letterShare(text: string, isNumeric: boolean): number {
  const prose = text.replace(/<?\b(https?:\/\/|www\.)\S+/g, '');
  const letters = prose.match(isNumeric ? /[\p{L}\p{N}\s]/gu : /[\p{L}\s]/gu)?.length ?? 0;
  return letters / Math.max(1, prose.length);
}

function scoreCandidates(question: string, passages: Passage[], history: AnswerTurn[]): Candidate[] {
  const type: QuestionType = classifyQuestion(question);
  const wanted = questionTerms(question, type, history);
  if (wanted.size === 0) return [];
  const anchors = anchorPatterns(question);
  const sentences = passages.flatMap((passage, rank) => {
    const texts = quotableSentences(passage);
    const termSets = texts.map((text) => new Set(terms(text)));
    const subject = new Set(terms(passage.subject));
    const author = new Set(terms(senderName(passage)));
    const dated = monthAndYear(passage.date);
    const sender = new Set([...author, ...terms(dated)]);
    // A reply is about what it quotes: "The X310 will need to be RMA'd" answers the quoted question about the v35 image.
    const quotedTerms = terms(passage.quoted ?? '');
    const messageTerms = new Set([...subject, ...sender, ...termSets.flatMap((set) => [...set]), ...quotedTerms]);
    const searchable = `${passage.subject}\n${passage.text}\n${dated}\n${passage.quoted ?? ''}`.toLowerCase();
    const holdsAnchors = anchors.every((anchor) => anchor.test(searchable));
    const intros = listIntroductions(texts, termSets);
    // The subject, the sender and the sentences either side set the topic of a sentence: "We should have something
    // ready by next week" answers a question about the instructions named one sentence before.
    return texts.map((text, index) => ({
      passage,
      rank,
      text,
      terms: termSets[index]!,
      subject,
      author,
      sender,
      messageTerms,
      holdsAnchors,
      neighbours: new Set([...(termSets[index - 1] ?? []), ...(termSets[index + 1] ?? [])]),
      intro: intros[index]!,
    }));
  });
  const idf = inverseFrequencies(
    sentences.map((sentence) => sentence.terms),
    wanted.keys(),
  );
  let total = 0;
  for (const [term, weight] of wanted) total += weight * idf.get(term)!;
  // "Recommended" in "who recommended the Mellanox card" says what the sender did, which their mail need not name.
  const verbTerm = type === 'who' && senderVerb(question) !== null ? stem(senderVerb(question)!.toLowerCase()) : null;
  // "How many employees": a count of something else is no answer, so the mail must name what is counted.
  const countedWord = type === 'how-many' ? COUNTED.exec(question)?.[1] : undefined;
  const counted = countedWord === undefined ? null : (terms(countedWord)[0] ?? null);
  const keyTerms = [...wanted].filter(([term, weight]) => weight === 1 && term !== verbTerm).map(([term]) => term);
  const verb = type === 'who' ? senderVerb(question) : null;
  const senderAnswers = verb !== null;
  const senderRoleWanted = senderRole(verb);
  const isNumeric = type === 'when' || type === 'how-many';
  const asksPublished = type === 'when' && PUBLISHED_QUESTION.test(question);
  const role = type === 'who' ? questionRole(question) : null;
  const isMoney = isMoneyQuestion(question);
  const asksDefinition = type === 'what' && DEFINITION_QUESTION.test(question);
  const category = asksDefinition ? kindCategory(question) : null;
  // A question about the thing itself is not answered by mail about its draft or release candidate.
  const isFinalAsked = !PROVISIONAL.test(question);
  return sentences.map((sentence) => {
    // Any number is an amount, but only a sum of money (or "free") says what something costs.
    let fit = isMoney
      ? MONEY_PATTERN.test(sentence.text) || PRICE_COMPARISON_PATTERN.test(sentence.text)
        ? 1
        : 0
      : entityFit(type, sentence.text);
    const isDefinition = asksDefinition && DEFINITION.test(sentence.text);
    if (isDefinition) fit = DEFINITION_FIT;
    // The announcement's own Date header says when it was announced: "UHD 3.14.1.0 is now available!" answers "when
    // was UHD 3.14.1.0 released", where a reply's "I installed it on Tuesday" does not.
    const isAnnouncement =
      asksPublished && !REPLY_SUBJECT.test(sentence.passage.subject) && ANNOUNCING.test(`${sentence.passage.subject} ${sentence.text}`);
    if (isAnnouncement) fit = 1;
    // "Who is the CEO of Enron" wants a name beside the title; a name in a sentence without it is only a name.
    if (role !== null && fit > 0 && !rolePattern(role).test(sentence.text)) fit = 0.3;
    // "I can be your point of contact" answers "who is the point of contact": the sender is the person.
    const isSenderAnswer = type === 'who' && (senderAnswers || (fit === 0 && FIRST_PERSON.test(sentence.text)));
    if (isSenderAnswer && fit === 0) fit = 0.7;
    // "Location: ..." or "Thursday June 13" in a mail whose subject names the event answers "where/when is the
    // event", though the sentence names none of it: for such a sentence the subject counts in full.
    const isLabelled = LABELS[type]?.test(sentence.text) === true || (fit === 1 && type !== 'what' && type !== 'yes-no' && type !== 'why');
    // "What did Marcus say about the N210?" is met by any sentence of Marcus's mail about the N210.
    const namesAuthor = type !== 'who' && [...wanted.keys()].some((term) => sentence.author.has(term));
    const isRoleFit = senderRoleWanted === 'any' || (senderRoleWanted === 'reply') === REPLY_SUBJECT.test(sentence.passage.subject);
    const isTopicFromSubject = isLabelled || (senderAnswers && isRoleFit) || namesAuthor;
    let covered = 0;
    let matchedInSentence = 0;
    for (const [term, weight] of wanted) {
      if (sentence.terms.has(term)) {
        covered += weight * idf.get(term)!;
        matchedInSentence += 1;
      } else if (isDefinition && term === category) {
        // "It is a dipole" says what kind of antenna the VERT2450 is without saying "antenna" again.
        covered += weight * idf.get(term)!;
      } else if (sentence.sender.has(term)) {
        // Who wrote a mail and when are the message's, never a sentence's: "what did Marcus say in May 2019" is met
        // in full by Marcus's mail of May 2019. A who-question naming someone asks about others, so there it is context.
        covered += (type === 'who' ? CONTEXT_WEIGHT : 1) * weight * idf.get(term)!;
      } else if (sentence.subject.has(term)) {
        // For "who announced X" the mail about X is the answer, whichever of its sentences is quoted.
        covered += (isTopicFromSubject ? 1 : CONTEXT_WEIGHT) * weight * idf.get(term)!;
      } else if (sentence.intro.has(term)) {
        // "Our keynote speakers will be:" says what each item under it is: "Mark Shuttleworth, Canonical".
        covered += weight * idf.get(term)!;
      } else if (sentence.neighbours.has(term)) {
        covered += CONTEXT_WEIGHT * weight * idf.get(term)!;
      }
    }
    const coverage = covered / total;
    let messageCovered = 0;
    for (const [term, weight] of wanted) if (sentence.messageTerms.has(term)) messageCovered += weight * idf.get(term)!;
    // The sender's act counts as covered: "The Mellanox NIC is a good option" recommends it without the word.
    if (verbTerm !== null && wanted.has(verbTerm) && !sentence.messageTerms.has(verbTerm))
      messageCovered += wanted.get(verbTerm)! * idf.get(verbTerm)!;
    const messageCoverage = messageCovered / total;
    const missingInMessage = keyTerms.filter((term) => !sentence.messageTerms.has(term)).length;
    const holdsKeyTerms =
      missingInMessage <= Math.floor(keyTerms.length / 3) && (counted === null || namesCounted(sentence.messageTerms, counted));
    const hasEntity = fit > 0;
    let score = coverage + 0.25 * fit + 0.1 * (matchedInSentence / wanted.size);
    const isTopicInSentence = matchedInSentence > 0;
    if (isTopicFromSubject && matchedInSentence === 0 && coverage > 0) matchedInSentence = 1;
    if (senderAnswers && !isRoleFit) score *= 0.5;
    // A reply's "on Tuesday" is when the reply's writer did something, not when the thing it answers came out.
    if (asksPublished && REPLY_SUBJECT.test(sentence.passage.subject) && !hasAbsoluteDate(sentence.text)) score *= 0.5;
    if (!hasEntity && type === 'code') score -= 0.2;
    if (senderAnswers) score += 0.1;
    const wordCount = sentence.text.split(/\s+/).length;
    if (wordCount < 3) score *= 0.7;
    // A question in the mail is rarely its own answer.
    const isQuestion = QUESTION_SENTENCE.test(sentence.text);
    if (isQuestion) score *= 0.5;
    if (wordCount > 70) score *= 0.8;
    const isProvisional = isFinalAsked && PROVISIONAL.test(`${sentence.passage.subject} ${sentence.text}`);
    if (isProvisional) score *= 0.8;
    if (letterShare(sentence.text, isNumeric) < 0.75) score *= 0.6;
    score += 0.05 * (1 - sentence.rank / Math.max(1, passages.length));
    const { passage, rank, text, holdsAnchors } = sentence;
    const lacksAmount = type === 'how-many' && !hasEntity;
    return {
      passage,
      rank,
      text,
      coverage,
      messageCoverage,
      holdsKeyTerms,
      matchedInSentence,
      isTopicInSentence,
      hasEntity,
      entityFit: fit,
      // "Next Wednesday" or a mail's own date is read with the mail's date, which the answer then gives.
      isDatedByMail: type === 'when' && !hasAbsoluteDate(text),
      lacksAmount,
      isSenderAnswer,
      isQuestion,
      holdsAnchors,
      isProvisional,
      score,
    };
  });
}

/** A question after one thing among several versions of it, which a mail calls "this release" and names in its subject. */
const WHICH_THING = /\b(which|what)\s+(\w+\s+)?(release|version|update|firmware|image|filesystem)\b/i;
const LIST_TAG = /^(\s*\[[^\]]*\])+\s*/;

/** One answer sentence: the mail's own words, with who or when said it where the sentence itself does not. */
function compose(candidate: Candidate, type: QuestionType, question: string): string {
  const sentence = neutralizeMarkers(candidate.text).replace(/\s*[;:,]$/, '');
  const marker = `[${candidate.passage.n}]`;
  // "Which release added DPDK?" answered by "This release includes DPDK support": the subject names the release.
  const thing = WHICH_THING.exec(question)?.[3]?.toLowerCase();
  if (thing !== undefined && new RegExp(`\\b(this|the new|the latest)\\s+(\\w+\\s+)?${thing}\\b`, 'i').test(sentence))
    return `In "${neutralizeMarkers(candidate.passage.subject.replace(LIST_TAG, ''))}": ${sentence.replace(/[.!?]$/, '')} ${marker}.`;
  const needsSender = type === 'who' && (candidate.isSenderAnswer || !candidate.hasEntity);
  const needsDate = candidate.isDatedByMail;
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
  const isOpen = type === 'what' || type === 'yes-no' || type === 'why';
  const chosen = choose(scoreCandidates(question, passages, options.history ?? []), thresholds, maxSentences, isOpen);
  const tookMs = Math.round(performance.now() - started);
  if (chosen.length === 0) return { answer: REFUSAL_SENTENCE, citations: [], provider: 'extractive', refused: true, tookMs };
  const role = type === 'who' ? questionRole(question) : null;
  const topicWords = terms(question).filter((term) => role === null || !rolePattern(role).test(term));
  const citations = chosen
    .filter((candidate, index) => chosen.findIndex((other) => other.passage.n === candidate.passage.n) === index)
    .map((candidate) => {
      const citation = toCitation(candidate.passage, candidate.text);
      // When the sender is the answer, the quote holds no span of it.
      if (candidate.isSenderAnswer) return citation;
      const span = answerSpan(type, question, citation.quote, { role, topicWords, date: new Date(candidate.passage.date) });
      return span === null ? citation : { ...citation, span };
    });
  const answer = chosen.map((candidate) => compose(candidate, type, question)).join(' ');
  return numberInOrder({ answer, citations, provider: 'extractive', refused: false, tookMs });
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
