// Score fusion on a real catalog of rows: how far ahead a score is counts, and the keyword list's own order holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../index/catalog';
import type { CatalogRow } from '../store/messageRecord';
import { byScore, fuseByRank, type RankedHit } from './rank';
import { fuseByScore } from './scoreFusion';
import { plainRow } from '../../../test/plainRecords';

function row(id: string, date: number): CatalogRow {
  return plainRow({ id, date });
}

const keywordHit = (ordinal: number, score: number): RankedHit => ({ ordinal, score, matchType: 'keyword' });
const semanticHit = (ordinal: number, score: number): RankedHit => ({ ordinal, score, matchType: 'semantic' });

function catalogOf(dates: number[]): Catalog {
  const catalog = new Catalog();
  dates.forEach((date, index) => catalog.add(row(`m${index}`, date)));
  return catalog;
}

describe('fuseByScore', () => {
  // As "TX underflows" on the usrp-users slice: two mails about underflows hold both words in their subject (BM25 16 and
  // 15), a loopback thread holds them once in its text (5) and is found by meaning too, though not near the top.
  const catalog = catalogOf([0, 1, 2, 3, 4]);
  const keyword = [keywordHit(0, 16), keywordHit(1, 15), keywordHit(2, 5)];
  const semantic = [semanticHit(3, 0.62), semanticHit(2, 0.52), semanticHit(0, 0.55), semanticHit(4, 0.4)];

  it('keeps a keyword match far ahead by score above a message both lists rank modestly', () => {
    const fused = fuseByScore(keyword, semantic, catalog).map((hit) => hit.ordinal);
    expect(fused.indexOf(1)).toBeLessThan(fused.indexOf(2));
    expect(fused[0]).toBe(0);
    // Rank fusion put the modest message found by both first of all, above the two strong keyword matches.
    const byRank = fuseByRank(keyword, semantic, catalog).map((hit) => hit.ordinal);
    expect(byRank.indexOf(2)).toBeLessThan(byRank.indexOf(1));
  });

  it('marks where each message was found and lists each once', () => {
    const fused = fuseByScore(keyword, semantic, catalog);
    expect(fused.map((hit) => hit.ordinal).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(Object.fromEntries(fused.map((hit) => [hit.ordinal, hit.matchType]))).toEqual({
      0: 'both',
      1: 'keyword',
      2: 'both',
      3: 'semantic',
      4: 'semantic',
    });
  });

  it('never lets a some-words match pass an every-word one by keyword score alone', () => {
    // The keyword list is every-word matches (scores 4, 3) and then some-words ones (scores 9, 1).
    const fused = fuseByScore([keywordHit(0, 4), keywordHit(1, 3), keywordHit(2, 9), keywordHit(3, 1)], [], catalogOf([0, 0, 0, 0]));
    expect(fused.map((hit) => hit.ordinal)).toEqual([0, 1, 2, 3]);
  });

  it('gives what adding up each message scaled scores and sorting them all gives', () => {
    // The keyword list best first with distinct scores, as the every-word matches come (fusedStage.ts sorts them).
    const lists = fc.record({
      dates: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 40, maxLength: 40 }),
      keyword: fc
        .uniqueArray(fc.integer({ min: 0, max: 39 }), { maxLength: 40 })
        .map((ordinals) => ordinals.map((ordinal, index) => ({ ordinal, score: 2 * (ordinals.length - index) }))),
      semantic: fc.uniqueArray(fc.record({ ordinal: fc.integer({ min: 0, max: 39 }), score: fc.integer({ min: 0, max: 10 }) }), {
        selector: (item) => item.ordinal,
        maxLength: 20,
      }),
      semanticWeight: fc.constantFrom(0.3, 1),
    });
    fc.assert(
      fc.property(lists, ({ dates, keyword, semantic, semanticWeight }) => {
        const catalog = catalogOf(dates);
        const keywordList = keyword.map((item) => keywordHit(item.ordinal, item.score));
        const semanticList = semantic.map((item) => semanticHit(item.ordinal, item.score / 10));
        const best = keywordList[0]?.score ?? 0;
        const similarities = semanticList.map((hit) => hit.score);
        const [low, high] = [Math.min(...similarities), Math.max(...similarities)];
        const expected = new Map<number, RankedHit>();
        let capped = Infinity;
        for (const hit of keywordList) {
          capped = Math.min(capped, hit.score);
          expected.set(hit.ordinal, keywordHit(hit.ordinal, best > 0 ? capped / best : 0));
        }
        for (const hit of semanticList) {
          const scaled = semanticWeight * (high > low ? (hit.score - low) / (high - low) : 1);
          const known = expected.get(hit.ordinal);
          if (known) expected.set(hit.ordinal, { ordinal: hit.ordinal, score: known.score + scaled, matchType: 'both' });
          else expected.set(hit.ordinal, semanticHit(hit.ordinal, scaled));
        }
        const fused = fuseByScore(keywordList, semanticList, catalog, { keyword: 1, semantic: semanticWeight });
        expect(fused.map((hit) => hit.ordinal)).toEqual([...expected.values()].sort(byScore(catalog)).map((hit) => hit.ordinal));
      }),
    );
  });
});
