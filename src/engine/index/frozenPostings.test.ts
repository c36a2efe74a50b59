// Packed postings keep every ordinal of every slot, whatever the gaps between them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PostingsBuilder, SLOTS } from './frozenPostings';

const ordinal = fc.integer({ min: 0, max: 2 ** 31 - 1 });

describe('FrozenPostings', () => {
  it('gives back each slot as added: rising lists, falling ones, gaps of every size, the largest ordinals', () => {
    const slotsOf = fc.array(fc.array(ordinal, { maxLength: 30 }), { minLength: SLOTS, maxLength: SLOTS });
    fc.assert(
      fc.property(fc.array(slotsOf, { minLength: 1, maxLength: 20 }), (words) => {
        const builder = new PostingsBuilder(4);
        words.forEach((slots, number) => builder.append(`w${number}`, slots.map((ids) => [ids.slice(0, 10), ids.slice(10)])));
        const postings = builder.build();
        words.forEach((slots, number) => {
          expect(postings.slots(`w${number}`)!.map((ids) => Array.from(ids))).toEqual(slots);
          expect(postings.count(`w${number}`)).toBe(slots.flat().length);
        });
        expect(postings.postingCount).toBe(words.flat(2).length);
        expect(postings.slots('absent')).toBeNull();
        expect(postings.count('absent')).toBe(0);
      }),
    );
  });

  it('takes about a byte for each ordinal of a common word', () => {
    const builder = new PostingsBuilder();
    const ids = Array.from({ length: 100_000 }, (_, index) => index * 3);
    builder.append('common', [ids, [], []].map((list) => [list]));
    const postings = builder.build();
    expect(Array.from(postings.slots('common')![0]!)).toEqual(ids);
    // Kept private, read here only to check the claim in FrozenPostings' comment.
    expect((postings as unknown as { bytes: Uint8Array }).bytes.length).toBe(100_000);
  });
});
