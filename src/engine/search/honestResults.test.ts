// A search that matches nothing says so in every mode, a real question still finds its mail by meaning, a quoted phrase
// is kept to, and the same search gives the same total twice. Real usrp-users mail embedded by the Universal Sentence
// Encoder, real LanceDB.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedSlice } from '../../../test/engine';
import type { Engine } from '../api/engineTypes';

describe('honest result sets', () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await openEmbeddedSlice('usrp-users-list.mbox.gz', 250);
  });

  afterAll(async () => {
    await engine.close();
  });

  for (const mode of ['auto', 'hybrid', 'semantic'] as const) {
    for (const query of ['xylophonequartz', 'qwzxv plorbnik']) {
      it(`finds nothing for "${query}" in ${mode} mode, and says no messages match`, async () => {
        const result = await engine.search({ query, mode });
        expect(result.hits).toEqual([]);
        expect(result.total).toBe(0);
        expect(result.modeNote).toMatch(/^no messages match/);
      });
    }
  }

  it('lists nothing for a topic foreign to the archive', async () => {
    const result = await engine.search({ query: 'wedding dress shopping', mode: 'semantic' });
    expect(result.total).toBe(0);
  });

  it('still finds a paraphrased question by meaning', async () => {
    const result = await engine.search({ query: 'FPGA image upgrade fails on the device', mode: 'semantic', limit: 5 });
    expect(result.hits.map((hit) => hit.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/updating fpga/i)]));
    expect(result.modeNote ?? '').not.toMatch(/no messages match/);
  });

  it('lists only the messages holding a quoted phrase in auto mode, as before any message had vectors', async () => {
    // Two messages hold "receive chain"; by meaning, a hundred others are near it.
    const auto = await engine.search({ query: '"receive chain"', mode: 'auto', limit: 50 });
    const keyword = await engine.search({ query: '"receive chain"', mode: 'keyword', limit: 50 });
    expect(keyword.total).toBeGreaterThan(0);
    expect(auto.mode).toBe('hybrid');
    expect(auto.total).toBe(keyword.total);
    expect(new Set(auto.hits.map((hit) => hit.id))).toEqual(new Set(keyword.hits.map((hit) => hit.id)));
  });

  it('gives the same total for the same search twice', async () => {
    for (const mode of ['auto', 'hybrid', 'semantic'] as const) {
      const first = await engine.search({ query: 'transmit buffer runs empty', mode });
      const second = await engine.search({ query: 'transmit buffer runs empty', mode });
      expect(first.total).toBeGreaterThan(0);
      expect(second.total).toBe(first.total);
      expect(second.hits.map((hit) => hit.id)).toEqual(first.hits.map((hit) => hit.id));
    }
  });
});
