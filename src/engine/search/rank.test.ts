// Fusion, thread diversity and partial ordering on a real catalog of rows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../index/catalog';
import type { CatalogRow } from '../store/messageRecord';
import {
  bestDiversified,
  bestDiversifiedThen,
  DEFAULT_HITS_PER_THREAD,
  byDate,
  byScore,
  diversifyThreads,
  firstInOrder,
  firstMatches,
  fuseByRank,
  ordinalsByDate,
  ordinalsByScore,
  reversed,
  type RankedHit,
} from './rank';
import { plainRow } from '../../../test/plainRecords';

function row(id: string, threadId: string, date: number): CatalogRow {
  return plainRow({ id, threadId, date });
}

const hit = (ordinal: number, score = 1): RankedHit => ({ ordinal, score, matchType: 'keyword' });

describe('diversifyThreads', () => {
  it('keeps at most two hits of one thread in the top ten, moving the rest down in order', () => {
    const catalog = new Catalog();
    for (let index = 0; index < 12; index += 1) catalog.add(row(`m${index}`, index < 8 ? 'long' : `t${index}`, index));
    const ordered = diversifyThreads(
      Array.from({ length: 12 }, (_, index) => hit(index)),
      catalog,
      2,
    );
    expect(ordered.map((item) => item.ordinal)).toEqual([0, 1, 8, 9, 10, 11, 2, 3, 4, 5, 6, 7]);
    const threadsInTop = ordered.slice(0, 10).filter((item) => catalog.threadId(item.ordinal) === 'long');
    expect(threadsInTop.length).toBe(6);
  });

  it('allows more per thread when asked', () => {
    const catalog = new Catalog();
    for (let index = 0; index < 5; index += 1) catalog.add(row(`m${index}`, 'one', index));
    expect(
      diversifyThreads(
        [0, 1, 2, 3, 4].map((ordinal) => hit(ordinal)),
        catalog,
        5,
      ).map((item) => item.ordinal),
    ).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('fuseByRank', () => {
  it('ranks messages found by both retrievers first and marks them', () => {
    const catalog = new Catalog();
    for (let index = 0; index < 4; index += 1) catalog.add(row(`m${index}`, `t${index}`, index));
    const fused = fuseByRank(
      [hit(0), hit(1), hit(2)],
      [
        { ...hit(2), matchType: 'semantic' },
        { ...hit(3), matchType: 'semantic' },
      ],
      catalog,
    );
    expect(fused[0]).toMatchObject({ ordinal: 2, matchType: 'both' });
    expect(fused.find((item) => item.ordinal === 3)?.matchType).toBe('semantic');
    expect(fused.find((item) => item.ordinal === 0)?.matchType).toBe('keyword');
    expect(fused).toHaveLength(4);
  });
});

describe('firstInOrder, firstMatches and bestDiversified', () => {
  // Few dates and scores, so ties are common and the id tie-break decides; one thread holds most hits, so diversity
  // often reaches past the first ones. Some messages do not match, so the bitset has holes.
  const thread = fc.oneof({ arbitrary: fc.constant(0), weight: 4 }, { arbitrary: fc.integer({ min: 1, max: 12 }), weight: 1 });
  const hits = fc.array(
    fc.record({ date: fc.integer({ min: 0, max: 4 }), score: fc.integer({ min: 0, max: 3 }), thread, isMatch: fc.boolean() }),
    { maxLength: 120, size: 'max' },
  );

  function catalogOf(items: { date: number; thread: number }[]): Catalog {
    const catalog = new Catalog();
    // Ids out of ordinal order, so the id tie-break is not the ordinal order.
    items.forEach((item, index) => catalog.add(row(`m${(index * 7919) % 1000}-${index}`, `t${item.thread}`, item.date)));
    return catalog;
  }

  it('picks what a full sort would put first, in any order', () => {
    fc.assert(
      fc.property(hits, fc.integer({ min: 0, max: 130 }), (items, count) => {
        const catalog = catalogOf(items);
        const ranked = items.map((item, ordinal) => hit(ordinal, item.score));
        for (const order of [byDate(catalog), reversed(byDate(catalog)), byScore(catalog)]) {
          expect(firstInOrder(ranked, order, count)).toEqual([...ranked].sort(order).slice(0, count));
        }
      }),
    );
  });

  it('picks from a bitset what sorting its set ordinals would put first', () => {
    fc.assert(
      fc.property(hits, fc.integer({ min: 0, max: 130 }), (items, count) => {
        const catalog = catalogOf(items);
        const matches = Uint8Array.from(items, (item) => (item.isMatch ? 1 : 0));
        const scores = Float64Array.from(items, (item) => item.score);
        const matching = items.flatMap((item, ordinal) => (item.isMatch ? [ordinal] : []));
        for (const order of [ordinalsByDate(catalog), reversed(ordinalsByDate(catalog)), ordinalsByScore(catalog, scores)]) {
          expect(firstMatches(matches, order, count)).toEqual([...matching].sort(order).slice(0, count));
        }
      }),
    );
  });

  it('gives the same page walking from either end: mail stored oldest first, paged newest and oldest first', () => {
    fc.assert(
      fc.property(hits, fc.integer({ min: 0, max: 130 }), (items, count) => {
        const stored = [...items].sort((first, second) => first.date - second.date);
        const catalog = catalogOf(stored);
        const matches = Uint8Array.from(stored, (item) => (item.isMatch ? 1 : 0));
        const matching = stored.flatMap((item, ordinal) => (item.isMatch ? [ordinal] : []));
        for (const order of [ordinalsByDate(catalog), reversed(ordinalsByDate(catalog))]) {
          expect(firstMatches(matches, order, count)).toEqual([...matching].sort(order).slice(0, count));
        }
      }),
    );
  });

  it('gives the page that sorting by score and diversifying threads gives', () => {
    fc.assert(
      fc.property(hits, fc.integer({ min: 0, max: 60 }), (items, count) => {
        const catalog = catalogOf(items);
        const matches = Uint8Array.from(items, (item) => (item.isMatch ? 1 : 0));
        const scores = Float64Array.from(items, (item) => item.score);
        const ranked = items.flatMap((item, ordinal) => (item.isMatch ? [hit(ordinal, item.score)] : []));
        const expected = diversifyThreads([...ranked].sort(byScore(catalog)), catalog).slice(0, count);
        expect(bestDiversified(matches, scores, catalog, count)).toEqual(expected);
      }),
    );
  });
});

describe('bestDiversifiedThen', () => {
  it('lists the later ordinals after every other match, even those diversity moved down', () => {
    const catalog = new Catalog();
    // Two more matches in one thread than diversity lets into the top, two lone ones, and two conversation matches
    // that score higher than all of them.
    const cap = DEFAULT_HITS_PER_THREAD;
    const threadSize = cap + 2;
    for (let index = 0; index < threadSize + 4; index += 1) catalog.add(row(`m${index}`, index < threadSize ? 'long' : `t${index}`, index));
    const matches = new Uint8Array(threadSize + 4).fill(1);
    const scores = Float64Array.from([...Array.from({ length: threadSize }, (_, index) => threadSize + 1 - index), 1, 1, 100, 99]);
    const [firstLone, secondLone, firstConversation, secondConversation] = [threadSize, threadSize + 1, threadSize + 2, threadSize + 3];
    const capped = Array.from({ length: cap }, (_, index) => index);
    const ranked = bestDiversifiedThen(matches, scores, [firstConversation, secondConversation], catalog, threadSize + 4);
    expect(ranked.map((hit) => hit.ordinal)).toEqual([
      ...capped,
      secondLone,
      firstLone,
      cap,
      cap + 1,
      firstConversation,
      secondConversation,
    ]);
    const top = bestDiversifiedThen(matches, scores, [firstConversation, secondConversation], catalog, cap + 1);
    expect(top.map((hit) => hit.ordinal)).toEqual([...capped, secondLone]);
    matches[firstConversation] = 0;
    const rest = bestDiversifiedThen(matches, scores, [firstConversation, secondConversation], catalog, threadSize + 4);
    expect(rest.map((hit) => hit.ordinal)).toEqual([...capped, secondLone, firstLone, cap, cap + 1, secondConversation]);
  });
});

describe('fuseByRank against adding up and sorting', () => {
  // Distinct ordinals per list, few dates so ties between fused scores fall to the date and id.
  const lists = fc.record({
    dates: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 60, maxLength: 60 }),
    keyword: fc.uniqueArray(fc.integer({ min: 0, max: 59 }), { maxLength: 60 }),
    semantic: fc.uniqueArray(fc.integer({ min: 0, max: 59 }), { maxLength: 30 }),
    semanticWeight: fc.constantFrom(0, 0.5, 1, 2),
  });

  it('gives what summing each message reciprocal ranks and sorting them all gives', () => {
    fc.assert(
      fc.property(lists, ({ dates, keyword, semantic, semanticWeight }) => {
        const catalog = new Catalog();
        dates.forEach((date, index) => catalog.add(row(`m${(index * 7919) % 1000}-${index}`, `t${index}`, date)));
        const weights = { keyword: 1, semantic: semanticWeight };
        const expected = new Map<number, RankedHit>();
        keyword.forEach((ordinal, rank) => expected.set(ordinal, { ordinal, score: 1 / (61 + rank), matchType: 'keyword' }));
        semantic.forEach((ordinal, rank) => {
          const known = expected.get(ordinal);
          if (known) {
            known.score += semanticWeight / (61 + rank);
            known.matchType = 'both';
          } else expected.set(ordinal, { ordinal, score: semanticWeight / (61 + rank), matchType: 'semantic' });
        });
        const fused = fuseByRank(
          keyword.map((ordinal) => hit(ordinal)),
          semantic.map((ordinal) => ({ ...hit(ordinal), matchType: 'semantic' as const })),
          catalog,
          weights,
        );
        expect(fused).toEqual([...expected.values()].sort(byScore(catalog)));
      }),
    );
  });
});
