// The typed table of first ordinals by key gives what a Map noting each key's first ordinal gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FirstByKey } from './firstByKey';

describe('FirstByKey', () => {
  it('gives each key the first ordinal noted for it, through its growth, for keys up to 2^53', () => {
    const key = fc.oneof(
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: 0, max: 2 ** 40 }),
      fc.maxSafeInteger().filter((value) => value >= 0),
    );
    fc.assert(
      fc.property(fc.array(key, { maxLength: 3000 }), (keys) => {
        const table = new FirstByKey();
        const firsts = new Map<number, number>();
        keys.forEach((value, ordinal) => {
          if (!firsts.has(value)) firsts.set(value, ordinal);
          expect(table.firstOf(value, ordinal)).toBe(firsts.get(value));
        });
      }),
      { numRuns: 60 },
    );
  });

  it('tells apart keys that differ only above 32 bits or only below', () => {
    const table = new FirstByKey();
    const keys = [0, 2 ** 32, 2 ** 33, 1, 2 ** 32 + 1, 7 * 2 ** 26 + 5, 5 * 2 ** 26 + 7];
    keys.forEach((value, ordinal) => expect(table.firstOf(value, ordinal)).toBe(ordinal));
    keys.forEach((value, ordinal) => expect(table.firstOf(value, 100 + ordinal)).toBe(ordinal));
  });
});
