// The catalog's folded texts: folded as foldText folds them, however many distinct texts an archive has.
import { describe, expect, it } from 'vitest';
import { foldText } from './fold';
import { FoldedTexts, REMEMBERED_TEXTS } from './catalogEntry';

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
