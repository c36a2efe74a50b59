// Removing chips: the spacing left behind, the caret, and which chip Backspace takes.
import { describe, expect, test } from 'vitest';
import { parseQuery } from '../../../../shared/query/parse';
import { chipBeforeCursor, removeSpan } from './chipEditing';
import { queryChips } from './queryPieces';

const chipsOf = (text: string) => queryChips(text, parseQuery(text));

describe('removeSpan', () => {
  test.each([
    ['from:x ', 0, 7, '', 0],
    ['from:x budget', 0, 6, 'budget', 0],
    ['a from:x b', 2, 8, 'a b', 2],
    ['a from:x', 2, 8, 'a ', 2],
    ['budget from:x   ', 7, 16, 'budget ', 7],
    ['a -in:spam b', 2, 10, 'a b', 2],
  ])('%j without [%i, %i) is %j, caret at %i', (text, start, end, expected, cursor) => {
    expect(removeSpan(text, { start, end })).toEqual({ text: expected, cursor });
  });
});

describe('chipBeforeCursor', () => {
  test('after a chip and its space, Backspace takes the chip', () => {
    const text = 'budget from:kira@example.com ';
    expect(chipBeforeCursor(chipsOf(text), text, text.length)?.span).toEqual({ start: 7, end: 28 });
  });

  test('right at the end of a chip the value is being edited: no chip', () => {
    const text = 'from:kir';
    expect(chipBeforeCursor(chipsOf(text), text, text.length)).toBeNull();
  });

  test('after a word, or inside another word, no chip', () => {
    const text = 'from:x budget ';
    expect(chipBeforeCursor(chipsOf(text), text, text.length)).toBeNull();
    expect(chipBeforeCursor(chipsOf(text), text, 9)).toBeNull();
  });

  test('a negated chip is taken with its minus', () => {
    const text = '-has:pdf  ';
    expect(chipBeforeCursor(chipsOf(text), text, 10)?.span).toEqual({ start: 0, end: 8 });
  });
});
