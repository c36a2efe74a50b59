// The fused list read as far as a page needs, against the whole list made and sorted as fusion made it before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../index/catalog';
import { plainRow } from '../../../test/plainRecords';
import { firstDiversified, LiftedList } from './fusedList';
import { byScore, diversifyThreads, mergedInOrder, type RankedHit } from './rank';
import { ScoreFusedList } from './scoreFusion';

const MESSAGES = 60;

function catalogOf(dates: number[], threads: number[]): Catalog {
  const catalog = new Catalog();
  dates.forEach((date, index) => catalog.add(plainRow({ id: `m${index}`, date, threadId: `t${threads[index]}` })));
  return catalog;
}

/** Score fusion of whole lists, hit by hit, as it was written before the list was read lazily. */
function wholeFusion(keyword: RankedHit[], semantic: RankedHit[], catalog: Catalog, semanticWeight: number): RankedHit[] {
  const order = byScore(catalog);
  let high = -Infinity;
  let low = Infinity;
  for (const hit of semantic) [high, low] = [Math.max(high, hit.score), Math.min(low, hit.score)];
  const meaning = new Map<number, number>();
  for (const hit of semantic)
    meaning.set(hit.ordinal, Math.max(high > low ? (hit.score - low) / (high - low) : 1, meaning.get(hit.ordinal) ?? 0));
  const best = keyword[0]?.score ?? 0;
  const keywordOnly: RankedHit[] = [];
  const others: RankedHit[] = [];
  const seen = new Set<number>();
  let capped = Infinity;
  for (const hit of keyword) {
    capped = Math.min(capped, hit.score);
    if (seen.has(hit.ordinal)) continue;
    seen.add(hit.ordinal);
    const score = best > 0 ? capped / best : 0;
    const similarity = meaning.get(hit.ordinal);
    if (similarity === undefined) keywordOnly.push({ ordinal: hit.ordinal, score, matchType: 'keyword' });
    else others.push({ ordinal: hit.ordinal, score: score + semanticWeight * similarity, matchType: 'both' });
  }
  for (const hit of semantic) {
    if (seen.has(hit.ordinal)) continue;
    seen.add(hit.ordinal);
    others.push({ ordinal: hit.ordinal, score: semanticWeight * meaning.get(hit.ordinal)!, matchType: 'semantic' });
  }
  return mergedInOrder(keywordOnly, others, order);
}

const cases = fc.record({
  // Few dates and small integer scores: ties everywhere, so dates and ids decide.
  dates: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: MESSAGES, maxLength: MESSAGES }),
  threads: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: MESSAGES, maxLength: MESSAGES }),
  scores: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: MESSAGES, maxLength: MESSAGES }),
  // Each message: 0 not listed, 1 ranked, 2 listed after the ranked ones.
  sides: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: MESSAGES, maxLength: MESSAGES }),
  semantic: fc.uniqueArray(fc.record({ ordinal: fc.integer({ min: 0, max: MESSAGES - 1 }), score: fc.integer({ min: 0, max: 5 }) }), {
    selector: (item) => item.ordinal,
    maxLength: 15,
  }),
  semanticWeight: fc.constantFrom(0.3, 1),
  dropped: fc.uniqueArray(fc.integer({ min: 0, max: MESSAGES - 1 }), { maxLength: 8 }),
  lifted: fc.uniqueArray(fc.record({ ordinal: fc.integer({ min: 0, max: MESSAGES - 1 }), tier: fc.constantFrom(1, 2) }), {
    selector: (item) => item.ordinal,
    maxLength: 5,
  }),
  count: fc.integer({ min: 0, max: MESSAGES + 5 }),
});

describe('ScoreFusedList', () => {
  it('orders, scores and counts its hits as fusing the whole lists does, however far it is read', () => {
    fc.assert(
      fc.property(cases, ({ dates, threads, scores: given, sides, semantic, semanticWeight, dropped, lifted, count }) => {
        const catalog = catalogOf(dates, threads);
        const scores = Float64Array.from(given);
        const ranked = sides.flatMap((side, ordinal) => (side === 1 ? [ordinal] : []));
        // Listed after the ranked ones in their own order, with scores that may exceed the ranked ones' (they are capped).
        const after = sides.flatMap((side, ordinal): RankedHit[] =>
          side === 2 ? [{ ordinal, score: scores[ordinal]! * 2, matchType: 'keyword' }] : [],
        );
        const semanticHits = semantic.map((item): RankedHit => ({ ordinal: item.ordinal, score: item.score / 5, matchType: 'semantic' }));
        const rankedHits = ranked
          .map((ordinal): RankedHit => ({ ordinal, score: scores[ordinal]!, matchType: 'keyword' }))
          .sort(byScore(catalog));
        const whole = wholeFusion([...rankedHits, ...after], semanticHits, catalog, semanticWeight);

        const side = { ranked: Int32Array.from(ranked), scores, isRanked: (ordinal: number) => sides[ordinal] === 1, after };
        const list = new ScoreFusedList(side, semanticHits, catalog, { keyword: 1, semantic: semanticWeight });
        expect(list.size).toBe(whole.length);
        expect(list.first(count)).toEqual(whole.slice(0, count));
        expect(list.ordinals().sort((first, second) => first - second)).toEqual(whole.map((hit) => hit.ordinal).sort((a, b) => a - b));
        whole.forEach((hit, index) => {
          expect(list.has(hit.ordinal)).toBe(true);
          expect(list.hit(hit.ordinal)).toEqual(hit);
          if (index > 0) expect(list.isBefore(whole[index - 1]!.ordinal, hit.ordinal)).toBe(true);
          if (index > 0) expect(list.isBefore(hit.ordinal, whole[index - 1]!.ordinal)).toBe(false);
        });

        // Subject matches lifted to the top, then copies left out, as the search does.
        const tier = new Map(lifted.filter((item) => list.has(item.ordinal)).map((item) => [item.ordinal, item.tier]));
        const expectedLifted = whole
          .filter((hit) => tier.has(hit.ordinal))
          .sort((one, other) => tier.get(one.ordinal)! - tier.get(other.ordinal)! || scores[other.ordinal]! - scores[one.ordinal]!);
        const gone = new Set(dropped.filter((ordinal) => list.has(ordinal)));
        const expected = [...expectedLifted, ...whole.filter((hit) => !tier.has(hit.ordinal))].filter((hit) => !gone.has(hit.ordinal));
        const top = new LiftedList(list, tier, scores);
        expected.forEach((hit, index) => {
          if (index > 0) expect(top.isBefore(expected[index - 1]!.ordinal, hit.ordinal)).toBe(true);
        });
        top.leaveOut(gone);
        expect(top.size).toBe(expected.length);
        expect(top.first(count)).toEqual(expected.slice(0, count));
        expect(firstDiversified(top, count, catalog)).toEqual(diversifyThreads(expected, catalog).slice(0, count));
      }),
      { numRuns: 300 },
    );
  });
});
