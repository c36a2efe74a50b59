// Tests for turning highlight ranges into snippet pieces.
import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlightSegments';

describe('highlightSegments', () => {
  it('marks the ranges', () => {
    expect(highlightSegments('hello big world', [{ start: 6, end: 9 }])).toEqual([
      { text: 'hello ', isMatch: false },
      { text: 'big', isMatch: true },
      { text: ' world', isMatch: false },
    ]);
  });
  it('merges overlaps, sorts, and clips ranges past the end', () => {
    const segments = highlightSegments('abcdef', [
      { start: 4, end: 99 },
      { start: 0, end: 2 },
      { start: 1, end: 3 },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe('abcdef');
    expect(segments.filter((segment) => segment.isMatch).map((segment) => segment.text)).toEqual(['ab', 'c', 'ef']);
  });
  it('returns the whole text when nothing matched', () => {
    expect(highlightSegments('plain', [])).toEqual([{ text: 'plain', isMatch: false }]);
  });
});
