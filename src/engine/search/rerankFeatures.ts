// The reranker that needs no model: a weighted sum of features read from each candidate and the retrievers' findings.
import { words } from '../index/fold';

/** One of hybrid's best candidates, with what a reranker looks at. */
export interface RerankCandidate {
  ordinal: number;
  /** Place in the keyword list from 0; null when keyword search did not find it. */
  keywordRank: number | null;
  /** Cosine similarity of its best passage to the query; null when it has no vectors. */
  similarity: number | null;
  /** Milliseconds since the epoch. */
  date: number;
  subject: string;
  /** Body and attachment text. */
  text: string;
  /** The passage that matched the query best (or the start of the text), what a cross-encoder reads. */
  passage: string;
}

/**
 * Each feature is 0..1 across the candidates; the score is their weighted sum. Set by hand, then checked on the eval
 * set (eval/results.md); README's "Search modes" lists them too. Word matching's order and word coverage were raised
 * (0.25 to 0.35 and 0.15 to 0.3) and meaning lowered (0.35 to 0.25) once keyword search ranked some-words hits: a
 * message with every word sank below messages near in meaning but holding few of them. Auto recall@10 / nDCG@10 went
 * from 0.640 / 0.617 to 0.647 / 0.641 (tuning), 0.592 / 0.582 to 0.607 / 0.601 (held out) and 0.680 / 0.488 to
 * 0.720 / 0.529 (described).
 * - keyword: 5 / (5 + rank in the keyword list), 0 when keyword search missed it: word matching's own order.
 * - semantic: best passage's cosine similarity, min-max scaled over the candidates: closeness in meaning.
 * - subject: share of the query's words (weighted by rarity, IDF) in the subject: mail named after the topic.
 * - coverage: share of the query's words (IDF-weighted) anywhere in the subject, body or attachments.
 * - proximity: query words found / length of the shortest stretch of text holding all of them: the words as a phrase.
 * - recency: date min-max scaled over the candidates: a tie-breaker, newer first.
 */
export const FEATURE_WEIGHTS = { keyword: 0.35, semantic: 0.25, subject: 0.15, coverage: 0.3, proximity: 0.08, recency: 0.02 } as const;

export type FeatureName = keyof typeof FEATURE_WEIGHTS;

const KEYWORD_RANK_HALF = 5;
/** Proximity is measured on the start of long mails; patches and logs would otherwise cost more than the search. */
const PROXIMITY_WORDS = 5_000;

/** Rarity of each query word: log(1 + N / df), from how many messages contain it. */
export function termWeights(terms: string[], documentFrequency: (term: string) => number, documents: number): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of new Set(terms)) weights.set(term, Math.log(1 + documents / Math.max(1, documentFrequency(term))));
  return weights;
}

function coverage(present: Set<string>, weights: Map<string, number>): number {
  let total = 0;
  let found = 0;
  for (const [term, weight] of weights) {
    total += weight;
    if (present.has(term)) found += weight;
  }
  return total === 0 ? 0 : found / total;
}

/** Query words found / length of the shortest stretch holding each of them; 1 for an exact phrase, 0 below two words. */
export function proximity(textWords: string[], terms: Set<string>): number {
  const found = new Set(textWords.filter((word) => terms.has(word)));
  if (found.size < 2) return 0;
  const latest = new Map<string, number>();
  let shortest = Infinity;
  for (let position = 0; position < textWords.length; position += 1) {
    const word = textWords[position]!;
    if (!found.has(word)) continue;
    latest.set(word, position);
    // Ending here, the shortest stretch with every found word starts at the oldest of their latest places.
    if (latest.size === found.size) shortest = Math.min(shortest, position - Math.min(...latest.values()) + 1);
  }
  return found.size / shortest;
}

function scaled(values: (number | null)[]): number[] {
  const known = values.filter((value): value is number => value !== null);
  const low = Math.min(...known);
  const high = Math.max(...known);
  return values.map((value) => (value === null ? 0 : high > low ? (value - low) / (high - low) : 1));
}

/** Each candidate's features, in the order of FEATURE_WEIGHTS. */
export function candidateFeatures(candidates: RerankCandidate[], weights: Map<string, number>): Record<FeatureName, number>[] {
  const terms = new Set(weights.keys());
  const semantic = scaled(candidates.map((candidate) => candidate.similarity));
  const recency = scaled(candidates.map((candidate) => candidate.date));
  return candidates.map((candidate, index) => {
    const subjectWords = words(candidate.subject);
    const textWords = words(candidate.text);
    return {
      keyword: candidate.keywordRank === null ? 0 : KEYWORD_RANK_HALF / (KEYWORD_RANK_HALF + candidate.keywordRank),
      semantic: semantic[index]!,
      subject: coverage(new Set(subjectWords), weights),
      coverage: coverage(new Set([...subjectWords, ...textWords]), weights),
      proximity: terms.size < 2 ? 0 : Math.max(proximity(subjectWords, terms), proximity(textWords.slice(0, PROXIMITY_WORDS), terms)),
      recency: recency[index]!,
    };
  });
}

export function featureScores(candidates: RerankCandidate[], weights: Map<string, number>): number[] {
  return candidateFeatures(candidates, weights).map((features) =>
    (Object.keys(FEATURE_WEIGHTS) as FeatureName[]).reduce((sum, name) => sum + FEATURE_WEIGHTS[name] * features[name], 0),
  );
}
