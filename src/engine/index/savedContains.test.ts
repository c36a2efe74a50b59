// A filter's "contains" over saved strings, searched for in their bytes: the same verdicts as String.includes on the
// values, in every encoding a snapshot saves, held in memory or read in place from the snapshot's file.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages } from '../../../test/corpus';
import { testNormalizeContext } from '../../../test/normalizeContext';
import { savedStringList } from '../../../test/savedStringList';
import { normalizeMessage } from '../import/normalize';
import { filterMatches } from '../search/matchFilter';
import { Catalog } from './catalog';
import { readCatalogManifest, readCatalogSnapshot, writeCatalogSnapshot } from './catalogSnapshotFile';
import type { StringList } from './stringList';

const VALUES = ['', 'grüße aus köln', 'привет мир', '東京 \u{1F600} tokyo', 'broken \uD800 half', 'aaa', 'abab', 'x', 'köln'];
const NEEDLES = ['', 'a', 'aa', 'ab', 'bab', 'köln', 'ö', 'мир', '東京', '\u{1F600}', '\uD800', 'x', 'xa', 'n\u0000', 'ü', 'zzz'];

function verdicts(list: StringList, needle: string): number[] {
  const marks = new Uint8Array(list.length);
  list.markContaining(needle, marks);
  return [...marks];
}

describe('markContaining', () => {
  it('gives what includes gives, for values of every encoding, decoding none of them', () => {
    const latin1 = ['', 'grüße aus köln', 'aaa', 'abab', 'x', 'köln', 'ab', 'b'];
    const pieces = [
      { values: latin1, encoding: 'latin1' as const },
      { values: VALUES.filter((value) => Buffer.from(value).toString() === value), encoding: 'utf8' as const },
      { values: VALUES, encoding: 'utf16le' as const },
      // A match across two values ("a" + "b") must not count.
      { values: ['xa', 'bx', 'a', 'b', 'aab'], encoding: 'utf8' as const },
    ];
    const values = pieces.flatMap((piece) => piece.values);
    const list = savedStringList(pieces);
    for (const needle of [...NEEDLES, 'ab', 'ax', 'aab', 'xab'])
      expect(verdicts(list, needle), needle).toEqual(values.map((value) => (value.includes(needle) ? 1 : 0)));
    expect(list.isDecoded()).toBe(false);
  });

  it("finds a filter's value in recipient lists read in place from the snapshot, across many parts of its text", async () => {
    const dir = await makeTempDir();
    const catalog = new Catalog();
    const people = (index: number) => JSON.stringify([{ name: `Person ${index} Müller`, address: `p${index}@example.org` }]);
    // About 2 MB of distinct Cc lists: several parts of the in-place text, values lying across their edges.
    const [mail] = await readCorpusMessages('usrp-users-list.mbox.gz', 1);
    const { record } = await normalizeMessage(mail!, testNormalizeContext);
    for (let index = 0; index < 30_000; index += 1)
      catalog.add({
        ...record,
        id: `id-${index}`,
        messageId: `m-${index}`,
        toJson: people(index % 7),
        ccJson: index % 10 === 0 ? '[]' : people(index),
      });
    await writeCatalogSnapshot(join(dir, 'snapshot'), catalog.parts(), { version: 1, rows: catalog.size, dataFiles: null });
    const loaded = Catalog.fromParts(await readCatalogSnapshot(join(dir, 'snapshot'), (await readCatalogManifest(join(dir, 'snapshot')))!));
    for (const value of ['person 2999 ', 'p29997@', 'müller', 'muller', 'p1', 'nobody', 'person 0 muller <p0@'])
      for (const field of ['cc', 'participants', 'to'] as const)
        expect([...filterMatches({ field, value }, loaded)], `${field}:${value}`).toEqual([...filterMatches({ field, value }, catalog)]);
    expect(filterMatches({ field: 'cc', value: 'p29997@' }, loaded).reduce((sum, bit) => sum + bit, 0)).toBe(1);
  });
});
