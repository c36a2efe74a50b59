// A search's borrowed arrays: lent zeroed, taken back and lent again to the next search, and searches running side by
// side (each with its own) find what they find one at a time, on a real store of list mail.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import type { SearchRequest, SearchResult } from '../../shared/model/search';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import { ArchiveArrays } from './archiveArrays';

describe('arrays a search borrows', () => {
  it('are lent zeroed and of the archive size, and once given back are zeroed and lent to the next search', () => {
    const first = new ArchiveArrays(1000);
    const bits = first.bytes();
    const scores = first.scores();
    const ordinals = first.ordinals(50_000);
    expect([bits.length, scores.length, ordinals.length]).toEqual([1000, 1000, 50_000]);
    expect(bits.every((bit) => bit === 0) && scores.every((score) => score === 0)).toBe(true);
    bits.fill(1);
    scores.fill(2.5);
    first.giveBack();

    const next = new ArchiveArrays(1000);
    const lentAgain = next.bytes();
    const scoresAgain = next.scores();
    expect(lentAgain.buffer).toBe(bits.buffer);
    expect(scoresAgain.buffer).toBe(scores.buffer);
    expect(lentAgain.every((bit) => bit === 0) && scoresAgain.every((score) => score === 0)).toBe(true);
    expect(next.ordinals(40_000).buffer).toBe(ordinals.buffer);
    // Two arrays lent to one search are never the same memory.
    expect(next.bytes().buffer).not.toBe(lentAgain.buffer);
    next.giveBack();
  });

  it('are as long as a grown archive: a search after an import gets no array lent for fewer messages', () => {
    const small = new ArchiveArrays(100);
    const before = small.bytes();
    small.giveBack();
    const grown = new ArchiveArrays(10_000);
    const bits = grown.bytes();
    expect(bits.length).toBe(10_000);
    expect(bits.buffer).not.toBe(before.buffer);
    grown.giveBack();
  });

  it('keep no more free than recent searches used: the arrays of a long query are let go after shorter ones', () => {
    const long = new ArchiveArrays(1000);
    const longArrays = Array.from({ length: 5 }, () => long.bytes().buffer);
    long.giveBack();
    for (let search = 0; search < 8; search += 1) {
      const short = new ArchiveArrays(1000);
      short.bytes();
      short.giveBack();
    }
    const next = new ArchiveArrays(1000);
    const lent = Array.from({ length: 5 }, () => next.bytes().buffer);
    expect(lent.filter((buffer) => longArrays.includes(buffer))).toHaveLength(1);
    next.giveBack();
  });

  describe('searches side by side', () => {
    let dataDir: string;
    let engine: Engine;

    beforeAll(async () => {
      const dir = await makeTempDir();
      const file = join(dir, 'slice.mbox');
      await writeFile(file, toMbox(await readCorpusMessages('io-uring-list.mbox.gz', 400)));
      dataDir = join(dir, 'store');
      engine = await openEngine({ dataDir, timeZone: 'UTC', embedding: 'on-demand' });
      await engine.importPaths([file], 'slice');
    });

    afterAll(async () => {
      await engine.close();
    });

    const shown = (result: SearchResult): string =>
      JSON.stringify([result.total, result.hits.map((hit) => [hit.messageId, hit.score, hit.reasons ?? null])]);

    it('find the same as one at a time, with the arrays given back between them', async () => {
      const requests: SearchRequest[] = [
        { query: 'io_uring buffer', limit: 20, mode: 'keyword' },
        { query: 'sqpoll -subject:patch', limit: 20, mode: 'keyword' },
        { query: '"fixed file" OR registered', limit: 20, mode: 'keyword' },
        { query: 'cancel request timeout', limit: 20, mode: 'keyword' },
        { query: 'after:2020-01-01 ring', limit: 10, mode: 'keyword', sort: 'date' },
      ];
      const oneAtATime: string[] = [];
      for (const request of requests) oneAtATime.push(shown(await engine.search(request)));
      expect(oneAtATime.filter((result) => JSON.parse(result)[0] > 0).length).toBeGreaterThanOrEqual(4);
      const together = await Promise.all([...requests, ...requests].map((request) => engine.search(request)));
      expect(together.map(shown)).toEqual([...oneAtATime, ...oneAtATime]);
      const again: string[] = [];
      for (const request of [...requests].reverse()) again.push(shown(await engine.search(request)));
      expect(again.reverse()).toEqual(oneAtATime);
    });
  });
});
