// Saved postings lines read byte by byte into packed postings: the same words and ordinals JSON.parse gives, and a
// clear refusal of anything damaged.
import { describe, expect, it } from 'vitest';
import { PostingsBuilder, type FrozenPostings, type SlotLists } from './frozenPostings';
import { appendSavedEntries } from './savedPostings';

type Entries = [string, SlotLists][];

function viaBytes(line: string): FrozenPostings {
  const builder = new PostingsBuilder(1);
  // Framed by other bytes, as a line sits in a file read in chunks.
  const bytes = Buffer.from(`1.map\t${line}\nnext line`);
  const start = bytes.indexOf('\t') + 1;
  appendSavedEntries(bytes, start, bytes.indexOf('\n'), builder);
  return builder.build();
}

function viaJson(line: string): FrozenPostings {
  const builder = new PostingsBuilder(1);
  for (const [word, slots] of JSON.parse(line) as Entries) builder.append(word, slots.map((ids) => [ids]));
  return builder.build();
}

const listed = (postings: FrozenPostings): [string, number[][]][] => [...postings.entries()].map(([word, slots]) => [word, slots.map((slot) => Array.from(slot))]);

describe('appendSavedEntries', () => {
  const entries: Entries = [
    ['kernel', [[0, 5, 17], null, [3]]],
    ['say "hi"', [null, [12]]],
    ['back\\slash', [[1]]],
    ['naïve', [[], [2, 4]]],
    ['日本語', [[7], [8], [9]]],
    ['emoji😀', [[1234567]]],
    ['tab\there', [[6]]],
    ['', [null, null, [0]]],
  ];
  const line = JSON.stringify(entries);

  it('reads every word and ordinal JSON.parse reads, in the same order and rank slots', () => {
    expect(listed(viaBytes(line))).toEqual(listed(viaJson(line)));
    expect(listed(viaBytes(line))[1]).toEqual(['say "hi"', [[], [12], []]]);
    expect(viaBytes(line).postingCount).toBe(14);
    expect(listed(viaBytes('[]'))).toEqual([]);
  });

  it('refuses every cut-short line, stray characters and more rank slots than the index keeps', () => {
    for (let length = 0; length < line.length; length += 1) expect(() => viaBytes(line.slice(0, length)), `cut at ${length}`).toThrow(/keyword index/);
    expect(() => viaBytes('[["word",[[1,x]]]]')).toThrow(/damaged at byte \d+ of its line \(expected a message number\)/);
    expect(() => viaBytes('[["word", [[1]]]]')).toThrow(/expected the list of rank slots/);
    expect(() => viaBytes(`${line}]`)).toThrow(/expected the end of the line/);
    expect(() => viaBytes('[["word",[[1],[2],[3],[4]]]]')).toThrow(/more rank slots/);
    expect(() => viaBytes('[["word",[[1]]],["word",[[2]]]]')).toThrow(/listed twice/);
    expect(() => viaBytes('[["word",[nul]]]')).toThrow(/keyword index/);
  });
});
