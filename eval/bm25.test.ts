// The BM25 baseline on hand-made documents: its order and one score worked out by hand, and words no document holds.
import { describe, expect, test } from 'vitest';
import { buildBm25Index, searchBm25, tokenize, type Bm25Index } from './bm25';

const idsFor = (index: Bm25Index, query: string, limit = 10): string[] => searchBm25(index, query, limit).map((hit) => hit.id);

const documents = [
  { id: 'short-cat', text: 'The cat sat.' },
  { id: 'long-cat', text: 'A cat, a dog, a bird and a fish sat on the mat all day long' },
  { id: 'two-cats', text: 'Cat and CAT sat.' },
  { id: 'mouse', text: 'A mouse sat on the mat.' },
  { id: 'dog', text: 'The dog barked at the mailman' },
];

describe('BM25 baseline', () => {
  test('reads lower-cased words of letters, digits and underscores', () => {
    expect(tokenize('Re: io_uring BUG in 6.1-rc2, café!')).toEqual(['re', 'io_uring', 'bug', 'in', '6', '1', 'rc2', 'café']);
  });

  test('ranks more occurrences first, then shorter documents, and a rarer word above a common one', () => {
    const index = buildBm25Index(documents);
    // 'two-cats' holds cat twice; 'short-cat' once in 3 words; 'long-cat' once in 16 words.
    expect(idsFor(index, 'cat')).toEqual(['two-cats', 'short-cat', 'long-cat']);
    // mouse is in one document, cat in three: the mouse mail beats every cat mail.
    expect(idsFor(index, 'cat mouse')[0]).toBe('mouse');
    expect(idsFor(index, 'CAT', 2)).toEqual(['two-cats', 'short-cat']);
  });

  test('scores a lone match as the formula says', () => {
    const index = buildBm25Index(documents);
    // N = 5, n = 1: idf = ln(1 + 4.5 / 1.5); the mouse mail has 6 words, the mean length is (3 + 16 + 4 + 6 + 6) / 5.
    const idf = Math.log(1 + 4.5 / 1.5);
    const norm = 1.2 * (1 - 0.75 + (0.75 * 6) / (35 / 5));
    expect(searchBm25(index, 'mouse', 10)).toEqual([{ id: 'mouse', score: expect.closeTo((idf * 2.2) / (1 + norm), 10) }]);
  });

  test('finds nothing for a word no document holds, and ignores it beside a known word', () => {
    const index = buildBm25Index(documents);
    expect(idsFor(index, 'xylophonequartz')).toEqual([]);
    expect(idsFor(index, '')).toEqual([]);
    expect(idsFor(index, 'xylophonequartz barked')).toEqual(['dog']);
  });
});
