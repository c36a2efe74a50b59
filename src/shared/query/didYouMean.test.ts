// Operator typos get the operator they were one slip from; other words with colons are left alone.
import { describe, expect, it } from 'vitest';
import { applySuggestion, closestOperator, editDistance, operatorSuggestions } from './didYouMean';
import { parseQuery } from './parse';

describe('didYouMean', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('form', 'from', 2)).toBe(1);
    expect(editDistance('subjetc', 'subject', 2)).toBe(1);
    expect(editDistance('budget', 'gadget', 2)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('suggests from: for form:kay and applies it to the text', () => {
    const text = 'budget form:kay';
    const [suggestion, ...rest] = operatorSuggestions(parseQuery(text));
    expect(rest).toEqual([]);
    expect(suggestion).toEqual({ span: { start: 7, end: 11 }, replacement: 'from', kind: 'operator' });
    expect(applySuggestion(text, suggestion!)).toBe('budget from:kay');
  });

  it('corrects longer names by two slips, short ones by one, and leaves words that are no operator alone', () => {
    expect(closestOperator('subjcet')).toBe('subject');
    expect(closestOperator('re')).toBeNull();
    expect(closestOperator('http')).toBeNull();
    expect(operatorSuggestions(parseQuery('Re: budget see http://example.com'))).toEqual([]);
    expect(operatorSuggestions(parseQuery('from:kay -form:ann'))).toEqual([
      { span: { start: 10, end: 14 }, replacement: 'from', kind: 'operator' },
    ]);
  });
});
