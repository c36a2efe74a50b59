// The saved words read in place: every word found at its number, beginnings picked as the decoded words would be,
// and a list that is not the one described refused.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { WordTable, wordStartsOf } from './wordTable';

function tableOf(words: string[]): WordTable {
  return new WordTable(Buffer.from(words.join('\n')), words.length);
}

describe('WordTable', () => {
  it('finds every word of real mail at its number, and only those, and picks words by their beginning', async () => {
    const text = (await readCorpusMessages('io-uring-list.mbox.gz', 300)).map((bytes) => bytes.toString('utf8')).join(' ');
    const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu))];
    words.push('grüße', '東京', 'e\u0301t\u00e9');
    const table = tableOf(words);
    expect(words.every((word, number) => table.numberOf(word) === number)).toBe(true);
    for (const absent of ['', 'qxqxqxq', `${words[0]}x`, words[1]!.slice(0, -1), 'grüß', 'gruße'])
      expect(table.numberOf(absent)).toBeUndefined();
    // Searched in the bytes, and read from the words' groups as a saved table has them.
    const grouped = new WordTable(table.bytes, words.length, table.saved());
    for (const prefix of ['re', 'io_', 'sq', 'grü', 'gr', 'g', '東', 'zzzz', 'reg', 'registered', 'é', '']) {
      expect(table.beginningWith(prefix)).toEqual(words.filter((word) => word.startsWith(prefix)));
      expect(grouped.beginningWith(prefix), prefix).toEqual(words.filter((word) => word.startsWith(prefix)));
    }
    expect(table.all()).toEqual(words);
  });

  it('finds the same numbers and beginnings with the table it saved, and refuses a saved table that does not span the words', () => {
    const words = ['sqpoll', 'ring', 'grüße', 'sq', 'io_uring', 'sqe', 'ringbuf', 'r'];
    const bytes = Buffer.from(words.join('\n'));
    expect(Array.from(wordStartsOf(bytes, words.length))).toEqual([0, 7, 12, 20, 23, 32, 36, 44, 46]);
    const saved = new WordTable(bytes, words.length).saved();
    const table = new WordTable(bytes, words.length, saved);
    expect(words.map((word) => table.numberOf(word))).toEqual(words.map((_, number) => number));
    for (const absent of ['', 'sqp', 'ringbufx', 'rin', 'g', 'gruße', 'r\nring']) expect(table.numberOf(absent)).toBeUndefined();
    for (const prefix of ['sq', 'r', 'grü', 'x', ''])
      expect(table.beginningWith(prefix)).toEqual(words.filter((word) => word.startsWith(prefix)));
    expect(() => new WordTable(bytes, words.length, { ...saved, starts: saved.starts.subarray(1) })).toThrow(/does not span the 8 words/);
    expect(() => new WordTable(bytes, words.length, { ...saved, slots: saved.slots.subarray(1) })).toThrow(/does not span/);
    expect(() => new WordTable(bytes, words.length, { ...saved, groups: saved.groups.subarray(1) })).toThrow(/groups do not span/);
    // A table saved before the groups were finds the same beginnings in the bytes.
    const withoutGroups = new WordTable(bytes, words.length, { starts: saved.starts, slots: saved.slots });
    for (const prefix of ['sq', 'r', 'grü', 'x', 'ring', ''])
      expect(withoutGroups.beginningWith(prefix)).toEqual(words.filter((word) => word.startsWith(prefix)));
  });

  it('holds no words when none are saved, and refuses words listed twice or more words than described', () => {
    const empty = new WordTable(new Uint8Array(0), 0);
    expect(empty.numberOf('a')).toBeUndefined();
    expect(empty.all()).toEqual([]);
    // Saved and read back (a field no message put a word in, such as an archive's bodies all empty).
    const reread = new WordTable(new Uint8Array(0), 0, empty.saved());
    expect(reread.numberOf('a')).toBeUndefined();
    expect(reread.all()).toEqual([]);
    // A word listed twice is found when the hash table is built, at the first look-up.
    expect(() => tableOf(['ring', 'poll', 'ring']).numberOf('poll')).toThrow(/listed twice/);
    expect(() => new WordTable(Buffer.from('a\nb\nc'), 2)).toThrow(/more than the 2 listed/);
    expect(() => new WordTable(Buffer.from('a\nb'), 3)).toThrow(/are 2, not the 3 listed/);
  });
});
