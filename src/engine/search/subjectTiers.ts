// A pasted subject's mails first: those whose subject is the query's words, then the other versions of that subject
// (the same words but for [PATCH v2]-style tags), then the rest, each group best first by its words, in every mode that
// reads words. Fused by rank alone, a mail the semantic side missed fell below mail both sides found; by word score
// alone, another version of a patch fell below long mails that quote its words.
import type { Evaluation } from './evaluate';

/** Each subject match's tier (1: the query's words; 2: them but for tags), of the messages that match; null when none. */
export function subjectTiers(keyword: Evaluation): Map<number, number> | null {
  const found = keyword.subjectMatches;
  if (found === undefined) return null;
  const tier = new Map<number, number>();
  for (const ordinal of found.shared) if (keyword.matches[ordinal] === 1) tier.set(ordinal, 2);
  for (const ordinal of found.whole) if (keyword.matches[ordinal] === 1) tier.set(ordinal, 1);
  return tier.size > 0 ? tier : null;
}

/**
 * Scores that order a keyword search's matches as above: each tier's scores raised past every score below it. A copy,
 * so the hits still show their own scores; the keyword stage's scores when there are no subject matches.
 */
export function scoresWithSubjectTiers(
  keyword: Evaluation,
  /** An array as long as the scores, for the raised ones. */
  scoreArray: () => Float64Array = () => new Float64Array(keyword.scores.length),
): Float64Array {
  const tier = subjectTiers(keyword);
  if (tier === null) return keyword.scores;
  let highest = 0;
  for (const score of keyword.scores) if (score > highest) highest = score;
  const step = highest + 1;
  const raised = scoreArray();
  raised.set(keyword.scores);
  for (const [ordinal, level] of tier) raised[ordinal]! += (3 - level) * step;
  return raised;
}
