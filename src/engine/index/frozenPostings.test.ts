// Packed postings keep every ordinal of every slot, whatever the gaps between them and however often lists were merged in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrozenPostings, SLOTS, SlotDamage } from './frozenPostings';
import { MemorySink } from './postingsSink';
import { runInTurns } from '../store/turns';
import { WordTable } from './wordTable';

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

  it('merged in turns holds what one merge holds, and a merge given up on leaves the next one right', async () => {
    const slotsOf = (word: number, base: number): number[][] => [[base + word], [], [base + word + 1, base + word + 2]];
    const first = FrozenPostings.empty().merged(Array.from({ length: 1000 }, (_, word) => [`w${word}`, slotsOf(word, 0)]));
    // Old words grown, and new ones: more than a step of each (see STEP_SIZE).
    const later = (base: number): [string, number[][]][] =>
      Array.from({ length: 1500 }, (_, word) => [`w${word + 500}`, slotsOf(word, base)]);
    const inTurns = await runInTurns(
      first.mergeSteps(later(10_000), (length) => new MemorySink(length)),
      0,
    );
    const atOnce = FrozenPostings.fromParts(first.parts()).merged(later(10_000));
    for (let word = 0; word < 2000; word += 1) expect(listed(inTurns, `w${word}`)).toEqual(listed(atOnce, `w${word}`));
    expect(inTurns.wordCount).toBe(2000);
    // A merge run and dropped (an index that gave up its fold in turns) before one with more words merged in.
    const given = FrozenPostings.fromParts(first.parts());
    given.merged(later(10_000)).close();
    const next = given.merged([...later(10_000), ['fresh', [[20_000], [], []]]]);
    for (let word = 0; word < 2000; word += 1) expect(listed(next, `w${word}`)).toEqual(listed(atOnce, `w${word}`));
    expect(listed(next, 'fresh')).toEqual([[20_000], [], []]);
    expect(next.wordCount).toBe(2001);
  });

  it("merged in steps from a saved file's words numbers them a few thousand a step, and holds what one merge holds", () => {
    const slotsOf = (word: number): number[][] => [[word], [], [word + 1]];
    const built = FrozenPostings.empty().merged(Array.from({ length: 20_000 }, (_, word) => [`w${word}`, slotsOf(word)]));
    const fromFile = (): FrozenPostings => {
      const parts = built.parts();
      return FrozenPostings.fromParts({ ...parts, words: new WordTable(Buffer.from(parts.words.join('\n')), parts.words.length) });
    };
    const later: [string, number[][]][] = [
      ['w5', [[30_000], [], []]],
      ['fresh', [[30_001], [], []]],
    ];
    const steps = fromFile().mergeSteps(later, (length) => new MemorySink(length));
    let stepsBeforeMerging = 0;
    let step = steps.next();
    // The first steps number the 20,000 saved words, 8,192 a step, before any of the later words is looked up.
    for (; !step.done && stepsBeforeMerging < 3; step = steps.next()) stepsBeforeMerging += 1;
    expect(stepsBeforeMerging).toBe(3);
    while (!step.done) step = steps.next();
    const atOnce = built.merged(later);
    for (const word of ['w0', 'w5', 'w19999', 'fresh']) expect(listed(step.value, word)).toEqual(listed(atOnce, word));
    expect(step.value.wordCount).toBe(20_001);
  });

  it('gives its own words as held: its table, or its strings, asked again after a later merge added words to the map they share', () => {
    const first = FrozenPostings.empty().merged([
      ['apple', [[1], [], []]],
      ['apricot', [[2], [], []]],
      ['banana', [[3], [], []]],
    ]);
    expect(first.wordsAsHeld()).toEqual(['apple', 'apricot', 'banana']);
    const second = first.merged([
      ['apex', [[4], [], []]],
      ['apple', [[5], [], []]],
    ]);
    expect(first.wordsAsHeld()).toEqual(['apple', 'apricot', 'banana']);
    expect(second.wordsAsHeld()).toEqual(['apple', 'apricot', 'banana', 'apex']);
    // A saved file's words are given as their table, never decoded for it.
    const parts = first.parts();
    const table = new WordTable(Buffer.from(parts.words.join('\n')), parts.words.length);
    expect(FrozenPostings.fromParts({ ...parts, words: table }).wordsAsHeld()).toBe(table);
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
    expect(listed(FrozenPostings.fromParts({ words, starts, counts, bytes }), 'one')).toEqual([[1, 2], [300], []]);
  });

  it('opens saved parts whose slot counts do not fit their bytes, and refuses those slots when they are read or merged into', () => {
    const { words, starts, counts, bytes } = FrozenPostings.empty()
      .merged([
        ['one', [[1, 2], [300], []]],
        ['two', [[], [], [4]]],
      ])
      .parts();
    const tooMany = counts.slice();
    tooMany[0] = 9;
    const damaged = FrozenPostings.fromParts({ words, starts, counts: tooMany, bytes });
    expect(listed(damaged, 'two')).toEqual([[], [], [4]]);
    expect(() => damaged.slots('one')).toThrow(SlotDamage);
    expect(() => damaged.slots('one')).toThrow(/slot 0 holds 9 ordinals in 2 bytes/);
    expect(() => damaged.merged([['one', [[5], [], []]]])).toThrow(/slot 0 holds 9 ordinals in 2 bytes/);
  });
});
