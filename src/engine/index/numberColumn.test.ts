// A number column is held as narrowly as its numbers allow, and made wider in place as larger numbers are set.
import { describe, expect, it } from 'vitest';
import { ConstantNumbers, NumberColumn } from './numberColumn';

/** The column's first `length` numbers, read one by one. */
function numbersOf(column: NumberColumn, length: number): number[] {
  return Array.from({ length }, (_, ordinal) => column.at(ordinal));
}

describe('NumberColumn', () => {
  it('holds no array while every message has the same number, then one byte a message from a second', () => {
    const column = new NumberColumn();
    for (let ordinal = 0; ordinal < 3000; ordinal += 1) column.set(ordinal, 0);
    expect(column.saved(3000)).toEqual(new ConstantNumbers(0, 3000));
    column.set(3000, 1);
    const saved = column.saved(3001);
    expect(saved).toBeInstanceOf(Uint8Array);
    expect(numbersOf(column, 3001)).toEqual([...Array<number>(3000).fill(0), 1]);
  });

  it('widens to two bytes past 256 numbers and to four past 65,536, keeping every number set before', () => {
    const column = new NumberColumn();
    const size = 70_000;
    const kinds: string[] = [];
    for (let ordinal = 0; ordinal < size; ordinal += 1) {
      column.set(ordinal, ordinal);
      if ([0, 255, 256, 65_535, 65_536].includes(ordinal)) kinds.push(column.saved(ordinal + 1).constructor.name);
    }
    expect(kinds).toEqual(['ConstantNumbers', 'Uint8Array', 'Uint16Array', 'Uint16Array', 'Int32Array']);
    expect(numbersOf(column, size)).toEqual(Array.from({ length: size }, (_, ordinal) => ordinal));
  });

  it('widens a constant column other than 0 straight to the width its numbers need, past its saved length', () => {
    const column = NumberColumn.of(new ConstantNumbers(300, 10));
    column.set(12, 2);
    expect(column.saved(13)).toBeInstanceOf(Uint16Array);
    expect(numbersOf(column, 13)).toEqual([...Array<number>(12).fill(300), 2]);
  });

  it('grows a saved array past its length and widens it in place', () => {
    const column = NumberColumn.of(Uint8Array.of(3, 1, 2));
    column.set(3, 255);
    column.set(1, 70_000);
    expect(column.saved(4)).toBeInstanceOf(Int32Array);
    expect(numbersOf(column, 4)).toEqual([3, 70_000, 2, 255]);
  });

  it('is saved as narrowly as its numbers allow, however wide it is held', () => {
    expect(NumberColumn.of(Int32Array.of(7, 7, 7)).saved(3)).toEqual(new ConstantNumbers(7, 3));
    expect(NumberColumn.of(Int32Array.of(0, 300, 5)).saved(3)).toEqual(Uint16Array.of(0, 300, 5));
    expect(NumberColumn.of(Uint16Array.of(0, 255, 70)).saved(3)).toEqual(Uint8Array.of(0, 255, 70));
    expect(NumberColumn.of(Int32Array.of(0, 70_000)).saved(2)).toEqual(Int32Array.of(0, 70_000));
    expect(NumberColumn.of(Uint8Array.of(4, 9)).saved(1)).toEqual(new ConstantNumbers(4, 1));
  });

  it('marks and counts by number at every width, a constant column included', () => {
    for (const saved of [new ConstantNumbers(1, 4), Uint8Array.of(0, 1, 1, 2), Uint16Array.of(0, 1, 1, 2), Int32Array.of(0, 1, 1, 2)]) {
      const column = NumberColumn.of(saved);
      const marked = Uint8Array.of(0, 0, 0, 1);
      column.markBy(marked, Uint8Array.of(0, 1, 0));
      const counts = new Int32Array(3);
      column.count(4, counts);
      const expected =
        saved instanceof ConstantNumbers
          ? [
              [1, 1, 1, 1],
              [0, 4, 0],
            ]
          : [
              [0, 1, 1, 1],
              [1, 2, 1],
            ];
      expect([[...marked], [...counts]]).toEqual(expected);
    }
  });
});
