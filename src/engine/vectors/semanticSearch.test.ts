// Semantic and hybrid search with the real Universal Sentence Encoder on real mail, filters applied before ranking;
// messages are embedded on the worker thread the app uses.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connect } from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForTest } from '../../../test/bundle';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import { DEFAULT_HITS_PER_THREAD } from '../search/rank';

describe('semantic and hybrid search', () => {
  let engine: Engine;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    const file = join(dataDir, 'slice.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 250)));
    // As in the app: the embedding stage runs its model on a worker thread, queries embed on the engine's.
    const embedWorkerScript = await bundleForTest('semantic-embed-worker', { file: join(repoRoot, 'src/engine/embed/embedWorker.ts') });
    engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC', embedWorkerScript });
    await engine.importPaths([file], 'slice');
  });

  afterAll(async () => {
    await engine.close();
  });

  it('falls back to keyword, and says so, before anything is embedded', async () => {
    const result = await engine.search({ query: 'device gets too hot', mode: 'semantic' });
    expect(result.mode).toBe('keyword');
    expect(result.modeNote).toMatch(/fell back to keyword/);
    expect(result.embeddedShare).toBe(0);
  });

  it('answers a plain question before anything is embedded with the mail that has most of its words, and says so', async () => {
    const question = 'Why is numpy missing on the E320?';
    // No message has every word: keyword mode too shows those with some of them, and says so.
    const strict = await engine.search({ query: question, mode: 'keyword' });
    expect(strict.modeNote).toBe('no message has all of the words: showing messages with the most of them');
    const result = await engine.search({ query: question });
    expect(result.modeNote).toBe('no message has all of the words: showing messages with the most of them');
    expect(result.hits[0]!.subject).toMatch(/E320 numpy missing/);
    // Operators still hold: only the words were loosened.
    const scoped = await engine.search({ query: `${question} before:2019-01-01` });
    expect(scoped.total).toBe(0);
  });

  it('embeds every message and records the embedder', async () => {
    const report = await engine.embed();
    const stats = await engine.getStats();
    expect(report.embedded).toBe(stats.messages);
    expect(stats.embeddedMessages).toBe(stats.messages);
    expect(stats.embeddedChunks).toBe(report.chunks);
    expect(stats.embedderId).toBe(report.embedderId);
    expect((await engine.embed()).chunks).toBe(0);
    // Eight batches of messages were appended at once: one table version each had left 42 GB of them at a million.
    const chunks = await (await connect(join(dataDir, 'store', 'lancedb'))).openTable('chunks_v2');
    // Left: the table's creation, the grouped appends and the merge's own (dropped a minute after they were replaced).
    expect((await chunks.listVersions()).length).toBeLessThanOrEqual(5);
    expect(await chunks.countRows()).toBe(report.chunks);
  });

  // Each question shares (almost) no words with the subject of the mail it should find in the first five.
  const paraphrases: [string, RegExp][] = [
    ['my notebook computer does not see the radio device', /not detected by laptop/i],
    ['FPGA image upgrade fails on the device', /updating fpga/i],
    ['transmit buffer runs empty intermittently', /underruns/i],
    ['saving captured samples to disk every few minutes', /periodically write files/i],
  ];
  for (const [question, expected] of paraphrases) {
    it(`finds mail by meaning: "${question}"`, async () => {
      const result = await engine.search({ query: question, mode: 'semantic', limit: 5 });
      expect(result.mode).toBe('semantic');
      expect(result.hits.every((hit) => hit.matchType === 'semantic')).toBe(true);
      expect(result.hits.map((hit) => hit.subject)).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
    });
  }

  it('applies operators before ranking, so a narrow filter still finds every message near enough', async () => {
    const all = await engine.search({ query: 'has:attachment', limit: 100 });
    expect(all.total).toBeGreaterThan(3);
    const result = await engine.search({ query: 'has:attachment problem with the firmware', mode: 'semantic', limit: 100 });
    expect(result.hits.every((hit) => hit.hasAttachments)).toBe(true);
    // Filtering the nearest messages afterwards would find only those among the first page: at least as many, all of them.
    const unfiltered = await engine.search({ query: 'problem with the firmware', mode: 'semantic', limit: 10 });
    const attachedNearest = unfiltered.hits.filter((hit) => hit.hasAttachments).map((hit) => hit.id);
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.map((hit) => hit.id)).toEqual(expect.arrayContaining(attachedNearest));
    expect(result.hits.length).toBeLessThanOrEqual(all.total);
  });

  it('fuses keyword and semantic results and marks where each hit came from', async () => {
    const result = await engine.search({ query: 'gnuradio', mode: 'hybrid', limit: 30 });
    expect(result.mode).toBe('hybrid');
    const types = new Set(result.hits.map((hit) => hit.matchType));
    expect(types.has('both')).toBe(true);
    const keywordOnly = await engine.search({ query: 'gnuradio', mode: 'keyword', limit: 1000 });
    expect(result.total).toBeGreaterThanOrEqual(keywordOnly.total);
  });

  it('pages a hybrid search as slices of one list, however deep', async () => {
    const query = 'usrp';
    const whole = await engine.search({ query, mode: 'hybrid', limit: 220 });
    expect(whole.mode).toBe('hybrid');
    expect(whole.total).toBeGreaterThan(200);
    const pages = [];
    for (let offset = 0; offset < 220; offset += 20)
      pages.push(...(await engine.search({ query, mode: 'hybrid', limit: 20, offset })).hits);
    expect(pages.map((hit) => hit.id)).toEqual(whole.hits.map((hit) => hit.id));
  });

  it('keeps at most DEFAULT_HITS_PER_THREAD hits of a thread in the first ten', async () => {
    const result = await engine.search({ query: 'how do I set the sample rate on the usrp', mode: 'hybrid', limit: 10 });
    const perThread = new Map<string, number>();
    for (const hit of result.hits) perThread.set(hit.threadId, (perThread.get(hit.threadId) ?? 0) + 1);
    expect(Math.max(...perThread.values())).toBeLessThanOrEqual(DEFAULT_HITS_PER_THREAD);
  });

  it('routes questions through rerank and identifiers to keyword-weighted hybrid', async () => {
    const question = await engine.search({ query: 'why does my receiver drop samples?' });
    expect(question.mode).toBe('rerank');
    expect(question.modeNote).toMatch(/reranked|reranker/);
    expect((await engine.search({ query: 'B210' })).modeNote).toMatch(/keyword-weighted/);
    expect((await engine.search({ query: 'from:ettus.com' })).mode).toBe('keyword');
  });

  it('says how much of the archive a search by meaning covered while new mail waits for vectors', async () => {
    const more = join(dataDir, 'more.mbox');
    await writeFile(more, toMbox((await readCorpusMessages('usrp-users-list.mbox.gz', 500)).slice(250)));
    await engine.importPaths([more], 'more');
    const result = await engine.search({ query: 'transmit buffer runs empty', mode: 'semantic' });
    expect(result.embeddedShare).toBeGreaterThan(0.4);
    expect(result.embeddedShare).toBeLessThan(0.6);
    expect(result.modeNote).toMatch(/^searched by meaning over (4\d|5\d)% of messages so far: the rest are still being embedded$/);
    expect((await engine.search({ query: 'transmit buffer', mode: 'keyword' })).modeNote).toBeNull();
  });
});
