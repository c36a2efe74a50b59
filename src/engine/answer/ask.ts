// Answers a question from the mail: retrieve with the search engine, pick one passage per message, cite, log if asked.
import { appendFile } from 'node:fs/promises';
import type { LanternEvent } from '../../shared/contract/api';
import { LanternError } from '../../shared/contract/errors';
import type { Answer, AskRequest } from '../../shared/model/answer';
import type { SearchHit, SearchRequest, SearchResult } from '../../shared/model/search';
import type { SearchTuning } from '../search/search';
import type { AnswerProvider, Passage } from './types';
import { numberInOrder } from './citations';
import { messagePassage } from './messagePassage';
import { words } from '../index/fold';
import { quoteValue } from '../../shared/query/quoteValue';
import { decodeAttachmentTexts } from '../store/messageRecord';
import { splitReplies } from '../../shared/mail/replyParts';
import type { MessageStore } from '../store/messageStore';

/** Enough evidence for a short answer, few enough to fit a small model's context. */
const MAX_PASSAGES = 8;
/**
 * The conversations of the best hits are read whole: the answer to a question found in one mail is often in the reply
 * to it, which may share none of the question's words. How many best hits, and how many of each thread's messages.
 */
const CONVERSATION_HITS = 2;
const CONVERSATION_MESSAGES = 4;
/**
 * How many of the passages one conversation may give before its conversation is read: evidence from several
 * conversations, since the best hits' conversations are read anyway. Search's own cap (for a page a person reads) is
 * higher; with it, answers found on the held-out questions fell from 91% to 89% and false refusals rose from 5% to 7%.
 */
const HITS_PER_CONVERSATION = 2;
/** How many hits are asked of the search so that the cap per conversation still leaves MAX_PASSAGES. */
const SEARCH_HITS = 5 * MAX_PASSAGES;
/** Enough of what a reply quotes to tell what it answers; a long chain of quotes adds only older mail. */
const MAX_QUOTED_CHARACTERS = 4_000;
const FOLLOW_UP = /\b(it|that|this|those|these|they|them|he|she|him|her|there|then)\b/i;

export interface AskContext {
  search: (request: SearchRequest, tuning: SearchTuning) => Promise<SearchResult>;
  store: MessageStore;
  provider: (request: AskRequest) => AnswerProvider;
  emit: (event: LanternEvent) => void;
  /** JSON-lines file for the opt-in interaction log; null when the log is off. */
  interactionLog: string | null;
  signal?: AbortSignal;
}

/** A short or pronoun-laden question continues the previous one, so retrieval searches both together. */
function retrievalQuery(request: AskRequest): string {
  const previous = request.history?.at(-1);
  if (!previous) return request.question;
  const isFollowUp = words(request.question).length <= 6 || FOLLOW_UP.test(request.question);
  return isFollowUp ? `${request.question} ${previous.question}` : request.question;
}

/** The hits in order, no conversation giving more than its share until the others run out. */
function spreadOverConversations(hits: SearchHit[]): SearchHit[] {
  const taken = new Map<string, number>();
  const first: SearchHit[] = [];
  const later: SearchHit[] = [];
  for (const hit of hits) {
    const count = taken.get(hit.threadId) ?? 0;
    (count < HITS_PER_CONVERSATION ? first : later).push(hit);
    taken.set(hit.threadId, count + 1);
  }
  return [...first, ...later].slice(0, MAX_PASSAGES);
}

/**
 * The other messages of the best hits' threads, none already among the hits: those that hold every word of the
 * question first, then those that share the most words with it (in a long thread, what the person asked about may be
 * a reply far from either end, under a subject the other replies match better), then the newest.
 */
async function conversationIds(hits: SearchHit[], query: string, context: AskContext): Promise<string[]> {
  const hitIds = new Set(hits.map((hit) => hit.id));
  const ids: string[] = [];
  // Enough that the thread's messages already among the hits leave room for others.
  const limit = CONVERSATION_MESSAGES + hits.length;
  for (const hit of hits.slice(0, CONVERSATION_HITS)) {
    if (hit.threadSize <= 1) continue;
    const thread = `thread:${quoteValue(hit.threadId)}`;
    const related = (wordMatch: 'all' | 'any'): Promise<SearchResult> =>
      context.search({ query: `${thread} ${query}`, limit, mode: 'keyword' }, { dropFiller: 'always', wordMatch });
    const newest = await context.search({ query: thread, limit: CONVERSATION_MESSAGES + 1, mode: 'keyword', sort: 'date' }, {});
    const added: string[] = [];
    for (const message of [...(await related('all')).hits, ...(await related('any')).hits, ...newest.hits]) {
      if (added.length >= CONVERSATION_MESSAGES) break;
      if (!hitIds.has(message.id) && !ids.includes(message.id) && !added.includes(message.id)) added.push(message.id);
    }
    ids.push(...added);
  }
  return ids;
}

export async function askQuestion(request: AskRequest, context: AskContext): Promise<Answer> {
  if (typeof request?.question !== 'string' || request.question.trim() === '')
    throw new LanternError('bad-request', 'ask: the question is empty');
  const started = performance.now();
  const provider = context.provider(request);
  // Questions are phrased, not typed like searches: drop question words and let a mail match some of the rest.
  const query = retrievalQuery(request);
  const found = await context.search({ query, limit: SEARCH_HITS, mode: 'auto' }, { dropFiller: 'always', wordMatch: 'any' });
  const hits = spreadOverConversations(found.hits);
  const citedBefore = request.history?.at(-1)?.citedIds ?? [];
  const retrieved = [...new Set([...citedBefore, ...hits.map((hit) => hit.id)])].slice(0, MAX_PASSAGES);
  const ids = [...new Set([...retrieved, ...(await conversationIds(hits, query, context))])];
  const records = new Map(
    (await context.store.getColumns(ids, ['id', 'subject', 'fromName', 'fromAddress', 'date', 'text', 'attachmentTextJson'])).map(
      (record) => [record.id, record],
    ),
  );
  const passages: Passage[] = [];
  for (const id of ids) {
    const record = records.get(id);
    if (!record) continue;
    passages.push({
      n: passages.length + 1,
      messageId: id,
      subject: record.subject,
      from: { name: record.fromName, address: record.fromAddress },
      date: new Date(record.date).toISOString(),
      text: messagePassage(
        { subject: record.subject, body: record.text, attachments: decodeAttachmentTexts(record.attachmentTextJson) },
        request.question,
      ),
      quoted: splitReplies(record.text)
        .filter((part) => part.kind === 'folded')
        .map((part) => part.text)
        .join('\n')
        .slice(0, MAX_QUOTED_CHARACTERS),
    });
  }
  // Stopped while the mail was searched: nothing was written, so there is nothing to keep.
  if (context.signal?.aborted === true)
    return {
      answer: '',
      citations: [],
      provider: provider.name,
      refused: false,
      stopped: true,
      tookMs: Math.round(performance.now() - started),
    };
  const answer = await provider.answer(request.question, passages, {
    signal: context.signal,
    history: request.history,
    onToken: (text) => context.emit({ type: 'answer-token', requestId: request.requestId, text }),
  });
  // Passages are numbered by retrieval rank; a reader expects the sources the answer cites to read [1], [2], ….
  const result: Answer = numberInOrder({ ...answer, tookMs: Math.round(performance.now() - started) });
  if (context.interactionLog) {
    const line = {
      at: new Date().toISOString(),
      question: request.question,
      retrievedIds: ids,
      provider: result.provider,
      refused: result.refused,
      tookMs: result.tookMs,
      searchMs: found.tookMs,
    };
    await appendFile(context.interactionLog, `${JSON.stringify(line)}\n`);
  }
  return result;
}
