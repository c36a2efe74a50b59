// Why each hit of a page is there: where its words matched, how close its meaning was, its place in each ranked list.
import type { HitReasons, SearchHit } from '../../shared/model/search';
import { words } from '../../shared/query/fold';
import type { KeywordField } from '../index/keywordIndex';
import { FIELD_BITS, type Evaluation } from './evaluate';
import { wordsOf } from './bitset';
import type { FusedRanking } from './fusedStage';
import type { RankedHit } from './rank';
import type { SearchContext } from './searchContext';
import type { SearchPlan } from './searchPlan';

const FIELDS: readonly KeywordField[] = ['meta', 'content'];

/**
 * For each of the query's words, which of the page's messages hold it in which field: from what matching the words
 * recorded, or else one pass over the word's postings.
 */
function wordFields(
  terms: readonly string[],
  page: readonly RankedHit[],
  keyword: Evaluation,
  context: SearchContext,
): Map<number, HitReasons['words']> {
  const onPage = new Set(page.map((hit) => hit.ordinal));
  const found = new Map<number, HitReasons['words']>(page.map((hit) => [hit.ordinal, []]));
  for (const word of new Set(terms.flatMap(words))) {
    const fieldsOf = new Map<number, KeywordField[]>();
    const recorded = keyword.wordFields?.get(word);
    for (const field of FIELDS) {
      if (recorded) {
        for (const ordinal of onPage)
          if (recorded[ordinal]! & FIELD_BITS[field]) fieldsOf.set(ordinal, [...(fieldsOf.get(ordinal) ?? []), field]);
        continue;
      }
      for (const ordinals of context.keywords.postings(field, word)) {
        if (!ordinals) continue;
        for (const ordinal of ordinals) if (onPage.has(ordinal)) fieldsOf.set(ordinal, [...(fieldsOf.get(ordinal) ?? []), field]);
      }
    }
    for (const [ordinal, list] of found) list.push({ word, fields: fieldsOf.get(ordinal) ?? [] });
  }
  return found;
}

/**
 * For each of the page's keyword matches, 1 + how many keyword matches scored higher: one pass over the matches, each
 * placed among the page's distinct scores by binary search (comparing each with every page score was most of the cost).
 */
export function keywordRanks(page: readonly RankedHit[], keyword: Evaluation): Map<number, number> {
  const sorted = Float64Array.from(
    new Set(page.filter((hit) => keyword.matches[hit.ordinal] === 1).map((hit) => keyword.scores[hit.ordinal]!)),
  ).sort();
  const ranks = new Map<number, number>();
  if (sorted.length === 0) return ranks;
  // exceeding[count]: how many matches score above exactly `count` of the page's scores (the lowest ones). Most
  // matches score no higher than the page's lowest and count for no page score: passed over without a search.
  const exceeding = new Float64Array(sorted.length + 1);
  const lowest = sorted[0]!;
  const { matches, scores } = keyword;
  const count = (other: number): void => {
    const score = scores[other]!;
    if (score <= lowest) return;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! < score) low = middle + 1;
      else high = middle;
    }
    exceeding[low]! += 1;
  };
  // Four messages at a time where none matches: a common word's matches are a sixth of a million-message archive.
  const words = wordsOf(matches);
  let other = 0;
  if (words !== null) {
    for (let word = 0; word < words.length; word += 1) {
      if (words[word] === 0) continue;
      for (let at = word * 4; at < word * 4 + 4; at += 1) if (matches[at] === 1) count(at);
    }
    other = words.length * 4;
  }
  for (; other < matches.length; other += 1) if (matches[other] === 1) count(other);
  // A match above `count` page scores is above page score j exactly when count > j.
  const above = new Map<number, number>();
  let beyond = 0;
  for (let index = sorted.length - 1; index >= 0; index -= 1) {
    beyond += exceeding[index + 1]!;
    above.set(sorted[index]!, beyond);
  }
  for (const hit of page) if (keyword.matches[hit.ordinal] === 1) ranks.set(hit.ordinal, above.get(keyword.scores[hit.ordinal]!)! + 1);
  return ranks;
}

/** The page's hits with their reasons; `page` is the ranked page the hits were read from, in the same order. */
export function withReasons(
  hits: SearchHit[],
  page: readonly RankedHit[],
  plan: SearchPlan,
  keyword: Evaluation,
  ranking: FusedRanking,
  context: SearchContext,
): SearchHit[] {
  const found = wordFields(plan.parsed.terms.contentTerms, page, keyword, context);
  const meaningOrder = [...ranking.chunks.keys()];
  const ranks = plan.usesKeywords && plan.parsed.terms.contentTerms.length > 0 ? keywordRanks(page, keyword) : null;
  return hits.map((hit, index) => {
    const ordinal = page[index]!.ordinal;
    const chunk = ranking.chunks.get(ordinal);
    const meaningRank = chunk ? meaningOrder.indexOf(ordinal) + 1 : null;
    return {
      ...hit,
      reasons: {
        words: found.get(ordinal) ?? [],
        keywordRank: ranks ? (ranks.get(ordinal) ?? null) : null,
        meaningRank,
        similarity: chunk ? Number(chunk.similarity.toFixed(3)) : null,
      },
    };
  });
}
