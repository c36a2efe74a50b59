// A page's keyword ranks (1 + how many matches scored higher) equal a count over every pair, ties and non-matches included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Evaluation } from './evaluate';
import { keywordRanks } from './hitReasons';

describe('keywordRanks', () => {
  it('counts the matches scored above each of the page’s matches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ isMatch: fc.boolean(), score: fc.integer({ min: 0, max: 6 }) }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (items, picks) => {
          const keyword: Evaluation = {
            matches: Uint8Array.from(items, (item) => (item.isMatch ? 1 : 0)),
            scores: Float64Array.from(items, (item) => item.score),
          };
          const page = [...new Set(picks.map((pick) => pick % items.length))].map((ordinal) => ({
            ordinal,
            score: 0,
            matchType: 'keyword' as const,
          }));
          const expected = new Map<number, number>();
          for (const hit of page) {
            if (!items[hit.ordinal]!.isMatch) continue;
            const above = items.filter((item) => item.isMatch && item.score > items[hit.ordinal]!.score).length;
            expected.set(hit.ordinal, above + 1);
          }
          expect(keywordRanks(page, keyword)).toEqual(expected);
        },
      ),
    );
  });
});
