// Runs one search: parse once, plan (mode, page, order), match words and operators over every message, check phrases,
// rank by meaning and fuse when the plan says so, then read the page.
import type { SearchRequest, SearchResult } from '../../shared/model/search';
import type { ParsedQuery } from '../../shared/query/ast';
import { foldedPhrase } from '../../shared/query/fold';
import { queryMarks } from '../../shared/query/marks';
import { parseQuery } from '../../shared/query/parse';
import { summarizeQuery } from '../../shared/query/summarize';
import { operatorSuggestions } from '../../shared/query/didYouMean';
import { countBits } from './bitset';
import { Evaluator, type Evaluation } from './evaluate';
import { ArchiveArrays } from './archiveArrays';
import { withAlternativeReading } from './alternativeSearch';
import { PASTED_SUBJECT_NOTE, pastedSubjectQuery } from './pastedSubject';
import { scoresWithSubjectTiers } from './subjectTiers';
import { withReasons } from './hitReasons';
import { rankFused, type FusedRanking } from './fusedStage';
import { firstDiversified, HitList } from './fusedList';
import { pageHits } from './pageHits';
import { keepPhraseMatches } from './phraseFilter';
import {
  bestDiversifiedThen,
  DIVERSE_TOP,
  firstInOrder,
  firstMatchesByDate,
  ordinalsByDate,
  ordinalsByScore,
  reversed,
  type Order,
  type RankedHit,
} from './rank';
import type { SearchContext } from './searchContext';
import { planSearch, type SearchPlan, type SearchTuning } from './searchPlan';
import { wordSuggestions } from './wordSuggestions';
import { findCopies, type Copies } from './sameMail';
import { matchConversations, type KeywordMatches } from './conversationMatch';
import { threadMatchCounter } from './threadMatches';
import { withSimilarCount } from './similarOffer';

export type { SearchTuning } from './searchPlan';

export async function runSearch(request: SearchRequest, context: SearchContext, tuning: SearchTuning = {}): Promise<SearchResult> {
  const typedReading = parseQuery(request.query, { timeZone: () => context.timeZone, contacts: () => context.contacts.all() });
  const pasted = pastedSubjectQuery(request.query, typedReading.root, context);
  // Words that could be a constraint have their own other reading, shown with its chips (alternativeSearch.ts).
  if (pasted !== null && !typedReading.alternative) {
    const literal = await searchOnce({ ...request, query: pasted }, context, tuning);
    // The marks were read off the quoted words, not the text the person typed.
    return withCoverage({
      ...literal,
      query: request.query,
      parsed: { ...literal.parsed, text: request.query, marks: undefined },
      modeNote: joinNotes(PASTED_SUBJECT_NOTE, literal.modeNote),
    });
  }
  const typed = await searchOnce(request, context, tuning);
  const result =
    tuning.wordMatch === undefined
      ? await withAlternativeReading(typed, (query) => searchOnce({ ...request, query }, context, tuning), pasted !== null)
      : typed;
  // A plain question or a half-remembered subject rarely has every one of its words in one mail (and before vectors
  // exist, keyword is all there is): rather than "0 results", auto and keyword modes show the messages with the most of
  // its words, best first as BM25 ranks them, and say so. Keyword mode stays Gmail's every-word search whenever some
  // message holds every word.
  if (result.total > 0 || tuning.wordMatch !== undefined) return withCoverage(result);
  const nothing = (): Promise<SearchResult> =>
    withSimilarCount(request, withCoverage(withNothingMatched(result)), context, (similar) => searchOnce(similar, context, tuning));
  if (!triesSomeWords(request, typedReading)) return nothing();
  const loose = await searchOnce(request, context, { ...tuning, dropFiller: 'always', wordMatch: 'any' });
  if (loose.total === 0) return nothing();
  const note = 'no message has all of the words: showing messages with the most of them';
  return withCoverage({ ...loose, tookMs: result.tookMs + loose.tookMs, modeNote: joinNotes(note, loose.modeNote) });
}

/**
 * Whether a search whose every-word reading finds nothing is run again for the messages with some of its words. A
 * quoted phrase in keyword mode asks for those words verbatim: it finds nothing, as in Gmail, rather than its words apart.
 */
export function triesSomeWords(request: SearchRequest, parsed: ParsedQuery): boolean {
  const mode = request.mode ?? 'auto';
  if (request.similar) return false;
  return mode === 'auto' || (mode === 'keyword' && parsed.terms.phrases.length === 0);
}

/**
 * Says so when a search by meaning found nothing near enough either: without the floor it would have listed the nearest
 * messages however far. A search by words alone, or by operators alone, speaks for itself with its count of 0.
 */
function withNothingMatched(result: SearchResult): SearchResult {
  if (result.mode === 'keyword' || result.parsed.text.trim() === '') return result;
  return {
    ...result,
    modeNote: joinNotes('no messages match: no message holds these words, and none is near enough in meaning', result.modeNote),
  };
}

function joinNotes(first: string | null, second: string | null): string | null {
  return first && second ? `${first}; ${second}` : (first ?? second);
}

/** While the embedding stage runs, a search by meaning sees only part of the archive: say how much. */
function withCoverage(result: SearchResult): SearchResult {
  if (result.mode === 'keyword' || result.embeddedShare <= 0 || result.embeddedShare >= 1) return result;
  const percent = Math.min(99, Math.floor(result.embeddedShare * 100));
  const coverage = `searched by meaning over ${percent}% of messages so far: the rest are still being embedded`;
  return { ...result, modeNote: joinNotes(result.modeNote, coverage) };
}

/**
 * Words and operators over every message; with 'any', a message needs at least one of the words. With 'all', a
 * conversation holding a plain query's words between its messages matches by its best message.
 */
export function matchKeywords(plan: SearchPlan, context: SearchContext, arrays?: ArchiveArrays): KeywordMatches {
  const lent = arrays?.ofSize(context.catalog.size);
  const keyword = new Evaluator(context.catalog, context.keywords, plan.wordMatch, plan.typedPrefix, lent).evaluate(plan.parsed.root);
  if (plan.wordMatch === 'any' && plan.parsed.terms.contentTerms.length > 0) {
    keyword.matches.forEach((bit, ordinal) => {
      if (bit && keyword.scores[ordinal] === 0) keyword.matches[ordinal] = 0;
    });
  }
  // Words that could be read as a constraint ("January 2023") show that reading when no message holds them all: a
  // conversation holding them between its messages would hide it.
  const ownScores = new Map<number, number>();
  const helpers =
    plan.wordMatch === 'all' && !plan.parsed.alternative
      ? matchConversations(plan.parsed.root, keyword, context, ownScores)
      : new Map<number, number[]>();
  return { ...keyword, helpers, ownScores };
}

/**
 * Drops the keyword matches that lack a phrase verbatim, reading only as far down the page's order as it needs; returns
 * how many matches are estimated beyond those read. A page is exact from a prefix of its order. Fusion's pages come
 * from the keyword hits read that far and every semantic hit; a keyword hit further down adds at most 1/(60 + its
 * rank) to a semantic hit's score, so leaving unread ones out moves little, and reading all of them made the first
 * phrase search in hybrid mode slow and memory-hungry on a large archive (bench/measured-reasons.md, search.ts).
 */
async function checkPhrases(plan: SearchPlan, keyword: Evaluation, dateOrder: Order<number>, context: SearchContext): Promise<number> {
  if (!plan.usesKeywords || plan.phrases.length === 0) return 0;
  const bound = {
    order: plan.sort === 'date' ? dateOrder : ordinalsByScore(context.catalog, keyword.scores),
    wanted: plan.offset + plan.limit + DIVERSE_TOP,
  };
  const phraseContext = { catalog: context.catalog, store: context.store, remembered: context.phraseVerdicts };
  const found = await keepPhraseMatches(keyword.matches, plan.phrases.map(foldedPhrase), bound, phraseContext);
  return found.isEstimate ? found.count - countBits(keyword.matches) : 0;
}

/**
 * Leaves one hit per mail stored more than once, the first in the list's order, which lists every folder it is in:
 * drops the other copies from the keyword matches or the fused list, so the total counts distinct mails.
 */
export async function collapseCopies(
  plan: SearchPlan,
  keyword: Evaluation,
  ranking: FusedRanking,
  dateOrder: Order<number>,
  context: SearchContext,
  /** The search's borrowed arrays (see archiveArrays.ts), used while the archive has the size they were lent for. */
  arrays?: ArchiveArrays,
): Promise<Copies> {
  const byDate = (first: number, second: number): boolean => dateOrder(first, second) < 0;
  if (plan.isFused) {
    const { fused } = ranking;
    const inList = (first: number, second: number): boolean => fused.isBefore(first, second);
    const copies = await findCopies(fused.ordinals(), plan.sort === 'date' ? byDate : inList, context, arrays, inList);
    if (copies.dropped.size > 0) fused.leaveOut(copies.dropped);
    return copies;
  }
  if (!plan.usesKeywords) return { dropped: new Set(), copiesOf: new Map(), isIncomplete: false };
  const { scores } = keyword;
  const byScore = (first: number, second: number): boolean =>
    scores[first]! > scores[second]! || (scores[first] === scores[second] && byDate(first, second));
  const copies = await findCopies(keyword.matches, plan.sort === 'date' ? byDate : byScore, context, arrays);
  for (const ordinal of copies.dropped) keyword.matches[ordinal] = 0;
  return copies;
}

/** One search, with the arrays of the archive's size it borrows given back when it ends (see archiveArrays.ts). */
async function searchOnce(request: SearchRequest, context: SearchContext, tuning: SearchTuning): Promise<SearchResult> {
  const arrays = new ArchiveArrays(context.catalog.size);
  try {
    return await searchWith(request, context, tuning, arrays);
  } finally {
    arrays.giveBack();
  }
}

async function searchWith(
  request: SearchRequest,
  context: SearchContext,
  tuning: SearchTuning,
  arrays: ArchiveArrays,
): Promise<SearchResult> {
  const started = performance.now();
  const parsed = parseQuery(request.query, {
    timeZone: () => context.timeZone,
    contacts: () => context.contacts.all(),
    dropFiller: tuning.dropFiller,
  });
  const embeddedShare = context.semantic?.embeddedShare() ?? 0;
  const plan = planSearch(request, parsed, tuning, embeddedShare);
  const keyword = matchKeywords(plan, context, arrays);
  const dateOrder = parsed.dateOrder === 'oldest' ? reversed(ordinalsByDate(context.catalog)) : ordinalsByDate(context.catalog);
  /** With many phrase candidates only the first ones are read: how many more messages are estimated to match. */
  const unreadPhraseMatches = await checkPhrases(plan, keyword, dateOrder, context);
  const ranking: FusedRanking = plan.isFused
    ? await rankFused(plan, keyword, context, arrays)
    : { fused: new HitList([]), chunks: new Map(), mode: plan.mode, note: plan.note };
  const copies = await collapseCopies(plan, keyword, ranking, dateOrder, context, arrays);
  const { fused } = ranking;
  const matched = (plan.isFused ? fused.size : plan.usesKeywords ? countBits(keyword.matches) : 0) + unreadPhraseMatches;
  const total = parsed.limit !== null ? Math.min(parsed.limit, matched) : matched;
  const pageEnd = Math.min(plan.offset + plan.limit, total);
  let ranked: RankedHit[];
  if (plan.isFused)
    ranked =
      plan.sort === 'date'
        ? firstInOrder(fused.ordinals(), dateOrder, pageEnd).map((ordinal) => fused.hit(ordinal))
        : firstDiversified(fused, pageEnd, context.catalog);
  else if (!plan.usesKeywords) ranked = [];
  else if (plan.sort === 'date')
    ranked = firstMatchesByDate(keyword.matches, context.catalog, parsed.dateOrder === 'oldest', pageEnd).map((ordinal) => ({
      ordinal,
      score: keyword.scores[ordinal]!,
      matchType: 'keyword',
    }));
  else
    ranked = bestDiversifiedThen(
      keyword.matches,
      scoresWithSubjectTiers(keyword, () => arrays.ofSize(keyword.scores.length).scores()),
      [...keyword.helpers.keys()],
      context.catalog,
      pageEnd,
      () => arrays.ofSize(keyword.matches.length).bytes(),
    ).map((hit) => ({ ...hit, score: keyword.scores[hit.ordinal]! }));
  const page = ranked.slice(plan.offset, pageEnd);
  const hits = withReasons(
    await pageHits(
      page,
      ranking.chunks,
      [...parsed.terms.highlightTerms, ...(keyword.completions ?? [])],
      {
        copies,
        threadMatches: parsed.terms.contentTerms.length > 0 ? threadMatchCounter(keyword.matches, keyword.helpers, context.catalog) : null,
      },
      context,
    ),
    page,
    plan,
    keyword,
    ranking,
    context,
  );
  const operatorFixes = operatorSuggestions(parsed);
  return {
    query: request.query,
    // The engine's own marks, read with its time zone and contacts: the search bar paints them for this text.
    parsed: { ...summarizeQuery(request.query, parsed), marks: queryMarks(parsed), alternative: parsed.alternative },
    total,
    isTotalEstimated: (unreadPhraseMatches > 0 || copies.isIncomplete) && total === matched,
    tookMs: Math.round(performance.now() - started),
    hits,
    sort: plan.sort,
    mode: ranking.mode,
    modeNote: ranking.note,
    embeddedShare,
    suggestions: [
      ...operatorFixes,
      ...wordSuggestions(
        request.query,
        parsed,
        context.keywords,
        operatorFixes.map((fix) => fix.span),
      ),
    ],
    understood: parsed.understood ?? [],
    ...(keyword.completions ? { completions: keyword.completions } : {}),
  };
}
