// Words sorted in turns come out as one sort of the distinct words in code point order does, with the thread given up
// meanwhile.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { compareCodePoints } from './codePointOrder';
import { sortedInTurns } from './sortedInTurns';

describe('sortedInTurns', () => {
  it('sorts real words, repeated and in several runs, as one sort of the distinct words in code point order does', async () => {
    const text = (await readCorpusMessages('io-uring-list.mbox.gz', 400)).map((bytes) => bytes.toString('utf8')).join(' ');
    const words = [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}_]+/u))];
    // More than two runs, each word twice (once per field, as the packed postings give them), and non-ASCII words: a
    // character beyond U+FFFF goes after one of U+E000-U+FFFF, as in UTF-8, where JS's own sort puts it before.
    const given = [...words, ...words.slice(0, 20_000), 'größe', 'grosse', 'ǂ\u{20000}', 'ǂ\uff41', 'ǂ\u{20000}', 'ǂ'];
    expect(given.length).toBeGreaterThan(3 * 8192);
    let turnsGiven = 0;
    const counting = setInterval(() => (turnsGiven += 1), 0);
    const sorted = await sortedInTurns(given, 0);
    clearInterval(counting);
    expect(sorted).toEqual([...new Set(given)].sort(compareCodePoints));
    expect(sorted.filter((word) => word.startsWith('ǂ') && word.length <= 4)).toEqual(['ǂ', 'ǂ\uff41', 'ǂ\u{20000}']);
    expect(turnsGiven).toBeGreaterThan(0);
    expect(await sortedInTurns([])).toEqual([]);
  });
});
