// Questions whose answer sits in a long mail's later part, in a reply deep in a long thread, or in a mail that does
// what the question asks without naming it: real usrp-users threads through the whole engine.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

describe('ask: long mail and long conversations', () => {
  let engine: Engine;
  let log: string;

  beforeAll(async () => {
    const dir = await makeTempDir();
    // Seven months of the list: enough mail about the N210, UHD releases and network cards to crowd out the answer.
    const file = join(dir, 'threads.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 1200)));
    log = join(dir, 'interactions.jsonl');
    engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC', interactionLog: log });
    await engine.importPaths([file], 'threads');
  }, 120_000);

  afterAll(async () => {
    await engine.close();
  });

  it('reads past the first part of a long mail: the deadline comes after the call for talks', async () => {
    const answer = await engine.ask({
      question: 'What is the submission deadline for talks in the FOSDEM 2020 Free Software Radio devroom?',
      requestId: 'deadline',
    });
    expect(answer.refused).toBe(false);
    expect(answer.answer).toContain('December 6th');
    expect(answer.citations[0]!.subject).toContain('FOSDEM 2020');
  });

  it('answers "who recommended X" with the sender of a mail that recommends X in other words', async () => {
    const answer = await engine.ask({ question: 'Who recommended the Mellanox MCX4121A-ACAT network card?', requestId: 'mellanox' });
    expect(answer.refused).toBe(false);
    expect(answer.answer).toMatch(/Nate Temple|Michael Dickens/);
    expect(answer.citations[0]!.quote).toContain('MCX4121A-ACAT');
  });

  it("reads the replies of a long thread that share the question's words, not only its newest", async () => {
    const answer = await engine.ask({ question: 'What did Robin Coxe say about the N210 in May 2019?', requestId: 'robin' });
    expect(answer.refused).toBe(false);
    expect(answer.citations.length).toBeGreaterThan(0);
    for (const citation of answer.citations) {
      expect(citation.from.name).toContain('Robin Coxe');
      expect(citation.subject).toContain('N210');
    }
  });

  it('ranks the mail for a question by its words even when the question says "oldest"', async () => {
    // "Oldest" read as an order put the archive's first messages (any of the words, oldest first) before the answer.
    const question = 'What is the oldest UHD version still downloadable on files.ettus.com?';
    await engine.ask({ question, requestId: 'oldest' });
    const lines = (await readFile(log, 'utf8')).trim().split('\n');
    const retrieved = (JSON.parse(lines.at(-1)!) as { question: string; retrievedIds: string[] }).retrievedIds;
    const texts = await Promise.all(retrieved.map(async (id) => (await engine.getMessage(id))?.text ?? ''));
    expect(texts.filter((text) => text.includes('files.ettus.com')).length).toBeGreaterThanOrEqual(3);
  });

  it('takes its best hits from several conversations: at most two from one, whose others it reads anyway', async () => {
    // The 59-message thread about the elderly N210 holds most of the words of this question in many of its replies.
    await engine.ask({ question: 'What did Robin Coxe say about the N210 in May 2019?', requestId: 'spread' });
    const lines = (await readFile(log, 'utf8')).trim().split('\n');
    const retrieved = (JSON.parse(lines.at(-1)!) as { retrievedIds: string[] }).retrievedIds;
    const threads = await Promise.all(retrieved.slice(0, 8).map(async (id) => (await engine.getMessage(id))?.threadId));
    const perThread = new Map<string, number>();
    for (const thread of threads) perThread.set(thread!, (perThread.get(thread!) ?? 0) + 1);
    expect(Math.max(...perThread.values())).toBeLessThanOrEqual(2);
  });

  it("reads the reply of a best hit's conversation that holds every word of the question", async () => {
    // Robin Coxe's reply holds all of them, but deep in a 59-message thread whose other mail has "UHD versions" in
    // its subject and outranks it when any one word will do.
    const answer = await engine.ask({
      question: 'What is the oldest UHD version still downloadable on files.ettus.com?',
      requestId: 'all-words',
    });
    expect(answer.refused).toBe(false);
    expect(answer.answer).toContain('3.8.0.0');
    expect(answer.citations[0]!.from.name).toContain('Robin Coxe');
  });
});
