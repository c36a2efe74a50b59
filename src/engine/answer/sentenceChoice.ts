// Which scored sentences make the extractive answer: the best one when the mail supports it, then close runners-up
// from other messages, then the same mail's next sentence for an open question.
import type { Passage } from './types';

export interface Candidate {
  passage: Passage;
  /** The passage's rank among the retrieved passages, from 0. */
  rank: number;
  text: string;
  coverage: number;
  messageCoverage: number;
  /**
   * The whole message holds the terms of the question's own, all but one in three:
   * "Air France adds flights to Montreal" does not say what the capital of France is, however rare "France" is.
   */
  holdsKeyTerms: boolean;
  matchedInSentence: number;
  /** The sentence itself holds a question word, rather than only its subject line. */
  isTopicInSentence: boolean;
  hasEntity: boolean;
  /** How well it holds that kind of answer (questionType's entityFit): a runner-up must hold it as well as the best. */
  entityFit: number;
  /** A when-question's answer that needs the date of its mail: the sentence names no day, or only "next Tuesday". */
  isDatedByMail: boolean;
  /** A how-much or how-many question wants an amount, and a sentence without one does not answer it. */
  lacksAmount: boolean;
  /** The answer to a who-question is the sender of this sentence. */
  isSenderAnswer: boolean;
  isQuestion: boolean;
  /** The passage names every model, version and year the question names. */
  holdsAnchors: boolean;
  /** The sentence or its subject is about a draft or release candidate, which the question does not ask about. */
  isProvisional: boolean;
  score: number;
}

export function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface Thresholds {
  minCoverage: number;
  minMessageCoverage: number;
}

function isSupported(candidate: Candidate, thresholds: Thresholds): boolean {
  return (
    candidate.holdsAnchors &&
    candidate.holdsKeyTerms &&
    !candidate.lacksAmount &&
    candidate.matchedInSentence > 0 &&
    candidate.coverage >= thresholds.minCoverage &&
    candidate.messageCoverage >= thresholds.minMessageCoverage
  );
}

/**
 * A sentence already chosen, or one that holds it or is held by it: a reply quoting a signature or an announcement
 * repeats it with the next header glued on ("Robin Coxe | Manager From: ..."), and citing both cites the copy.
 */
function isRepeat(text: string, seen: Set<string>): boolean {
  for (const other of seen) if (text.includes(other) || other.includes(text)) return true;
  return false;
}

function isSameSender(one: Passage, other: Passage): boolean {
  return one.from.address.toLowerCase() === other.from.address.toLowerCase() && one.from.name === other.from.name;
}

/** The best sentence, then close runners-up from other messages; the same message only when it is nearly as good. */
export function choose(candidates: Candidate[], thresholds: Thresholds, maxSentences: number, isOpen: boolean): Candidate[] {
  const ranked = [...candidates].sort((a, b) => b.score - a.score || a.rank - b.rank);
  const best = ranked[0];
  if (best === undefined || !isSupported(best, thresholds)) return [];
  const chosen = [best];
  const seenText = new Set([normalized(best.text)]);
  const pass = (accept: (candidate: Candidate) => boolean, isSupportNeeded = true): void => {
    for (const candidate of ranked) {
      if (chosen.length >= maxSentences) return;
      if (chosen.includes(candidate) || isRepeat(normalized(candidate.text), seenText)) continue;
      if (candidate.isQuestion || (isSupportNeeded && !isSupported(candidate, thresholds)) || !accept(candidate)) continue;
      chosen.push(candidate);
      seenText.add(normalized(candidate.text));
    }
  };
  // For a who/when/where/how-many question a runner-up must hold that kind of answer as well as the best does, or it
  // is only on topic ("the conference hotel" beside "in Huntsville"); and when the best sentence names the topic
  // itself, a runner-up that has it only from its subject line is weaker. Mail about a release candidate is no second
  // source for the release itself, and when the sender is the answer, another mail of the same sender names no one new.
  // A when-answer's runner-up must name its own day: dated only by its mail, it gives another mail's date or the same.
  const fits = (candidate: Candidate): boolean =>
    candidate.entityFit >= best.entityFit &&
    !candidate.isDatedByMail &&
    (candidate.isTopicInSentence || !best.isTopicInSentence) &&
    (!candidate.isProvisional || best.isProvisional) &&
    !(best.isSenderAnswer && candidate.passage.messageId !== best.passage.messageId && isSameSender(candidate.passage, best.passage));
  pass(
    (candidate) =>
      fits(candidate) &&
      candidate.score >= 0.8 * best.score &&
      candidate.coverage >= best.coverage &&
      chosen.every((c) => c.passage.messageId !== candidate.passage.messageId),
  );
  pass((candidate) => fits(candidate) && candidate.score >= 0.92 * best.score);
  // An open question's answer often runs over two sentences of the mail that answers it ("I noticed in: ... the default
  // C library changed from glibc to musl"): the same mail's next best on-topic sentence goes with it, cited as one.
  if (isOpen)
    pass(
      (candidate) =>
        candidate.passage.messageId === best.passage.messageId && candidate.matchedInSentence > 0 && candidate.score >= 0.6 * best.score,
      false,
    );
  return chosen;
}
