// The word-at-a-time bitset operations give what one byte at a time gives, for every length, offset and content.
import { describe, expect, it } from 'vitest';
import { andInto, countBits, inverted, lowestAt, orInto, setBits, setBitsAt } from './bitset';

/** A bitset of `length` bytes, each 0 or 1 by a fixed pseudo-random sequence, at `offset` bytes into its buffer. */
function bitsOf(length: number, seed: number, offset = 0, share = 0.3): Uint8Array {
  const bits = new Uint8Array(new ArrayBuffer(length + offset + 8), offset, length);
  let state = seed;
  for (let index = 0; index < length; index += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bits[index] = state / 2 ** 32 < share ? 1 : 0;
  }
  return bits;
}

const LENGTHS = [0, 1, 3, 4, 5, 8, 31, 64, 1001];
const OFFSETS = [0, 1, 4];

describe('bitsets', () => {
  for (const length of LENGTHS)
    for (const [place, offset] of OFFSETS.entries())
      it(`combine and read ${length} messages at offset ${offset} as bytewise loops do`, () => {
        const one = bitsOf(length, length + 1, offset);
        const other = bitsOf(length, length + 7, OFFSETS[(place + 1) % OFFSETS.length]);
        const and = one.slice();
        andInto(and, other);
        expect([...and]).toEqual([...one].map((bit, index) => bit & other[index]!));
        const or = one.slice();
        orInto(or, other);
        expect([...or]).toEqual([...one].map((bit, index) => bit | other[index]!));
        expect([...inverted(one)]).toEqual([...one].map((bit) => bit ^ 1));
        expect(countBits(one)).toBe([...one].reduce((sum, bit) => sum + bit, 0));
        expect(setBits(one)).toEqual([...one.keys()].filter((index) => one[index] === 1));
        const isKept = (ordinal: number): boolean => ordinal % 3 !== 1;
        expect(setBits(one, isKept)).toEqual(setBits(one).filter(isKept));
        const set = setBits(one);
        const places = set.map((_, place) => place).filter((place) => place % 3 === 0 || place === set.length - 1);
        expect(setBitsAt(one, places)).toEqual(places.map((place) => set[place]));
        const repeated = [0, 0, 2].filter((place) => place < set.length);
        expect(setBitsAt(one, repeated)).toEqual(repeated.map((place) => set[place]));
        const values = Float64Array.from(one.keys(), (index) => ((index * 7919) % 101) - 50);
        expect(lowestAt(one, values)).toBe(Math.min(Infinity, ...set.map((ordinal) => values[ordinal]!)));
      });

  it('reads sparse and full bitsets', () => {
    const sparse = new Uint8Array(4099);
    for (const ordinal of [0, 5, 4096, 4098]) sparse[ordinal] = 1;
    expect(setBits(sparse)).toEqual([0, 5, 4096, 4098]);
    expect(countBits(sparse)).toBe(4);
    const full = new Uint8Array(4099).fill(1);
    expect(countBits(full)).toBe(4099);
    expect(setBits(full)).toHaveLength(4099);
    expect(countBits(inverted(full))).toBe(0);
  });
});
