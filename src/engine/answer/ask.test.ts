// Questions over real mail through the whole engine: retrieval, the extractive answer, citations, follow-ups, the log.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

describe('ask', () => {
  let engine: Engine;
  let log: string;

  beforeAll(async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'slice.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 250)));
    log = join(dir, 'interactions.jsonl');
    engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC', interactionLog: log });
    await engine.importPaths([file], 'slice');
  });

  afterAll(async () => {
    await engine.close();
  });

  it('answers from the mail and cites the message the answer came from', async () => {
    const answer = await engine.ask({ question: 'Who announced the USRP N320 and N321?', requestId: 'q1' });
    expect(answer.refused).toBe(false);
    expect(answer.provider).toBe('extractive');
    expect(answer.answer).toMatch(/\[\d\]/);
    expect(answer.citations[0]!.subject).toMatch(/Announcing USRP N320 and N321/);
    expect(answer.answer).toContain('Markus Unger');
    const message = await engine.getMessage(answer.citations[0]!.id);
    expect(message?.text).toContain(answer.citations[0]!.quote.slice(0, 40));
  });

  it('says it could not find an answer the mail does not hold', async () => {
    const answer = await engine.ask({ question: 'What is the password for the nudge ticketing dashboard?', requestId: 'q2' });
    expect(answer).toMatchObject({ refused: true, citations: [], answer: 'I could not find this in your mail.' });
  });

  it('refuses a question the mail does not touch, on this store without vectors as on one with them', async () => {
    expect((await engine.getStats()).embeddedMessages).toBe(0);
    for (const question of ['what is the capital of France?', 'Who is the CEO of Enron?', 'How much did the wedding cost?']) {
      const answer = await engine.ask({ question, requestId: question });
      expect(answer, question).toMatchObject({ refused: true, citations: [], answer: 'I could not find this in your mail.' });
    }
  });

  it('numbers the sources [1], [2] in the order the answer cites them', async () => {
    const answer = await engine.ask({ question: 'When is NEWSDR?', requestId: 'q7' });
    const markers = [...new Set([...answer.answer.matchAll(/\[(\d+)\]/g)].map((marker) => Number(marker[1])))];
    expect(markers.length).toBeGreaterThanOrEqual(1);
    expect(markers).toEqual(markers.map((_, index) => index + 1));
    expect(answer.citations.map((citation) => citation.n)).toEqual(markers);
  });

  it('reads the whole conversation of its best hits, the replies as well as the mail that matched', async () => {
    // Half of the ODR-DabMod thread shares no word with the question; the answer may still be in it.
    const question = 'Who maintains ODR-DabMod?';
    await engine.ask({ question, requestId: 'q8' });
    const lines = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { question: string; retrievedIds: string[] });
    const retrieved = new Set(lines.findLast((line) => line.question === question)!.retrievedIds);
    const best = (await engine.search({ query: 'ODR-DabMod', mode: 'keyword', limit: 1 })).hits[0]!;
    const thread = await engine.search({ query: `thread:${best.threadId}`, mode: 'keyword', limit: 20, sort: 'date' });
    expect(thread.hits.length).toBeGreaterThanOrEqual(6);
    expect(thread.hits.filter((message) => retrieved.has(message.id)).length).toBeGreaterThanOrEqual(5);
  });

  it('starts a follow-up from the messages the previous answer cited', async () => {
    const first = await engine.ask({ question: 'Who announced the USRP N320 and N321?', requestId: 'q3' });
    const followUp = await engine.ask({
      question: 'What CPU does it have?',
      requestId: 'q4',
      history: [
        {
          question: 'Who announced the USRP N320 and N321?',
          answer: first.answer,
          citedIds: first.citations.map((citation) => citation.id),
        },
      ],
    });
    expect(followUp.refused).toBe(false);
    expect(followUp.citations.map((citation) => citation.id)).toContain(first.citations[0]!.id);
    expect(followUp.answer).toMatch(/ARM/);
  });

  it('takes operators like search does', async () => {
    const answer = await engine.ask({ question: 'from:nobody@nowhere.example who announced the N320?', requestId: 'q5' });
    expect(answer.refused).toBe(true);
  });

  it('refuses a provider that is not configured, and writes the opt-in interaction log', async () => {
    await expect(engine.ask({ question: 'anything?', requestId: 'q6', provider: 'ollama' })).rejects.toThrow(
      /ollama provider is not configured/,
    );
    const lines = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines[0]).toMatchObject({ question: 'Who announced the USRP N320 and N321?', provider: 'extractive', refused: false });
    expect(Array.isArray(lines[0]!.retrievedIds)).toBe(true);
  });
});
