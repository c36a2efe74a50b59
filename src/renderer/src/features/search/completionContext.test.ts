// The word the caret completes, and accepting suggestions: operators keep the caret after the colon, values add a space.
import { describe, expect, test } from 'vitest';
import type { Suggestion } from '../../../../shared/query/complete';
import { applySuggestion, completionContext } from './completionContext';

describe('completionContext', () => {
  test.each([
    ['fro', 3, '0'],
    ['budget fro', 10, '7'],
    ['from:', 5, '0:from'],
    ['from:kir', 8, '0:from'],
    ['FROM:kir', 8, '0:from'],
    ['from:kir', 3, '0'],
    ['budget ', 7, null],
    ['', 0, null],
    ['"fro', 4, null],
    ['fro budget', 0, null],
  ])('%j at %i is %j', (text, cursor, expected) => expect(completionContext(text, cursor)).toBe(expected));
});

const suggestion = (insert: string, start: number, end: number): Suggestion => ({
  kind: 'value',
  label: insert,
  detail: '',
  insert,
  replace: { start, end },
});

describe('applySuggestion', () => {
  test('an operator keeps the caret after its colon and asks for values', () => {
    expect(applySuggestion('budget fro', 'budget fro', suggestion('from:', 7, 10))).toEqual({
      text: 'budget from:',
      cursor: 12,
      wantsValues: true,
    });
  });

  test('a value is followed by one space and the caret after it', () => {
    expect(applySuggestion('from:kir', 'from:kir', suggestion('kira@example.com', 5, 8))).toEqual({
      text: 'from:kira@example.com ',
      cursor: 22,
      wantsValues: false,
    });
    expect(applySuggestion('from:kir budget', 'from:kir budget', suggestion('kira@example.com', 5, 8))).toEqual({
      text: 'from:kira@example.com budget',
      cursor: 22,
      wantsValues: false,
    });
  });

  test('letters typed after the suggestion was answered are replaced too', () => {
    expect(applySuggestion('from:kira', 'from:ki', suggestion('kira@example.com', 5, 7)).text).toBe('from:kira@example.com ');
    expect(applySuggestion('from:k', 'from:ki', suggestion('kira@example.com', 5, 7)).text).toBe('from:kira@example.com ');
  });

  test('letters deleted since the answer shorten the span, never below its start', () => {
    expect(applySuggestion('fr', 'from', suggestion('from:', 0, 4))).toEqual({ text: 'from:', cursor: 5, wantsValues: true });
    expect(applySuggestion('', 'from', suggestion('from:', 0, 4))).toEqual({ text: 'from:', cursor: 5, wantsValues: true });
  });
});
