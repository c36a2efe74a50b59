// Runs one search: parse, pre-filter over all messages, retrieve by words and/or meaning, fuse, diversify, page.
import type { SearchHit, SearchRequest, SearchResult, SortOrder } from '../../shared/model/search';
import { parseQuery } from '../../shared/query/parse';
import { summarizeQuery } from '../../shared/query/summarize';
import type { Catalog } from '../index/catalog';
import type { ContactDirectory } from '../index/contacts';
import type { KeywordIndex } from '../index/keywordIndex';
import type { MessageStore } from '../store/messageStore';
import type { ChatGenerator } from '../answer/types';
import { chunkFilter, type ChunkFilter } from '../vectors/chunkFilter';
import type { ChunkMatch } from '../vectors/chunkStore';
import { countBits, Evaluator, foldedPhrase, setBits, type Bitset } from './evaluate';
import { hydeSearchText, writeHypotheticalPassage } from './hyde';
import { keepPhraseMatches, type PhraseVerdicts } from './phraseFilter';
import { bestDiversified, byScore, DIVERSE_TOP, diversifyThreads, firstInOrder, firstMatches, fuseByRank, ordinalsByDate, ordinalsByScore, reversed, type RankedHit } from './rank';
import type { Reranker } from './reranker';
import { rerankFused } from './rerankStage';
import { routeQuery } from './route';
import { matchOf, snippetFor } from './snippetHighlights';
import { toSummary } from './toSummary';

const MAX_LIMIT = 1000;
/**
 * Semantic retrieval returns at most this many messages (in semantic mode, or the requested page's end, if further). They feed rank
 * fusion, where rank 100 adds 1/160, and rerank reads the fused top 50; every passage fetched costs LanceDB a read
 * (at 100k messages, 200 candidates took 45–60 ms, 100 about 30).
 */
const SEMANTIC_CANDIDATES = 100;
/** Enough of hyde's passage for a person to see what it searched by. */
const NOTE_PASSAGE_CHARACTERS = 200;

/** Retrieval by meaning, when vectors exist. */
export interface SemanticRetriever {
  /** Share of messages with vectors, 0..1. */
  embeddedShare(): number;
  /**
   * Best chunk per message for the text, best first, among `allowed` message ids (null: all). `filter` is the
   * query's operators on the chunks' own columns, a pre-filter that lets a narrow filter still return `limit`.
   */
  search(text: string, limit: number, allowed: Set<string> | null, filter?: ChunkFilter): Promise<ChunkMatch[]>;
}

export interface SearchContext {
  contacts: ContactDirectory;
  catalog: Catalog;
  keywords: KeywordIndex;
  store: MessageStore;
  timeZone: string;
  semantic: SemanticRetriever | null;
  /** Rerank mode's second stage; without it rerank runs as hybrid. */
  reranker?: Reranker;
  /** What earlier searches learnt about which messages hold which phrases. */
  phraseVerdicts: PhraseVerdicts;
  /** The configured answer provider's model, for hyde mode; null (or absent) when answers are extractive. */
  languageModel?: () => ChatGenerator | null;
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
  let matches: ChunkMatch[];
  if (allowedCount === size) matches = await context.semantic!.search(text, wanted, null, filter.chunks);
  else if (allowedCount * 2 >= size) {
    // Most messages allowed (every search but in:anywhere leaves Trash and Spam out): a set of their ids took 0.9 s at
    // a million messages. The nearest messages of all, fetched in proportion, hold the nearest allowed ones.
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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Hyde mode's semantic text: the query with a passage the model wrote for it, or null (and why) to run as hybrid. */
async function hypotheticalText(query: string, context: SearchContext): Promise<{ text: string | null; note: string }> {
  const generate = context.languageModel?.() ?? null;
  if (generate === null) {
    return { text: null, note: 'hyde fell back to hybrid: no language model is configured (answers are extractive); choose Ollama, an OpenAI-compatible server or a local model in settings' };
  }
  const started = performance.now();
  try {
    const { passage, isCached } = await writeHypotheticalPassage(query, generate);
    const how = isCached ? 'wrote earlier' : `wrote in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    const shown = passage.length > NOTE_PASSAGE_CHARACTERS ? `${passage.slice(0, NOTE_PASSAGE_CHARACTERS)}…` : passage;
    return { text: hydeSearchText(query, passage), note: `hyde: searched by meaning with a passage the language model ${how}: "${shown}"` };
  } catch (error) {
    return { text: null, note: `hyde fell back to hybrid: the language model failed (${errorText(error)})` };
  }
}

/** Ways to run a search that only the engine's own callers (questions for the answer pane) need. */
export interface SearchTuning {
  /** Leave question words out of the keyword terms even when nothing else was understood. */
  dropFiller?: 'always';
  /** 'any': a message needs only some of the words, ranked by how many (for questions). */
  wordMatch?: 'all' | 'any';
}

export async function runSearch(request: SearchRequest, context: SearchContext, tuning: SearchTuning = {}): Promise<SearchResult> {
  const result = await searchOnce(request, context, tuning);
  // A plain question rarely has every one of its words in one mail (and before vectors exist, keyword is all there
  // is): rather than "0 results", auto mode shows the messages with the most of its words, and says so.
  const isAuto = (request.mode ?? 'auto') === 'auto';
  if (!isAuto || result.total > 0 || tuning.wordMatch !== undefined) return withCoverage(result);
  const loose = await searchOnce(request, context, { ...tuning, dropFiller: 'always', wordMatch: 'any' });
  if (loose.total === 0) return withCoverage(result);
  const note = 'no message has all of the words: showing messages with the most of them';
  return withCoverage({ ...loose, tookMs: result.tookMs + loose.tookMs, modeNote: joinNotes(note, loose.modeNote) });
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

async function searchOnce(request: SearchRequest, context: SearchContext, tuning: SearchTuning): Promise<SearchResult> {
  const started = performance.now();
  const parsed = parseQuery(request.query, { timeZone: context.timeZone, contacts: context.contacts.all(), dropFiller: tuning.dropFiller });
  const keyword = new Evaluator(context.catalog, context.keywords, tuning.wordMatch ?? 'all').evaluate(parsed.root);
  if (tuning.wordMatch === 'any' && keyword.contentTerms.length > 0) {
    keyword.matches.forEach((bit, ordinal) => {
      if (bit && keyword.scores[ordinal] === 0) keyword.matches[ordinal] = 0;
    });
  }
  const embeddedShare = context.semantic?.embeddedShare() ?? 0;
  const route = routeQuery(request.mode ?? 'auto', request.query, keyword.contentTerms, keyword.phrases.length > 0, embeddedShare > 0, embeddedShare);
  const offset = Math.max(0, request.offset ?? 0);
  const limit = Math.min(MAX_LIMIT, Math.max(0, request.limit ?? 20), parsed.limit ?? MAX_LIMIT);
  const sort: SortOrder = parsed.sort ?? request.sort ?? (keyword.contentTerms.length > 0 ? 'relevance' : 'date');

  let mode = route.mode;
  let modeNote = route.note;
  if ((mode === 'hyde' || mode === 'rerank') && keyword.contentTerms.length === 0) {
    modeNote = `${mode} ran as keyword: the query has only operators, no words to ${mode === 'hyde' ? 'write a passage about' : 'rerank by'}`;
    mode = 'keyword';
  }
  let chunks = new Map<number, ChunkMatch>();
  // Fusion ranks every keyword hit; a keyword-only search picks its page straight from the bitset (see firstMatches).
  const isFused = mode !== 'keyword' && keyword.contentTerms.length > 0;
  const usesKeywords = mode !== 'semantic';
  const dateOrder = parsed.dateOrder === 'oldest' ? reversed(ordinalsByDate(context.catalog)) : ordinalsByDate(context.catalog);
  /** With many phrase candidates, only the first ones are read: how many messages are estimated to match but were not read. */
  let unreadPhraseMatches = 0;
  if (usesKeywords && keyword.phrases.length > 0) {
    // A page is exact from a prefix of its order. Fusion's pages come from the keyword hits read that far and every
    // semantic hit; a keyword hit further down adds at most 1/(60 + its rank) to a semantic hit's score, so leaving
    // unread ones out moves little, and reading all of them made the first phrase search in hybrid mode take 1.2 s
    // and 200 MB at 100k messages ("task work": 11,000 candidates).
    const bound = { order: sort === 'date' ? dateOrder : ordinalsByScore(context.catalog, keyword.scores), wanted: offset + limit + DIVERSE_TOP };
    const phraseContext = { catalog: context.catalog, store: context.store, remembered: context.phraseVerdicts };
    const found = await keepPhraseMatches(keyword.matches, keyword.phrases.map(foldedPhrase), bound, phraseContext);
    if (found.isEstimate) unreadPhraseMatches = found.count - countBits(keyword.matches);
  }
  /** The fused hits, best first. */
  let fused: RankedHit[] = [];
  if (isFused) {
    const keywordHits = usesKeywords ? setBits(keyword.matches).map((ordinal): RankedHit => ({ ordinal, score: keyword.scores[ordinal]!, matchType: 'keyword' })).sort(byScore(context.catalog)) : [];
    const filter = { matches: new Evaluator(context.catalog, context.keywords, 'relaxed').evaluate(parsed.root).matches, chunks: chunkFilter(parsed.root) };
    const queryText = parsed.semanticText?.trim() || keyword.contentTerms.join(' ');
    let semanticText = queryText;
    if (mode === 'hyde') {
      const hypothetical = await hypotheticalText(queryText, context);
      modeNote = hypothetical.note;
      if (hypothetical.text === null) mode = 'hybrid';
      else semanticText = hypothetical.text;
    }
    // Fused pages slice one list whatever their offset, so its semantic part does not grow with the offset.
    const semantic = await semanticHits(semanticText, filter, mode === 'semantic' ? offset + limit : 0, context);
    chunks = semantic.chunks;
    fused = mode === 'semantic' ? semantic.hits : fuseByRank(keywordHits, semantic.hits, context.catalog, route.weights);
    if (mode === 'rerank') {
      if (sort === 'date') modeNote = 'rerank: results in date order, so nothing was reordered';
      else if (context.reranker) {
        const reranked = await rerankFused({ fused, keywordHits, queryText, contentTerms: keyword.contentTerms }, context, context.reranker);
        fused = reranked.ranked;
        modeNote = reranked.note;
      } else modeNote = 'rerank ran as hybrid: this engine has no reranker';
    }
  }
  const matched = (isFused ? fused.length : usesKeywords ? countBits(keyword.matches) : 0) + unreadPhraseMatches;
  const total = parsed.limit !== null ? Math.min(parsed.limit, matched) : matched;
  const pageEnd = Math.min(offset + limit, total);
  let ranked: RankedHit[];
  if (isFused) ranked = sort === 'date' ? firstInOrder(fused, (first, second) => dateOrder(first.ordinal, second.ordinal), pageEnd) : diversifyThreads(fused, context.catalog);
  else if (!usesKeywords) ranked = [];
  else if (sort === 'date') ranked = firstMatches(keyword.matches, dateOrder, pageEnd).map((ordinal) => ({ ordinal, score: keyword.scores[ordinal]!, matchType: 'keyword' }));
  else ranked = bestDiversified(keyword.matches, keyword.scores, context.catalog, pageEnd);
  const page = ranked.slice(offset, pageEnd);
  const ids = page.map((hit) => context.catalog.id(hit.ordinal));
  const texts = new Map((await context.store.getColumns(ids, ['id', 'snippet', 'text', 'attachmentTextJson'])).map((row) => [row.id, row]));
  const hits: SearchHit[] = page.map((hit) => {
    const entry = context.catalog.entry(hit.ordinal);
    const stored = texts.get(entry.row.id);
    const chunk = chunks.get(hit.ordinal);
    const match = matchOf(entry, keyword.highlightTerms, chunk?.origin, stored);
    const source = chunk && hit.matchType === 'semantic' ? chunk.text : match.text;
    const { snippet, highlights } = snippetFor(chunk && hit.matchType === 'semantic' ? '' : (stored?.snippet ?? ''), source, keyword.highlightTerms, chunk?.text);
    return {
      ...toSummary(entry, snippet),
      score: Number(hit.score.toFixed(4)),
      highlights,
      matchType: hit.matchType,
      matchedIn: match.matchedIn,
      threadSize: context.catalog.threadSize(entry.row.threadId),
    };
  });
  return {
    query: request.query,
    parsed: summarizeQuery(request.query, parsed),
    total,
    isTotalEstimated: unreadPhraseMatches > 0 && total === matched,
    tookMs: Math.round(performance.now() - started),
    hits,
    mode,
    modeNote,
    embeddedShare,
  };
}
