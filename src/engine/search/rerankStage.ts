// Rerank mode's second stage: hybrid's best candidates are read closely (text, best passage) and reordered.
import { words } from '../index/fold';
import type { RankedHit } from './rank';
import type { Reranker } from './reranker';
import { termWeights, type RerankCandidate } from './rerankFeatures';
import { decodeAttachmentTexts } from '../store/messageRecord';
import type { SearchContext } from './searchContext';

/** How many of hybrid's hits are reordered: deep enough to lift a buried good hit, shallow enough to read closely. */
export const RERANK_DEPTH = 50;
/** Features read the start of very long mails (patches, logs); the rest rarely changes the order. */
const TEXT_CHARACTERS = 20_000;
/** A cross-encoder reads at most 512 tokens of query and passage together. */
export const PASSAGE_CHARACTERS = 2_000;

export interface RerankRequest {
  /** Hybrid's order, best first. */
  fused: RankedHit[];
  /** Keyword search's order, best first. */
  keywordHits: RankedHit[];
  /** The query as semantic search and the reranker read it. */
  queryText: string;
  /** The query's content words. */
  contentTerms: string[];
}

export async function rerankFused(
  request: RerankRequest,
  context: SearchContext,
  reranker: Reranker,
): Promise<{ ranked: RankedHit[]; note: string }> {
  const head = request.fused.slice(0, RERANK_DEPTH);
  if (head.length < 2)
    return { ranked: request.fused, note: `rerank: ${head.length} candidate${head.length === 1 ? '' : 's'}, nothing to reorder` };
  const { catalog, keywords, store } = context;
  const ids = head.map((hit) => catalog.id(hit.ordinal));
  const rows = new Map((await store.getColumns(ids, ['id', 'subject', 'text', 'attachmentTextJson'])).map((row) => [row.id, row]));
  // The best passage of every candidate, keyword-only finds included: a search among just these messages.
  const passages = new Map(
    (await (context.semantic?.search(request.queryText, head.length, new Set(ids)) ?? Promise.resolve([]))).map((match) => [
      match.messageId,
      match,
    ]),
  );
  const keywordRanks = new Map(request.keywordHits.map((hit, rank) => [hit.ordinal, rank]));
  const candidates: RerankCandidate[] = head.map((hit, index) => {
    const row = rows.get(ids[index]!);
    const text = `${row?.text ?? ''}\n${decodeAttachmentTexts(row?.attachmentTextJson ?? '[]')
      .map((item) => item.text)
      .join('\n')}`.slice(0, TEXT_CHARACTERS);
    const subject = row?.subject ?? catalog.subject(hit.ordinal);
    const best = passages.get(ids[index]!);
    return {
      ordinal: hit.ordinal,
      keywordRank: keywordRanks.get(hit.ordinal) ?? null,
      similarity: best?.similarity ?? null,
      date: catalog.dates[hit.ordinal]!,
      subject,
      text,
      passage: (best?.text ?? `${subject}\n${text}`).slice(0, PASSAGE_CHARACTERS),
    };
  });
  const documentFrequency = (term: string): number => Math.max(keywords.frequency('content', term), keywords.frequency('meta', term));
  const weights = termWeights(words(request.contentTerms.join(' ')), documentFrequency, catalog.size);
  const outcome = await reranker.rerank(request.queryText, candidates, weights);
  const reordered = head
    .map((hit, index) => ({ hit: { ...hit, score: outcome.scores[index]! }, index }))
    .sort((first, second) => second.hit.score - first.hit.score || first.index - second.index)
    .map((entry) => entry.hit);
  return { ranked: [...reordered, ...request.fused.slice(head.length)], note: outcome.note };
}
