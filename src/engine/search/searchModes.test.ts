// Rerank and hyde modes on a small real store (usrp-users mail, Universal Sentence Encoder vectors): the feature and
// cross-encoder rerankers, hyde's fallback without a model, a model server's passage steering the search, and the
// real tiny GGUF model writing the passage through the local provider.
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, sharedDir, toMbox } from '../../../test/corpus';
import { writeTinyCrossEncoderFolder } from '../../../test/fixtures-build/tinyCrossEncoder';
import type { SearchRequest, SearchResult } from '../../shared/model/search';
import type { AnswerProviderSettings } from '../answer/providers';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

const ids = (result: SearchResult): string[] => result.hits.map((hit) => hit.messageId);

describe('rerank and hyde modes', () => {
  let dataDir: string;
  let writer: Engine;
  const readers: Engine[] = [];

  /** A read-only engine over the same store with other options: the writer keeps the store open. */
  async function reader(options: { answerProvider?: AnswerProviderSettings; rerankerFolder?: string }): Promise<Engine> {
    const engine = await openEngine({ dataDir, timeZone: 'UTC', access: 'read', ...options });
    readers.push(engine);
    return engine;
  }

  beforeAll(async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'slice.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 100)));
    dataDir = join(dir, 'store');
    writer = await openEngine({ dataDir, timeZone: 'UTC' });
    await writer.importPaths([file], 'slice');
    await writer.embed();
  });

  afterAll(async () => {
    for (const engine of readers) await engine.close();
    await writer.close();
  });

  describe('rerank', () => {
    it('reorders the top 50 hybrid candidates with the feature reranker and says so', async () => {
      // Every hit, not the first 50: hybrid orders its list by scaled scores, rerank reads its top 50 by rank fusion.
      const request: SearchRequest = { query: 'E310 GPS lock', limit: 1000 };
      const hybrid = await writer.search({ ...request, mode: 'hybrid' });
      const reranked = await writer.search({ ...request, mode: 'rerank' });
      expect(reranked.mode).toBe('rerank');
      expect(reranked.modeNote).toBe(
        'rerank: feature reranker (keyword rank, meaning, subject and word coverage, proximity, recency) reordered the top 50 hybrid candidates',
      );
      expect(reranked.total).toBe(hybrid.total);
      expect(new Set(ids(reranked))).toEqual(new Set(ids(hybrid)));
      expect(ids(reranked)).not.toEqual(ids(hybrid));
      expect(reranked.hits[0]!.subject).toMatch(/E310 not locking on GPS/);
    });

    it('pages through one reranked order', async () => {
      const first = await writer.search({ query: 'sample rate', mode: 'rerank', limit: 20 });
      const second = await writer.search({ query: 'sample rate', mode: 'rerank', limit: 10, offset: 10 });
      expect(ids(second)).toEqual(ids(first).slice(10, 20));
    });

    it('leaves date order alone and says why', async () => {
      const result = await writer.search({ query: 'sample rate', mode: 'rerank', sort: 'date', limit: 5 });
      expect(result.modeNote).toBe('rerank: results in date order, so nothing was reordered');
      const dates = result.hits.map((hit) => hit.date);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('runs as keyword, and says so, when the query has only operators', async () => {
      const rerank = await writer.search({ query: 'has:attachment', mode: 'rerank', limit: 5 });
      expect(rerank.mode).toBe('keyword');
      expect(rerank.modeNote).toBe('rerank ran as keyword: the query has only operators, no words to rerank by');
      const hyde = await writer.search({ query: 'has:attachment', mode: 'hyde', limit: 5 });
      expect(hyde.mode).toBe('keyword');
      expect(hyde.modeNote).toBe('hyde ran as keyword: the query has only operators, no words to write a passage about');
      expect(ids(hyde)).toEqual(ids(await writer.search({ query: 'has:attachment', mode: 'keyword', limit: 5 })));
      // A search by meaning with nothing to mean lists the operators' mail, as keyword mode does, instead of nothing.
      const semantic = await writer.search({ query: 'has:attachment', mode: 'semantic', limit: 5 });
      expect(semantic.mode).toBe('keyword');
      expect(semantic.modeNote).toBe('semantic ran as keyword: the query has only operators, no words to search by meaning');
      expect(semantic.total).toBeGreaterThan(0);
      expect(ids(semantic)).toEqual(ids(hyde));
    });

    it('uses a cross-encoder from the reranker folder: its scores decide the order', async () => {
      const folder = join(dataDir, '..', 'reranker');
      // This model scores only the word "gps", so mail about GPS must come first whatever the query.
      await writeTinyCrossEncoderFolder(folder, { gps: 1 });
      const engine = await reader({ rerankerFolder: folder });
      const hybrid = await engine.search({ query: 'E310 network mode', mode: 'hybrid', limit: 5 });
      expect(hybrid.hits[0]!.subject).not.toMatch(/GPS/);
      const reranked = await engine.search({ query: 'E310 network mode', mode: 'rerank', limit: 5 });
      expect(reranked.modeNote).toMatch(/^rerank: cross-encoder reranker \(\d+ MB\) reordered the top 50 hybrid candidates$/);
      expect(reranked.hits[0]!.subject).toMatch(/GPS/);
    });
  });

  describe('hyde', () => {
    it('falls back to hybrid without a language model and says so', async () => {
      const hybrid = await writer.search({ query: 'radio overheating', mode: 'hybrid', limit: 10 });
      const hyde = await writer.search({ query: 'radio overheating', mode: 'hyde', limit: 10 });
      expect(hyde.mode).toBe('hybrid');
      expect(hyde.modeNote).toMatch(/^hyde fell back to hybrid: no language model is configured \(answers are extractive\)/);
      expect(ids(hyde)).toEqual(ids(hybrid));
    });

    describe('with a model server', () => {
      let server: Server;
      const prompts: string[] = [];
      const passage =
        'To keep the samples from the USRP I let GNU Radio write them to disk, and every few minutes the file sink ' +
        'is closed and a new file with a timestamp in its name is opened.';

      beforeAll(async () => {
        // An Ollama-protocol server that always answers with the same passage: what a capable model would write.
        server = createServer((request, response) => {
          let body = '';
          request.on('data', (chunk: Buffer) => (body += chunk.toString()));
          request.on('end', () => {
            const { messages } = JSON.parse(body) as { messages: { content: string }[] };
            prompts.push(messages.map((message) => message.content).join('\n'));
            response.writeHead(200, { 'content-type': 'application/x-ndjson' });
            response.write(`${JSON.stringify({ message: { role: 'assistant', content: passage }, done: false })}\n`);
            response.end(`${JSON.stringify({ message: { role: 'assistant', content: '' }, done: true })}\n`);
          });
        });
        await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      });

      afterAll(async () => {
        await new Promise((done) => server.close(done));
      });

      it("searches by meaning with the model's passage, which finds mail the query's words do not", async () => {
        const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const engine = await reader({ answerProvider: { kind: 'ollama', model: 'fixed', baseUrl } });
        const query = 'keeping what the receiver hears';
        const hybrid = await engine.search({ query, mode: 'hybrid', limit: 3 });
        expect(hybrid.hits.map((hit) => hit.subject)).not.toEqual(
          expect.arrayContaining([expect.stringMatching(/periodically write files/)]),
        );
        const hyde = await engine.search({ query, mode: 'hyde', limit: 3 });
        expect(hyde.mode).toBe('hyde');
        expect(hyde.modeNote).toMatch(
          /^hyde: searched by meaning with a passage the language model wrote in \d+\.\d s: "To keep the samples/,
        );
        expect(hyde.hits.map((hit) => hit.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/periodically write files/)]));
        expect(prompts.at(-1)).toContain(`Search: ${query}`);
        // The next page reuses the passage: one request to the model, and a note that says so.
        const next = await engine.search({ query, mode: 'hyde', limit: 3, offset: 3 });
        expect(next.modeNote).toMatch(/passage the language model wrote earlier/);
        expect(prompts.filter((prompt) => prompt.includes(`Search: ${query}`))).toHaveLength(1);
      });

      it('falls back to hybrid, naming the failure, when the model cannot be reached', async () => {
        const closed = createServer();
        await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
        const port = (closed.address() as AddressInfo).port;
        await new Promise((done) => closed.close(done));
        const engine = await reader({
          answerProvider: { kind: 'ollama', model: 'fixed', baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 5_000 },
        });
        const result = await engine.search({ query: 'radio overheating', mode: 'hyde', limit: 5 });
        expect(result.mode).toBe('hybrid');
        expect(result.modeNote).toMatch(/^hyde fell back to hybrid: the language model failed \(ollama: /);
        expect(result.hits.length).toBe(5);
      });
    });

    it('has the local GGUF model write the passage that is embedded and searched (a story model: plumbing only)', async () => {
      const modelPath = resolve(sharedDir, 'models/tinyllamas/stories260K.gguf');
      const engine = await reader({ answerProvider: { kind: 'local', modelPath, threads: 1, maxTokens: 400, temperature: 0 } });
      const hybrid = await engine.search({ query: 'radio overheating', mode: 'hybrid', limit: 10 });
      const hyde = await engine.search({ query: 'radio overheating', mode: 'hyde', limit: 10 });
      expect(hyde.mode).toBe('hyde');
      const written = /wrote in \d+\.\d s: "(.+)"$/s.exec(hyde.modeNote ?? '')?.[1];
      expect(written?.length).toBeGreaterThan(20);
      // The story is not about radios, so searching by it ranks other mail than the query alone does.
      expect(ids(hyde)).not.toEqual(ids(hybrid));
      expect(hyde.hits.some((hit) => hit.matchType !== 'keyword')).toBe(true);
    });
  });
});
