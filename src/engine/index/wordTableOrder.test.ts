// A word table sorted in turns by its words' bytes gives the words a beginning picks as sorting the decoded words by
// their code points does, the first so many, non-ASCII words and beginnings cut inside a character included.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { compareCodePoints } from './codePointOrder';
import { WordTable } from './wordTable';
import { WordTableInByteOrder } from './wordTableOrder';

function tableOf(words: readonly string[]): WordTable {
  return new WordTable(Buffer.from(words.join('\n')), words.length);
}

describe('WordTableInByteOrder', () => {
  it("sorts real mail's words by their bytes in turns and finds them by their beginning", async () => {
    const text = (await readCorpusMessages('io-uring-list.mbox.gz', 300)).map((bytes) => bytes.toString('utf8')).join(' ');
    const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu))];
    // Words sharing their first four bytes or fewer, and characters beyond U+FFFF beside ones of U+E000-U+FFFF.
    words.push('grüße', 'grü', '東京', '東', 'buff', 'bufferbloat', 'ǂ\u{20000}', 'ǂ\uff41', 'ǂ\u{20000}b', 'ǂa');
    expect(words.length).toBeGreaterThan(3 * 4096);
    let turnsGiven = 0;
    const counting = setInterval(() => (turnsGiven += 1), 0);
    const sorted = await WordTableInByteOrder.sortedInTurns(tableOf(words), 0);
    clearInterval(counting);
    expect(turnsGiven).toBeGreaterThan(0);
    const byBytes = [...words].sort((one, other) => Buffer.compare(Buffer.from(one), Buffer.from(other)));
    expect(sorted.beginningWith('', words.length)).toEqual(byBytes);
    expect(byBytes).toEqual([...words].sort(compareCodePoints));
    for (const prefix of ['re', 'io_', 'sq', 'grü', 'gr', '東', 'buff', 'ǂ', 'zzzz', 'a', 'ü'])
      for (const most of [3, 50, words.length])
        expect(sorted.beginningWith(prefix, most), prefix).toEqual(byBytes.filter((word) => word.startsWith(prefix)).slice(0, most));
    expect(sorted.beginningWith('ǂ', 10).filter((word) => word.length <= 5)).toEqual(['ǂa', 'ǂ\uff41', 'ǂ\u{20000}', 'ǂ\u{20000}b']);
  });

  it('finds the words a beginning cut inside a character beyond U+FFFF picks, and none in an empty table', async () => {
    const sorted = await WordTableInByteOrder.sortedInTurns(tableOf(['ǂ\u{20000}', 'ǂ\u{20001}', 'ǂ\uff41', 'ǂ\u{20000}b', 'ǂa']));
    // U+20000 is \ud840\udc00: its first half begins it and U+20001, and no other word.
    expect(sorted.beginningWith('ǂ\ud840', 10)).toEqual(['ǂ\u{20000}', 'ǂ\u{20000}b', 'ǂ\u{20001}']);
    expect(sorted.beginningWith('ǂ\ud840', 2)).toEqual(['ǂ\u{20000}', 'ǂ\u{20000}b']);
    const empty = await WordTableInByteOrder.sortedInTurns(new WordTable(new Uint8Array(0), 0));
    expect(empty.beginningWith('', 10)).toEqual([]);
    expect(empty.beginningWith('a', 10)).toEqual([]);
  });
});
