// Every match of a search, as the result count counts them: the set a timeline and its facets are computed over.
import type { SearchRequest } from '../../shared/model/search';
import { foldedPhrase } from '../../shared/query/fold';
import { parseQuery } from '../../shared/query/parse';
import { setBits } from './bitset';
import { rankFused, type FusedRanking } from './fusedStage';
import { keepPhraseMatches, samplePhraseMatches } from './phraseFilter';
import { bestDiversified, firstInOrder, firstMatches, ordinalsByDate, reversed } from './rank';
import { firstDiversified, HitList } from './fusedList';
import { collapseCopies, matchKeywords, triesSomeWords } from './search';
import type { SearchContext } from './searchContext';
import { planSearch, type SearchPlan, type SearchTuning } from './searchPlan';

export interface MatchSet {
  /** The matching messages' ordinals. */
  ordinals: number[];
  mode: SearchPlan['mode'];
  /** How many matches each of `ordinals` stands for: 1 when all were found, more when a phrase was sampled. */
  weight: number;
}

export interface MatchOptions {
  /**
   * Check a phrase in an even sample of this many of its candidates (messages with all its words; more while the
   * sample finds few holders, see samplePhraseMatches) and weigh the holders found, rather than read every candidate:
   * for counts, not for lists. Without it every one is read.
   */
  phraseSample?: number;
}

/**
 * The messages a search counts in its total, in any mode: for words and operators (keyword mode, or a query without
 * words) every message that matches; for a search by meaning (semantic, hybrid, rerank, hyde) the fused list, which is
 * the keyword matches and the nearest messages by meaning that pass the operators (as many as the first page reads),
 * since nearness alone has no end. Copies of one mail count once, Trash and Spam stay out unless asked for, `limit:`
 * keeps the first ones in the list's order, and auto and keyword modes' looser second try (any of the words) is made as search makes it.
 * One difference: a phrase with many candidates is checked in every candidate here (or in an even sample of them, see
 * MatchOptions), where search reads only as far as its page needs and estimates the rest, so an estimated total
 * ("about N") may differ from this count.
 */
export async function searchMatches(request: SearchRequest, context: SearchContext, options: MatchOptions = {}): Promise<MatchSet> {
  const matches = await matchesOnce(request, context, {}, options);
  if (matches.ordinals.length > 0) return matches;
  if (!triesSomeWords(request, parseQuery(request.query, { timeZone: context.timeZone, contacts: () => context.contacts.all() })))
    return matches;
  return matchesOnce(request, context, { dropFiller: 'always', wordMatch: 'any' }, options);
}

async function matchesOnce(request: SearchRequest, context: SearchContext, tuning: SearchTuning, options: MatchOptions): Promise<MatchSet> {
  const parsed = parseQuery(request.query, {
    timeZone: context.timeZone,
    contacts: () => context.contacts.all(),
    dropFiller: tuning.dropFiller,
  });
  const plan = planSearch(request, parsed, tuning, context.semantic?.embeddedShare() ?? 0);
  const keyword = matchKeywords(plan, context);
  const dateOrder = parsed.dateOrder === 'oldest' ? reversed(ordinalsByDate(context.catalog)) : ordinalsByDate(context.catalog);
  let weight = 1;
  if (plan.usesKeywords && plan.phrases.length > 0) {
    const phraseContext = { catalog: context.catalog, store: context.store, remembered: context.phraseVerdicts };
    const phrases = plan.phrases.map(foldedPhrase);
    // A sample stands for the rest only where the matches are the phrase's holders themselves: not the first `limit:`
    // ones, nor a fused list that adds messages by meaning.
    const isSampled = options.phraseSample !== undefined && parsed.limit === null && (!plan.isFused || plan.isBoundByPhrases);
    if (isSampled) weight = await samplePhraseMatches(keyword.matches, phrases, options.phraseSample!, phraseContext);
    else await keepPhraseMatches(keyword.matches, phrases, null, phraseContext);
  }
  const ranking: FusedRanking = plan.isFused
    ? await rankFused(plan, keyword, context)
    : { fused: new HitList([]), chunks: new Map(), mode: plan.mode, note: plan.note };
  await collapseCopies(plan, keyword, ranking, dateOrder, context);
  const limit = parsed.limit;
  let ordinals: number[];
  if (plan.isFused) {
    const { fused } = ranking;
    ordinals =
      limit === null
        ? fused.first(fused.size).map((hit) => hit.ordinal)
        : plan.sort === 'date'
          ? firstInOrder(fused.ordinals(), dateOrder, limit)
          : firstDiversified(fused, limit, context.catalog).map((hit) => hit.ordinal);
  } else if (!plan.usesKeywords) ordinals = [];
  else if (limit === null) ordinals = setBits(keyword.matches);
  else if (plan.sort === 'date') ordinals = firstMatches(keyword.matches, dateOrder, limit);
  else ordinals = bestDiversified(keyword.matches, keyword.scores, context.catalog, limit).map((hit) => hit.ordinal);
  return { ordinals, mode: ranking.mode, weight };
}
