// Packed postings keep every ordinal of every slot, whatever the gaps between them and however often lists were merged in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrozenPostings, SLOTS } from './frozenPostings';

const ordinal = fc.integer({ min: 0, max: 2 ** 31 - 1 });

const listed = (postings: FrozenPostings, word: string): number[][] | undefined => postings.slots(word)?.map((ids) => Array.from(ids));

describe('FrozenPostings', () => {
  it('gives back each slot as added: rising lists, falling ones, gaps of every size, the largest ordinals', () => {
    const slotsOf = fc.array(fc.array(ordinal, { maxLength: 30 }), { minLength: SLOTS, maxLength: SLOTS });
    fc.assert(
      fc.property(fc.array(slotsOf, { minLength: 1, maxLength: 20 }), (words) => {
        const postings = FrozenPostings.empty().merged(words.map((slots, number) => [`w${number}`, slots]));
        words.forEach((slots, number) => {
          expect(listed(postings, `w${number}`)).toEqual(slots);
          expect(postings.count(`w${number}`)).toBe(slots.flat().length);
        });
        expect(postings.postingCount).toBe(words.flat(2).length);
        expect(postings.slots('absent')).toBeNull();
        expect(postings.count('absent')).toBe(0);
      }),
    );
  });

  it('merged in several steps, holds what one merge of everything holds: old words grown, new words after them', () => {
    // Each step adds lists of rising ordinals above the last step's, to some words old and some new (each word once).
    const step = fc.uniqueArray(
      fc.tuple(
        fc.integer({ min: 0, max: 12 }),
        fc.array(fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 8 }), { minLength: SLOTS, maxLength: SLOTS }),
      ),
      { maxLength: 10, selector: ([word]) => word },
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), (steps) => {
        let postings = FrozenPostings.empty();
        const expected = new Map<string, number[][]>();
        let base = 0;
        for (const additions of steps) {
          const later = new Map<string, number[][]>();
          for (const [word, gaps] of additions) {
            // Ordinals rise within a slot and across steps, as the ordinals an import adds do.
            const slots = gaps.map((list) => list.map((gap) => (base += gap)));
            later.set(`w${word}`, slots);
            const all = expected.get(`w${word}`) ?? Array.from({ length: SLOTS }, (): number[] => []);
            expected.set(
              `w${word}`,
              all.map((ids, slot) => [...ids, ...slots[slot]!]),
            );
          }
          postings = postings.merged(later);
        }
        for (const [word, slots] of expected) expect(listed(postings, word)).toEqual(slots);
        expect(postings.wordCount).toBe(expected.size);
        expect(postings.postingCount).toBe([...expected.values()].flat(2).length);
        // The parts a save writes make the same postings again.
        const copy = FrozenPostings.fromParts(postings.parts());
        for (const word of expected.keys()) expect(listed(copy, word)).toEqual(listed(postings, word));
      }),
    );
  });

  it('takes about a byte for each ordinal of a common word', () => {
    const ids = Array.from({ length: 100_000 }, (_, index) => index * 3);
    const postings = FrozenPostings.empty()
      .merged([['common', [ids.slice(0, 50_000), [], []]]])
      .merged([['common', [ids.slice(50_000), [], []]]]);
    expect(listed(postings, 'common')![0]).toEqual(ids);
    expect(postings.parts().bytes.length).toBe(100_000);
  });

  it('refuses saved parts that do not fit together', () => {
    const { words, starts, counts, bytes } = FrozenPostings.empty()
      .merged([
        ['one', [[1, 2], [300], []]],
        ['two', [[], [], [4]]],
      ])
      .parts();
    expect(() => FrozenPostings.fromParts({ words: ['one'], starts, counts, bytes })).toThrow(/slot tables do not match/);
    expect(() => FrozenPostings.fromParts({ words, starts, counts, bytes: bytes.read(1, bytes.length) })).toThrow(/does not span/);
    expect(() => FrozenPostings.fromParts({ words: ['one', 'one'], starts, counts, bytes })).toThrow(/listed twice/);
    const tooMany = counts.slice();
    tooMany[0] = 9;
    expect(() => FrozenPostings.fromParts({ words, starts, counts: tooMany, bytes })).toThrow(/slot 0 holds 9 ordinals in 2 bytes/);
    expect(listed(FrozenPostings.fromParts({ words, starts, counts, bytes }), 'one')).toEqual([[1, 2], [300], []]);
  });
});
