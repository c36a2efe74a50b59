// Runs one search: parse, evaluate over all messages, check phrases, order, page, and build hits with snippets.
import type { SearchHit, SearchRequest, SearchResult, SortOrder } from '../../shared/model/search';
import { parseQuery } from '../../shared/query/parse';
import { summarizeQuery } from '../../shared/query/summarize';
import type { Catalog } from '../index/catalog';
import { words } from '../index/fold';
import type { KeywordIndex } from '../index/keywordIndex';
import type { MessageStore } from '../store/messageStore';
import { Evaluator, foldedPhrase, type Bitset } from './evaluate';
import { snippetFor } from './snippetHighlights';
import { toSummary } from './toSummary';

const MAX_LIMIT = 1000;
const PHRASE_BATCH = 500;

export interface SearchContext {
  catalog: Catalog;
  keywords: KeywordIndex;
  store: MessageStore;
  timeZone: string;
}

async function keepPhraseMatches(matches: Bitset, phrases: string[], context: SearchContext): Promise<void> {
  const wanted = phrases.map(foldedPhrase);
  const candidates: number[] = [];
  matches.forEach((bit, ordinal) => {
    if (bit) candidates.push(ordinal);
  });
  for (let start = 0; start < candidates.length; start += PHRASE_BATCH) {
    const batch = candidates.slice(start, start + PHRASE_BATCH);
    const ids = batch.map((ordinal) => context.catalog.entries[ordinal]!.row.id);
    const rows = await context.store.getColumns(ids, ['id', 'subject', 'text', 'attachmentTextJson']);
    const textById = new Map(rows.map((row) => [row.id, words(`${row.subject}\n${row.text}\n${row.attachmentTextJson}`).join(' ')]));
    for (const ordinal of batch) {
      const text = textById.get(context.catalog.entries[ordinal]!.row.id) ?? '';
      if (!wanted.every((phrase) => text.includes(phrase))) matches[ordinal] = 0;
    }
  }
}

function order(ordinals: number[], sort: SortOrder, scores: Float64Array, catalog: Catalog): void {
  const dates = catalog.dates;
  const id = (ordinal: number): string => catalog.entries[ordinal]!.row.id;
  ordinals.sort((first, second) => {
    if (sort === 'relevance') {
      const byScore = scores[second]! - scores[first]!;
      if (byScore !== 0) return byScore;
    }
    const byDate = dates[second]! - dates[first]!;
    if (byDate !== 0) return byDate;
    return id(first) < id(second) ? -1 : id(first) > id(second) ? 1 : 0;
  });
}

export async function runSearch(request: SearchRequest, context: SearchContext): Promise<SearchResult> {
  const started = performance.now();
  const parsed = parseQuery(request.query, { timeZone: context.timeZone });
  const evaluation = new Evaluator(context.catalog, context.keywords).evaluate(parsed.root);
  if (evaluation.phrases.length > 0) await keepPhraseMatches(evaluation.matches, evaluation.phrases, context);
  const matched: number[] = [];
  evaluation.matches.forEach((bit, ordinal) => {
    if (bit) matched.push(ordinal);
  });
  const hasWords = evaluation.highlightTerms.length > 0;
  const sort: SortOrder = parsed.sort ?? request.sort ?? (hasWords ? 'relevance' : 'date');
  order(matched, sort, evaluation.scores, context.catalog);
  const total = parsed.limit !== null ? Math.min(parsed.limit, matched.length) : matched.length;
  const offset = Math.max(0, request.offset ?? 0);
  const limit = Math.min(MAX_LIMIT, Math.max(0, request.limit ?? 20), parsed.limit ?? MAX_LIMIT);
  const page = matched.slice(offset, Math.min(offset + limit, total));
  const ids = page.map((ordinal) => context.catalog.entries[ordinal]!.row.id);
  const texts = new Map((await context.store.getColumns(ids, ['id', 'snippet', 'text'])).map((row) => [row.id, row]));
  const hits: SearchHit[] = page.map((ordinal) => {
    const entry = context.catalog.entries[ordinal]!;
    const stored = texts.get(entry.row.id);
    const { snippet, highlights } = snippetFor(stored?.snippet ?? '', stored?.text ?? '', evaluation.highlightTerms);
    return { ...toSummary(entry, snippet), score: Number(evaluation.scores[ordinal]!.toFixed(4)), highlights };
  });
  return {
    query: request.query,
    parsed: summarizeQuery(request.query, parsed),
    total,
    tookMs: Math.round(performance.now() - started),
    hits,
  };
}
