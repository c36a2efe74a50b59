// The stage of a search by meaning (semantic, hybrid, hyde, rerank): nearest messages, fused with the keyword hits, reordered when asked.
import type { ArchiveArrays } from './archiveArrays';
import { chunkFilter, type ChunkFilter } from '../vectors/chunkFilter';
import type { ChunkMatch } from '../vectors/chunkStore';
import { countBits, setBits, type Bitset } from './bitset';
import { Evaluator } from './evaluate';
import type { KeywordMatches } from './conversationMatch';
import { hydeSearchText, writeHypotheticalPassage } from './hyde';
import { HitList, liftedBy, type FusedList } from './fusedList';
import { byScore, FirstInOrder, fuseByRank, type RankedHit } from './rank';
import { ScoreFusedList } from './scoreFusion';
import { rerankFused } from './rerankStage';
import { similarThreshold } from './similarOffer';
import { subjectTiers } from './subjectTiers';
import type { SearchContext } from './searchContext';
import type { SearchPlan } from './searchPlan';
import { errorMessage } from '../../shared/errorMessage';
import { words } from '../../shared/query/fold';

/**
 * Semantic retrieval returns at most this many messages (in semantic mode, or the requested page's end, if further). They feed rank
 * fusion, where rank 100 adds 1/160, and rerank reads the fused top 50; every passage fetched costs LanceDB a read, so
 * twice as many candidates took up to twice as long (bench/measured-reasons.md, fusedStage.ts).
 */
const SEMANTIC_CANDIDATES = 100;
/**
 * Below the messages with every word, the keyword side of a fused search lists at most this many with some of them,
 * best first by BM25 (rare words count most): a half-remembered subject or a description rarely has all its words in
 * one mail, and the semantic side's 100 nearest are read the same way.
 */
const PARTIAL_CANDIDATES = 100;
/** Enough of hyde's passage for a person to see what it searched by. */
const NOTE_PASSAGE_CHARACTERS = 200;

export interface FusedRanking {
  /** The fused hits, best first. */
  fused: FusedList;
  /** The passage each hit found by meaning matched, by ordinal. */
  chunks: Map<number, ChunkMatch>;
  /** The plan's mode and note, or what the stage ran as instead (hyde without a model runs as hybrid) and why. */
  mode: SearchPlan['mode'];
  note: string | null;
}

async function semanticHits(
  text: string,
  filter: { matches: Bitset; chunks: ChunkFilter },
  want: number,
  context: SearchContext,
): Promise<{ hits: RankedHit[]; chunks: Map<number, ChunkMatch> }> {
  const size = context.catalog.size;
  const wanted = Math.max(SEMANTIC_CANDIDATES, want);
  // Counted first: listing every ordinal of an unfiltered search only to see that all are allowed was most of what a
  // search by meaning allocated.
  const allowedCount = countBits(filter.matches);
  if (allowedCount === 0) return { hits: [], chunks: new Map() };
  let matches: ChunkMatch[];
  if (allowedCount === size) matches = await context.semantic!.search(text, wanted, null, filter.chunks);
  else if (allowedCount * 2 >= size) {
    // Most messages allowed (every search but in:anywhere leaves Trash and Spam out): a set of their ids took most of a
    // second at a million messages (bench/measured-reasons.md). The nearest of all, fetched in proportion, hold the
    // nearest allowed ones.
    const fetched = await context.semantic!.search(text, Math.ceil((wanted * size) / allowedCount), null, filter.chunks);
    matches = fetched.filter((match) => {
      const ordinal = context.catalog.ordinalOf(match.messageId);
      return ordinal !== undefined && filter.matches[ordinal] === 1;
    });
  } else {
    const allowed = new Set(setBits(filter.matches).map((ordinal) => context.catalog.id(ordinal)));
    matches = await context.semantic!.search(text, wanted, allowed, filter.chunks);
  }
  const chunks = new Map<number, ChunkMatch>();
  const hits: RankedHit[] = [];
  for (const match of matches) {
    if (hits.length === wanted) break;
    const ordinal = context.catalog.ordinalOf(match.messageId);
    if (ordinal === undefined || chunks.has(ordinal)) continue;
    chunks.set(ordinal, match);
    hits.push({ ordinal, score: match.similarity, matchType: 'semantic' });
  }
  return { hits, chunks };
}

/** Whether the query has words and no message holds any of them. */
function holdsNoneOfTheWords(contentTerms: string[], context: SearchContext): boolean {
  const queryWords = contentTerms.flatMap((term) => words(term));
  return (
    queryWords.length > 0 &&
    queryWords.every((word) => context.keywords.frequency('content', word) + context.keywords.frequency('meta', word) === 0)
  );
}

/** Hyde mode's semantic text: the query with a passage the model wrote for it, or null (and why) to run as hybrid. */
async function hypotheticalText(query: string, context: SearchContext): Promise<{ text: string | null; note: string }> {
  const generate = context.languageModel?.() ?? null;
  if (generate === null) {
    return {
      text: null,
      note: 'hyde fell back to hybrid: no language model is configured (answers are extractive); choose Ollama, an OpenAI-compatible server or a local model in settings',
    };
  }
  const started = performance.now();
  try {
    const { passage, isCached } = await writeHypotheticalPassage(query, generate);
    const how = isCached ? 'wrote earlier' : `wrote in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    const shown = passage.length > NOTE_PASSAGE_CHARACTERS ? `${passage.slice(0, NOTE_PASSAGE_CHARACTERS)}…` : passage;
    return { text: hydeSearchText(query, passage), note: `hyde: searched by meaning with a passage the language model ${how}: "${shown}"` };
  } catch (error) {
    return { text: null, note: `hyde fell back to hybrid: the language model failed (${errorMessage(error)})` };
  }
}

/**
 * The messages with some but not all of the query's words, best first, after those with all of them; operators and
 * negated words apply (`allowed`: the query with its words relaxed). None when a message needs only some words anyway,
 * or the query has a single word. The keyword stage scored every message holding any of the words, whether it held
 * them all or not, so its scores rank these without evaluating the words again.
 */
function partialHits(plan: SearchPlan, keyword: KeywordMatches, allowed: Bitset, arrays: ArchiveArrays | undefined): RankedHit[] {
  if (plan.wordMatch !== 'all' || words(plan.parsed.terms.contentTerms.join(' ')).length < 2) return [];
  // A conversation's best message ranks among these by its own words: ranked above them, it lost the eval relevant mail.
  const { matches, scores, helpers, ownScores } = keyword;
  let partialScores = scores;
  if (ownScores.size > 0) {
    partialScores = arrays ? arrays.ofSize(scores.length).scores() : new Float64Array(scores.length);
    partialScores.set(scores);
    for (const [ordinal, score] of ownScores) partialScores[ordinal] = score;
  }
  const scoreOf = (ordinal: number): number => partialScores[ordinal]!;
  // Offered to the heap by a plain loop, not listed first: nearly every message is allowed here, and a list of every one
  // a common word's score reaches (most of a million-message archive) was a large part of a fused search's time and garbage.
  const best = new FirstInOrder<number>((first, second) => scoreOf(second) - scoreOf(first) || first - second, PARTIAL_CANDIDATES);
  for (let ordinal = 0; ordinal < allowed.length; ordinal += 1) {
    if (!allowed[ordinal] || !(scores[ordinal]! > 0) || (matches[ordinal] && (helpers.size === 0 || !helpers.has(ordinal)))) continue;
    // Most are below the last kept once it is full: turned away here, without the order's call.
    const last = best.last();
    if (last === undefined || partialScores[ordinal]! >= partialScores[last]!) best.offer(ordinal);
  }
  return best.sorted().map((ordinal) => ({ ordinal, score: scoreOf(ordinal), matchType: 'keyword' }));
}

/** Every message with every word but the conversation matches (their best message is placed by partialHits), in ordinal order. */
function everyWordMatches(keyword: KeywordMatches, arrays: ArchiveArrays | undefined): Int32Array {
  const { matches, helpers } = keyword;
  const found = arrays ? arrays.ordinals(countBits(matches)) : new Int32Array(countBits(matches));
  let count = 0;
  for (let ordinal = 0; ordinal < matches.length; ordinal += 1)
    if (matches[ordinal] && (helpers.size === 0 || !helpers.has(ordinal))) found[count++] = ordinal;
  return found.subarray(0, count);
}

/**
 * Hybrid's (and hyde's) list: the messages with every word and those naming an identifier whole, ranked by score, then
 * those with some of the words, fused by score with the semantic hits (see ScoreFusedList).
 */
function scoreFused(
  keyword: KeywordMatches,
  named: readonly RankedHit[],
  someWords: readonly RankedHit[],
  semantic: readonly RankedHit[],
  plan: SearchPlan,
  context: SearchContext,
  arrays: ArchiveArrays | undefined,
): FusedList {
  const every = everyWordMatches(keyword, arrays);
  let ranked: ArrayLike<number> = every;
  let { scores } = keyword;
  const namedScores = new Map(named.map((hit) => [hit.ordinal, hit.score]));
  if (named.length > 0) {
    // A named message may be a conversation's best, ranked here by its own words' score: written into a copy.
    scores = arrays ? arrays.ofSize(scores.length).scores() : new Float64Array(scores.length);
    scores.set(keyword.scores);
    for (const [ordinal, score] of namedScores) scores[ordinal] = score;
    ranked = [...every, ...namedScores.keys()];
  }
  const { matches, helpers } = keyword;
  const isRanked = (ordinal: number): boolean => (matches[ordinal] === 1 && !helpers.has(ordinal)) || namedScores.has(ordinal);
  return new ScoreFusedList({ ranked, scores, isRanked, after: someWords }, semantic, context.catalog, plan.weights);
}

/** Runs a fused plan over the keyword stage's matches. */
export async function rankFused(
  plan: SearchPlan,
  keyword: KeywordMatches,
  context: SearchContext,
  /** The search's borrowed arrays (see archiveArrays.ts), used while the archive has the size they were lent for. */
  arrays?: ArchiveArrays,
): Promise<FusedRanking> {
  const { parsed, offset, limit } = plan;
  let { mode, note } = plan;
  const lent = arrays?.ofSize(context.catalog.size);
  // Meaning stands in for the words, so they do not constrain; negated words and operators still do. Quoted phrases
  // in auto mode do: only the keyword matches, whose phrases were found verbatim, are listed.
  const filter = {
    matches: plan.isBoundByPhrases
      ? keyword.matches
      : new Evaluator(context.catalog, context.keywords, 'relaxed', null, lent).evaluate(parsed.root).matches,
    chunks: chunkFilter(parsed.root),
  };
  const queryText = parsed.semanticText?.trim() || parsed.terms.contentTerms.join(' ');
  let semanticText = queryText;
  if (mode === 'hyde') {
    const hypothetical = await hypotheticalText(queryText, context);
    note = hypothetical.note;
    if (hypothetical.text === null) mode = 'hybrid';
    else semanticText = hypothetical.text;
  }
  // Hyde searches by a passage for mail the words miss: its keyword side stays the messages with every word.
  const partial = plan.usesKeywords && mode !== 'hyde' ? partialHits(plan, keyword, filter.matches, arrays) : [];
  // A message naming one of the query's identifiers whole ("IORING_REGISTER_RING_SIZE proposal") is as good a match as
  // one holding every word: ranked among those by its score, not after them all.
  const isNamed = keyword.namedIdentifiers;
  const someWords = isNamed ? partial.filter((hit) => !isNamed[hit.ordinal]) : partial;
  const named = isNamed ? partial.filter((hit) => isNamed[hit.ordinal]) : [];
  // Fused pages slice one list whatever their offset, so its semantic part does not grow with the offset.
  const semantic = await semanticHits(semanticText, filter, mode === 'semantic' ? offset + limit : 0, context);
  if (holdsNoneOfTheWords(parsed.terms.contentTerms, context)) {
    // Letters the archive never uses embed near its hex dumps and logs: such a query must be plainly close in meaning,
    // or, when the person asked for messages about similar things, at least somewhat close.
    const floors = context.semantic!.similarityFloors();
    const least = plan.isSimilar ? similarThreshold(floors) : floors.unknownWords;
    semantic.hits = semantic.hits.filter((hit) => hit.score >= least);
  }
  let fused: FusedList;
  if (mode === 'semantic') fused = new HitList(semantic.hits);
  else if (mode !== 'rerank') fused = scoreFused(keyword, named, someWords, semantic.hits, plan, context, lent);
  else {
    // Rerank's candidates stay fused by rank: they are the top 50 it reads, and rank fusion keeps each list's first 25
    // or so among them, where score fusion let a list whose scores fall steeply lose its tail to the other (a
    // some-words match that was the answer fell out of the 50, tuning set). Its questions match few messages.
    const keywordHits = plan.usesKeywords
      ? [...everyWordMatches(keyword, undefined)]
          .map((ordinal): RankedHit => ({ ordinal, score: keyword.scores[ordinal]!, matchType: 'keyword' }))
          .concat(named)
          .sort(byScore(context.catalog))
      : [];
    let ranked = fuseByRank([...keywordHits, ...someWords], semantic.hits, context.catalog, plan.weights);
    if (plan.sort === 'date') note = 'rerank: results in date order, so nothing was reordered';
    else if (context.reranker) {
      const reranked = await rerankFused(
        // The reranker's keyword rank reads the messages with some of the words after those with all of them.
        { fused: ranked, keywordHits: [...keywordHits, ...someWords], queryText, contentTerms: parsed.terms.contentTerms },
        context,
        context.reranker,
      );
      ranked = reranked.ranked;
      note = reranked.note;
    } else note = 'rerank ran as hybrid: this engine has no reranker';
    fused = new HitList(ranked);
  }
  if (mode !== 'semantic' && plan.usesKeywords) fused = liftedBy(fused, subjectTiers(keyword), keyword);
  return { fused, chunks: semantic.chunks, mode, note };
}
