// Why each hit of a page is there: where its words matched, how close its meaning was, its place in each ranked list.
import type { HitReasons, SearchHit } from '../../shared/model/search';
import { words } from '../../shared/query/fold';
import type { KeywordField } from '../index/keywordIndex';
import type { Evaluation } from './evaluate';
import type { FusedRanking } from './fusedStage';
import type { RankedHit } from './rank';
import type { SearchContext } from './searchContext';
import type { SearchPlan } from './searchPlan';

const FIELDS: readonly KeywordField[] = ['meta', 'content'];

/** For each of the query's words, which of the page's messages hold it in which field: one pass over its postings. */
function wordFields(terms: readonly string[], page: readonly RankedHit[], context: SearchContext): Map<number, HitReasons['words']> {
  const onPage = new Set(page.map((hit) => hit.ordinal));
  const found = new Map<number, HitReasons['words']>(page.map((hit) => [hit.ordinal, []]));
  for (const word of new Set(terms.flatMap(words))) {
    const fieldsOf = new Map<number, KeywordField[]>();
    for (const field of FIELDS) {
      for (const ordinals of context.keywords.postings(field, word)) {
        if (!ordinals) continue;
        for (const ordinal of ordinals) if (onPage.has(ordinal)) fieldsOf.set(ordinal, [...(fieldsOf.get(ordinal) ?? []), field]);
      }
    }
    for (const [ordinal, list] of found) list.push({ word, fields: fieldsOf.get(ordinal) ?? [] });
  }
  return found;
}

/** 1 + how many keyword matches scored higher: the hit's place in the list by words alone. */
function keywordRank(ordinal: number, keyword: Evaluation): number | null {
  if (keyword.matches[ordinal] !== 1) return null;
  const score = keyword.scores[ordinal]!;
  let above = 0;
  for (let other = 0; other < keyword.matches.length; other += 1)
    if (keyword.matches[other] === 1 && keyword.scores[other]! > score) above += 1;
  return above + 1;
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
  const found = wordFields(plan.parsed.terms.contentTerms, page, context);
  const meaningOrder = [...ranking.chunks.keys()];
  return hits.map((hit, index) => {
    const ordinal = page[index]!.ordinal;
    const chunk = ranking.chunks.get(ordinal);
    const meaningRank = chunk ? meaningOrder.indexOf(ordinal) + 1 : null;
    return {
      ...hit,
      reasons: {
        words: found.get(ordinal) ?? [],
        keywordRank: plan.usesKeywords && plan.parsed.terms.contentTerms.length > 0 ? keywordRank(ordinal, keyword) : null,
        meaningRank,
        similarity: chunk ? Number(chunk.similarity.toFixed(3)) : null,
      },
    };
  });
}
