// Words sorted in turns come out as one sort of the distinct words does, with the thread given up meanwhile.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { sortedInTurns } from './sortedInTurns';

describe('sortedInTurns', () => {
  it('sorts real words, repeated and in several runs, as one sort of the distinct words does', async () => {
    const text = (await readCorpusMessages('io-uring-list.mbox.gz', 400)).map((bytes) => bytes.toString('utf8')).join(' ');
    const words = [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}_]+/u))];
    // More than two runs, each word twice (once per field, as the packed postings give them), and a non-ASCII word.
    const given = [...words, ...words.slice(0, 20_000), 'größe', 'grosse'];
    expect(given.length).toBeGreaterThan(3 * 8192);
    let turnsGiven = 0;
    const counting = setInterval(() => (turnsGiven += 1), 0);
    const sorted = await sortedInTurns(given, 0);
    clearInterval(counting);
    expect(sorted).toEqual([...new Set(given)].sort());
    expect(turnsGiven).toBeGreaterThan(0);
    expect(await sortedInTurns([])).toEqual([]);
  });
});
