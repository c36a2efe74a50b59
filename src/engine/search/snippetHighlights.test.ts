import { describe, expect, it } from 'vitest';
import { snippetFor } from './snippetHighlights';

const text = 'It is the case that the E320 image has no numpy. Install numpy on the host, then rebuild the image.';

describe('snippetFor', () => {
  it('marks the words of a question, not its stopwords', () => {
    const { snippet, highlights } = snippetFor('', text, ['why', 'is', 'numpy', 'missing', 'on', 'the', 'E320']);
    const marked = highlights.map((range) => snippet.slice(range.start, range.end).toLowerCase());
    expect(new Set(marked)).toEqual(new Set(['e320', 'numpy']));
  });

  it('still marks a word that is all the query has', () => {
    const { snippet, highlights } = snippetFor('', text, ['the']);
    expect(highlights.length).toBeGreaterThan(0);
    expect(highlights.every((range) => snippet.slice(range.start, range.end).toLowerCase() === 'the')).toBe(true);
  });
});
