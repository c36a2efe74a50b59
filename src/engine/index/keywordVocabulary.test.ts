// The vocabulary answers look-ups by a word's beginning the same whether it reads its words as they are or has sorted
// them, from saved word tables and from strings alike: each word once, in code point order, the first so many.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { compareCodePoints } from './codePointOrder';
import { KeywordVocabulary, type PackedWords } from './keywordVocabulary';
import { WordTable } from './wordTable';

function tableOf(words: readonly string[]): WordTable {
  return new WordTable(Buffer.from(words.join('\n')), words.length);
}

/** As read from a save: with the hash table and the words' groups saved beside them. */
function savedTableOf(words: readonly string[]): WordTable {
  const table = tableOf(words);
  return new WordTable(table.bytes, words.length, table.saved());
}

/** Answers to `prefixes` by reading (the first ten look-ups and the eleventh, which starts the sort) and after sorting. */
async function answersBeforeAndAfterSorting(vocabulary: KeywordVocabulary, prefixes: readonly string[], most: number) {
  const before = prefixes.map((prefix) => vocabulary.beginningWith(prefix, most));
  for (let read = before.length; read <= 10; read += 1) vocabulary.beginningWith('qxqxq', most);
  expect(vocabulary.sorting).not.toBeNull();
  await vocabulary.sorting;
  return { before, after: prefixes.map((prefix) => vocabulary.beginningWith(prefix, most)) };
}

describe('KeywordVocabulary', () => {
  it('gives the same words before and after it sorts them, each once, in order, and no more than asked', async () => {
    // Real words, in the order an index numbers them (first seen first), the subject field's repeating the text's.
    const text = (await readCorpusMessages('io-uring-list.mbox.gz', 200)).map((bytes) => bytes.toString('utf8')).join(' ');
    const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu))];
    words.push('grüße', 'größe', 'ǂ\u{20000}', 'ǂ\uff41', 'ǂa');
    const meta = [...words.slice(0, 500), 'grün', 'metaonly'];
    const prefixes = ['re', 'sub', 'sqp', 'io_', 'ker', 'qxqxq', 'a', 'buf', 'grü', 'gr', 'ǂ', 'me'];
    const expected = prefixes.map((prefix) =>
      [...new Set([...words, ...meta])]
        .filter((word) => word.startsWith(prefix))
        .sort(compareCodePoints)
        .slice(0, 25),
    );
    // Saved tables, postings made in memory, and the two mixed, as a fold leaves them.
    const givens: PackedWords[][] = [
      [tableOf(words), tableOf(meta)],
      [savedTableOf(words), savedTableOf(meta)],
      [words, meta],
      [tableOf(words), meta],
    ];
    for (const given of givens) {
      let asked = 0;
      const vocabulary = new KeywordVocabulary(() => {
        asked += 1;
        return given;
      });
      const { before, after } = await answersBeforeAndAfterSorting(vocabulary, prefixes, 25);
      expect(before).toEqual(expected);
      expect(after).toEqual(expected);
      // Asked once for the look-ups made by reading, and not again to sort.
      expect(asked).toBe(1);
    }
    expect(expected[0]!.length).toBe(25);
    expect(expected[5]).toEqual([]);
    expect(expected[10]!.slice(-2)).toEqual(['ǂ\uff41', 'ǂ\u{20000}']);
  });

  it('puts a word with a character beyond U+FFFF after one with a character of U+E000-U+FFFF, as UTF-8 does', async () => {
    const content = ['ǂ\u{20000}', 'ǂb', 'ǂ\uff41'];
    const meta = ['ǂ\u{20000}b', 'ǂa', 'ǂ\uff41'];
    const ordered = ['ǂa', 'ǂb', 'ǂ\uff41', 'ǂ\u{20000}', 'ǂ\u{20000}b'];
    for (const given of [
      [tableOf(content), tableOf(meta)],
      [content, meta],
    ]) {
      const { before, after } = await answersBeforeAndAfterSorting(new KeywordVocabulary(() => given), ['ǂ', 'ǂ\ud840'], 4);
      expect(before).toEqual([ordered.slice(0, 4), ['ǂ\u{20000}', 'ǂ\u{20000}b']]);
      expect(after).toEqual(before);
    }
  });
});
