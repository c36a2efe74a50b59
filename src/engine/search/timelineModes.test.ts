// The timeline in every search mode: a search by meaning counts its fused list, and the bars add up to the result count.
// Real usrp-users mail embedded by the Universal Sentence Encoder, real LanceDB.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

describe('timeline in every search mode', () => {
  let engine: Engine;

  beforeAll(async () => {
    const dataDir = await makeTempDir();
    const file = join(dataDir, 'slice.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 200)));
    engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'slice');
    await engine.embed();
  });

  afterAll(async () => {
    await engine.close();
  });

  for (const mode of ['auto', 'keyword', 'semantic', 'hybrid', 'rerank'] as const) {
    for (const query of ['FPGA image upgrade fails', 'transmit buffer has:attachment', 'firmware -from:ettus']) {
      it(`counts what the result count counts for "${query}" in ${mode} mode`, async () => {
        const [timeline, search] = await Promise.all([engine.timeline({ query, mode }), engine.search({ query, mode, limit: 100 })]);
        expect(timeline.total).toBe(search.total);
        expect(timeline.mode).toBe(search.mode);
        expect(timeline.buckets.reduce((total, bar) => total + bar.count, 0) + timeline.undated).toBe(timeline.total);
      });
    }
  }

  it('counts a query that asks for a number of mails ("5 latest") as that many', async () => {
    const [timeline, search] = await Promise.all([
      engine.timeline({ query: '5 latest mails about uhd', mode: 'keyword' }),
      engine.search({ query: '5 latest mails about uhd', mode: 'keyword' }),
    ]);
    expect(search.total).toBe(5);
    expect(timeline.total).toBe(5);
  });
});
