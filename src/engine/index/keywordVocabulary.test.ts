// The vocabulary answers look-ups by a word's beginning the same whether it reads its words as they are or has sorted
// them: each word once, in sorted order, the first so many.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { KeywordVocabulary } from './keywordVocabulary';

describe('KeywordVocabulary', () => {
  it('gives the same words before and after it sorts them, each once, in order, and no more than asked', async () => {
    // Real words, in the order an index numbers them (first seen first), the subject field's repeating the text's.
    const text = (await readCorpusMessages('io-uring-list.mbox.gz', 200)).map((bytes) => bytes.toString('latin1')).join(' ');
    const words = [...new Set(text.toLowerCase().match(/[a-z_]{2,}/g))];
    const asked = () => [...words, ...words.slice(0, 500)];
    let given = 0;
    const vocabulary = new KeywordVocabulary(() => {
      given += 1;
      return asked();
    });
    const prefixes = ['re', 'sub', 'sqp', 'io_', 'ker', 'qxqxq', 'a', 'buf', 're', 'sub', 'sqp', 'io_', 'ker', 'qxqxq', 'a', 'buf'];
    const answers = prefixes.map((prefix) => vocabulary.beginningWith(prefix, 25));
    for (const [index, prefix] of prefixes.entries()) {
      const expected = [...new Set(asked())]
        .filter((word) => word.startsWith(prefix))
        .sort()
        .slice(0, 25);
      expect(answers[index]).toEqual(expected);
    }
    expect(answers[0]!.length).toBe(25);
    expect(answers[5]).toEqual([]);
    // Read once for the look-ups made by reading, and not again to sort.
    expect(given).toBe(1);
  });

  it('asks only for the words a beginning picks until it has sorted them in turns, and then for all of them once', async () => {
    const words = ['ring', 'rings', 'register', 'poll', 'sqpoll', 'ring', 'zero'];
    const asked = { all: 0, beginnings: [] as string[] };
    const vocabulary = new KeywordVocabulary({
      all: () => {
        asked.all += 1;
        return words;
      },
      beginningWith: (prefix) => {
        asked.beginnings.push(prefix);
        return words.filter((word) => word.startsWith(prefix));
      },
    });
    const prefixes = ['ri', 're', 'po', 'sq', 'z', 'q', 'r', 'ring', 'p', 's', 'ri', 'r'];
    // The eleventh look-up starts the sort and is answered by reading, as every look-up is until the sort is done.
    const answers = prefixes.slice(0, 11).map((prefix) => vocabulary.beginningWith(prefix, 2));
    expect(vocabulary.sorting).not.toBeNull();
    await vocabulary.sorting;
    answers.push(...prefixes.slice(11).map((prefix) => vocabulary.beginningWith(prefix, 2)));
    expect(answers).toEqual(prefixes.map((prefix) => [...new Set(words.filter((word) => word.startsWith(prefix)))].sort().slice(0, 2)));
    expect(asked.beginnings).toEqual(prefixes.slice(0, 11));
    expect(asked.all).toBe(1);
  });
});
