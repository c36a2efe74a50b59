// Work cut into turns gives the thread up between them, in order, and does every item.
import { describe, expect, it } from 'vitest';
import { inTurns } from './turns';

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
