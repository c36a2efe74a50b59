// A saved string list reads values from its bytes one by one, decodes them whole once used in bulk, and not for a
// field read singly.
import { describe, expect, it } from 'vitest';
import { StringList, type SavedPiece } from './stringList';

/** The values saved as one UTF-8 piece after a few bytes of something else, as a snapshot's section lies in its file. */
function savedList(values: string[]): StringList {
  const texts = values.map((value) => Buffer.from(value, 'utf8'));
  const ends = new Int32Array(texts.length);
  let end = 0;
  texts.forEach((text, index) => {
    end += text.length;
    ends[index] = end;
  });
  const piece: SavedPiece = { ends, textStart: 3, encoding: 'utf8' };
  return StringList.saved(Buffer.concat([Buffer.from('xyz'), ...texts]), [piece]);
}

const VALUES = Array.from({ length: 2000 }, (_, index) => `[{"name":"Zoë ${index}","address":"z${index}@example.org"}]`);

describe('StringList', () => {
  it('decodes the whole list once many values were read one by one', () => {
    const list = savedList(VALUES);
    for (let index = 0; index < 200; index += 1) expect(list.at(index)).toBe(VALUES[index]);
    expect(list.isDecoded()).toBe(false);
    for (let index = 0; index < VALUES.length; index += 1) expect(list.at(index)).toBe(VALUES[index]);
    expect(list.isDecoded()).toBe(true);
  });

  it('keeps reading a list read singly from its bytes, however many values are read, until all of it is asked for', () => {
    const list = savedList(VALUES);
    list.readSingly();
    for (let round = 0; round < 3; round += 1)
      for (let index = VALUES.length - 1; index >= 0; index -= 1) expect(list.at(index)).toBe(VALUES[index]);
    expect(list.isDecoded()).toBe(false);
    expect(list.length).toBe(VALUES.length);
    expect(list.all()).toEqual(VALUES);
    expect(list.isDecoded()).toBe(true);
    list.push('new');
    expect(list.at(VALUES.length)).toBe('new');
  });
});
