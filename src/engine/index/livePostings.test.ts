// Live postings: a word's ordinals by how early documents mention it, each document once, read in place and counted.
import { describe, expect, it } from 'vitest';
import { FrozenPostings } from './frozenPostings';
import { LivePostings, rankSlot } from './livePostings';

const lists = (postings: LivePostings, word: string): (number[] | null)[] =>
  Array.from(postings.slots(word) ?? [], (ordinals) => (ordinals ? Array.from(ordinals) : null));

describe('rankSlot', () => {
  it('puts the first word first and spreads the rest over the three slots by position', () => {
    expect([0, 1, 2].map((position) => rankSlot(position, 3))).toEqual([0, 1, 2]);
    expect([0, 1, 2, 3, 19, 20, 39].map((position) => rankSlot(position, 40))).toEqual([0, 1, 1, 1, 1, 2, 2]);
    expect(rankSlot(1, 2)).toBe(1);
  });
});

describe('LivePostings', () => {
  it('gives words the slots they have without identifiers, and an identifier the slot of the word after it', () => {
    const plain = new LivePostings();
    const joined = new LivePostings();
    const filler = Array.from({ length: 40 }, (_, position) => `filler${position}`);
    plain.add(0, ['budget', ...filler, 'x300', 'cfg'].join(' '));
    const identifiers = Array.from({ length: 40 }, (_, number) => `the_${number}`);
    joined.add(0, ['budget', ...filler, 'x300.cfg', 'x300', 'cfg', ...identifiers, 'io_uring'].join(' '));
    for (const word of ['budget', 'filler0', 'filler20', 'filler21', 'x300', 'cfg'])
      expect(lists(joined, word)).toEqual(lists(plain, word));
    expect(lists(joined, 'filler21')).toEqual([null, null, [0]]);
    expect(lists(joined, 'x300.cfg')).toEqual(lists(plain, 'x300'));
    // Last of all, it takes the last word's slot.
    expect(lists(joined, 'io_uring')).toEqual([null, null, [0]]);
  });

  it('lists each word by slot in the order documents were added, and counts them', () => {
    const postings = new LivePostings();
    const filler = Array.from({ length: 40 }, (_, position) => `filler${position}`).join(' ');
    postings.add(0, `${filler} budget`);
    postings.add(1, `budget ${filler}`);
    postings.add(2, `budget review`);
    expect(lists(postings, 'budget')).toEqual([[1, 2], null, [0]]);
    expect(lists(postings, 'review')).toEqual([null, [2]]);
    expect(postings.count('budget')).toBe(3);
    expect(postings.slots('absent')).toBeUndefined();
    expect(postings.count('absent')).toBe(0);
    expect(new Map(postings.entries()).size).toBe(42);
  });

  it('counts a word a document repeats once, at its first place, and skips empty words', () => {
    const postings = new LivePostings();
    postings.add(5, 'alpha beta  alpha gamma delta');
    postings.add(6, '');
    expect(lists(postings, 'alpha')).toEqual([[5]]);
    expect(postings.count('alpha')).toBe(1);
    expect(postings.slots('')).toBeUndefined();
  });

  it('keeps tens of thousands of documents per word in order past the first chunk of entries, and a fold reads the same lists', () => {
    const postings = new LivePostings();
    const filler = Array.from({ length: 40 }, (_, position) => `filler${position}`).join(' ');
    for (let ordinal = 0; ordinal < 26_000; ordinal += 1) {
      const rare = ordinal % 7 === 0 ? ` rare${ordinal % 3}` : '';
      postings.add(ordinal, ordinal % 2 === 0 ? `common ${filler}${rare}` : `${filler} common${rare}`);
    }
    const even = Array.from({ length: 13_000 }, (_, index) => index * 2);
    expect(lists(postings, 'common')).toEqual([even, null, even.map((ordinal) => ordinal + 1)]);
    expect(postings.count('common')).toBe(26_000);
    const folded = FrozenPostings.empty().merged(postings.entries());
    for (const word of postings.words())
      expect(Array.from(folded.slots(word) ?? [], (ordinals) => (ordinals && ordinals.length > 0 ? Array.from(ordinals) : null))).toEqual(
        [0, 1, 2].map((slot) => lists(postings, word)[slot] ?? null),
      );
  });
});
