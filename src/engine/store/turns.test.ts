// Work cut into turns gives the thread up between them, in order, and does every item; while a search runs, it waits.
import { describe, expect, it } from 'vitest';
import { aheadOfTurns, inTurns, MOST_HELD_MS, turnClock } from './turns';

describe('inTurns', () => {
  it('does every item in order and lets work queued meanwhile run before the last', async () => {
    const done: string[] = [];
    setImmediate(() => done.push('waiting work'));
    await inTurns(['a', 'b', 'c'], (item) => done.push(item), 0);
    expect(done.filter((entry) => entry !== 'waiting work')).toEqual(['a', 'b', 'c']);
    expect(done.indexOf('waiting work')).toBeGreaterThan(0);
    expect(done.indexOf('waiting work')).toBeLessThan(done.indexOf('c'));
  });

  it('keeps a turn going while it is shorter than the turn length', async () => {
    const done: string[] = [];
    setImmediate(() => done.push('waiting work'));
    await inTurns(['a', 'b', 'c'], (item) => done.push(item), 60_000);
    expect(done).toEqual(['a', 'b', 'c']);
  });
});

describe('aheadOfTurns', () => {
  it('holds turns back while a search runs, through its awaits, and lets them go on when it ends', async () => {
    const done: string[] = [];
    const work = inTurns(['a', 'b', 'c', 'd'], (item) => done.push(item), 0);
    const search = aheadOfTurns(async () => {
      for (let step = 0; step < 5; step += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        done.push(`search ${step}`);
      }
    });
    await search;
    await work;
    // The first item ran before the search began; no other turn came between the search's awaits.
    expect(done).toEqual(['a', 'search 0', 'search 1', 'search 2', 'search 3', 'search 4', 'b', 'c', 'd']);
  });

  it('lets a turn through once a search has run MOST_HELD_MS, so long work goes on', async () => {
    const done: string[] = [];
    const work = inTurns(['a', 'b'], (item) => done.push(item), 0);
    const began = performance.now();
    await aheadOfTurns(async () => {
      while (performance.now() - began < MOST_HELD_MS * 3) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (done.includes('b')) break;
      }
      done.push('search done');
    });
    await work;
    expect(done).toEqual(['a', 'b', 'search done']);
  });
});

describe('turnClock', () => {
  it('keeps a loop going within a turn, and once the turn is over holds it back while a search runs', async () => {
    const done: string[] = [];
    const endOfTurn = turnClock(60_000);
    expect(endOfTurn()).toBeUndefined();
    const loop = (async () => {
      const clock = turnClock(0);
      for (const item of ['a', 'b', 'c']) {
        await clock();
        done.push(item);
      }
    })();
    const search = aheadOfTurns(async () => {
      for (let step = 0; step < 3; step += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        done.push(`search ${step}`);
      }
    });
    await search;
    await loop;
    // The loop's reads wait for the whole search: an import's reading loop no longer comes between a search's awaits.
    expect(done).toEqual(['search 0', 'search 1', 'search 2', 'a', 'b', 'c']);
  });
});
