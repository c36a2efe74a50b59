// A search that finds nothing says how many messages are about similar things, only when there are some, and the same
// words searched with `similar` list exactly that many. Real usrp-users mail, the Universal Sentence Encoder, real LanceDB.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedSlice } from '../../../test/engine';
import type { Engine } from '../api/engineTypes';
import { similarityFloors } from '../embed/similarityFloor';
import { UNIVERSAL_SENTENCE_ENCODER_ID } from '../embed/universalSentenceEncoder';
import { SIMILAR_NOTE, similarThreshold } from './similarOffer';

/** Misspelt words about the archive's topics: no message holds any of them, and none is near enough to match. */
const MISSPELT = 'fpgaaa imageee upgraddde';

describe('the offer of messages about similar things', () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await openEmbeddedSlice('usrp-users-list.mbox.gz', 250);
  }, 300_000);

  afterAll(async () => {
    await engine.close();
  });

  for (const mode of ['auto', 'keyword', 'hybrid', 'semantic'] as const) {
    it(`counts them when "${MISSPELT}" finds nothing in ${mode} mode, and lists that many when asked`, async () => {
      const result = await engine.search({ query: MISSPELT, mode });
      expect(result.total).toBe(0);
      expect(result.hits).toEqual([]);
      expect(result.similarCount).toBeGreaterThan(0);
      expect(result.similarCount).toBeLessThanOrEqual(100);

      const similar = await engine.search({ query: MISSPELT, mode, similar: true, limit: 100 });
      expect(similar.mode).toBe('semantic');
      expect(similar.modeNote).toBe(SIMILAR_NOTE);
      expect(similar.total).toBe(result.similarCount);
      expect(similar.hits).toHaveLength(similar.total);
      expect(similar.similarCount).toBeUndefined();
      const { unknownWords } = similarityFloors(UNIVERSAL_SENTENCE_ENCODER_ID);
      for (const hit of similar.hits) {
        expect(hit.reasons?.similarity).toBeGreaterThanOrEqual(similarThreshold(similarityFloors(UNIVERSAL_SENTENCE_ENCODER_ID)));
        expect(hit.reasons?.similarity).toBeLessThan(unknownWords);
      }
    });
  }

  for (const query of ['xylophonequartz', 'fpgga imgae upgarde']) {
    it(`offers nothing for "${query}", which nothing is near enough to`, async () => {
      const result = await engine.search({ query });
      expect(result.total).toBe(0);
      expect(result.similarCount).toBeUndefined();
      expect((await engine.search({ query, similar: true })).total).toBe(0);
    });
  }

  it('offers nothing when the search found mail', async () => {
    const result = await engine.search({ query: 'fpga image' });
    expect(result.total).toBeGreaterThan(0);
    expect(result.similarCount).toBeUndefined();
  });
});
