// The catalog's folded texts, folded as foldText folds them however many distinct texts an archive has, and the entry a
// listing reads.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages } from '../../../test/corpus';
import { testNormalizeContext } from '../../../test/normalizeContext';
import { normalizeMessage } from '../import/normalize';
import { Catalog } from './catalog';
import { FoldedTexts, listedEntryOf, REMEMBERED_TEXTS } from './catalogEntry';
import { readCatalogManifest, readCatalogSnapshot, writeCatalogSnapshot } from './catalogSnapshotFile';
import { foldText } from './fold';

describe('FoldedTexts', () => {
  it('folds every text as foldText does while remembering a bounded number of them', () => {
    const folded = new FoldedTexts();
    const texts = Array.from({ length: REMEMBERED_TEXTS * 3 }, (_, index) => `Ünïcode Sübject ${index}`);
    for (const text of texts) expect(folded.of(text)).toBe(foldText(text));
    const json = JSON.stringify([{ name: 'Jörg Müller', address: 'JOERG@Example.org' }]);
    for (let index = 0; index < REMEMBERED_TEXTS; index += 1)
      folded.peopleOf(JSON.stringify([{ name: `P${index}`, address: `p${index}@x` }]), 'toJson');
    expect(folded.peopleOf(json, 'ccJson')).toBe(foldText('Jörg Müller <JOERG@Example.org>'));
    expect(folded.held).toBeLessThanOrEqual(2 * REMEMBERED_TEXTS);
    // What the first texts fold to is the same after they were forgotten.
    expect(folded.of(texts[0]!)).toBe(foldText(texts[0]!));
  });
});

describe('listedEntryOf', () => {
  it('lists every message of a saved catalog without decoding its folded senders and recipients', async () => {
    const dir = await makeTempDir();
    const [mail] = await readCorpusMessages('usrp-users-list.mbox.gz', 1);
    const { record } = await normalizeMessage(mail!, testNormalizeContext);
    const catalog = new Catalog();
    const people = (index: number) => JSON.stringify([{ name: `Person ${index}`, address: `p${index}@example.org` }]);
    for (let index = 0; index < 3000; index += 1)
      catalog.add({ ...record, id: `id-${index}`, messageId: `m-${index}`, toJson: people(index), ccJson: people(index + 1) });
    await writeCatalogSnapshot(join(dir, 'snapshot'), catalog.parts(), { version: 1, rows: catalog.size, dataFiles: null });
    const loaded = Catalog.fromParts(await readCatalogSnapshot(join(dir, 'snapshot'), (await readCatalogManifest(join(dir, 'snapshot')))!));
    for (let ordinal = 0; ordinal < loaded.size; ordinal += 1) {
      const { foldedSubject, row, labels, attachments } = catalog.entry(ordinal);
      expect(listedEntryOf(loaded, ordinal)).toEqual({ foldedSubject, row, labels, attachments });
    }
    expect([loaded.columns.to.isDecoded(), loaded.columns.cc.isDecoded(), loaded.columns.from.isDecoded()]).toEqual([false, false, false]);
    // Whole entries read them all.
    for (let ordinal = 0; ordinal < loaded.size; ordinal += 1) loaded.entry(ordinal);
    expect(loaded.columns.to.isDecoded()).toBe(true);
  });
});
