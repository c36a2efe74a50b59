// A query word matches the other forms of its English stem that the index holds, the form as written ranked first; a
// negated word leaves out only its written form; identifiers and numbers match as written.
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../shared/query/parse';
import type { CatalogRow } from '../store/messageRecord';
import { setBits } from '../search/bitset';
import { Evaluator } from '../search/evaluate';
import { Catalog } from './catalog';
import { KeywordIndex } from './keywordIndex';
import { StemVariants } from './keywordStems';
import { KeywordVocabulary } from './keywordVocabulary';
import { ENGLISH, STEMMING_LANGUAGES } from './stemmingLanguages';
import { plainRow } from '../../../test/plainRecords';

function row(ordinal: number): CatalogRow {
  return plainRow({ id: `m${ordinal}`, threadId: `t${ordinal}`, subject: '', date: ordinal });
}

const TEXTS = ['buffered reads', 'the buffer ring', 'buffering too much', 'buffers everywhere', 'buff muscles', 'io_uring buffers2'];

function searchOver(index: KeywordIndex): (query: string) => number[] {
  const catalog = new Catalog();
  TEXTS.forEach((_, ordinal) => catalog.add(row(ordinal)));
  return (query) => {
    const { matches, scores } = new Evaluator(catalog, index, 'all').evaluate(parseQuery(query, { timeZone: 'UTC' }).root);
    return setBits(matches).sort((first, second) => scores[second]! - scores[first]! || first - second);
  };
}

describe('stemmed query words', () => {
  for (const isFolded of [true, false]) {
    it(`finds every form of the stem, the written one first (${isFolded ? 'packed postings' : 'live postings'})`, () => {
      const index = new KeywordIndex(isFolded ? 1 : 1_000);
      TEXTS.forEach((text, ordinal) => index.add(ordinal, { content: text, meta: '' }));
      expect(index.stemVariants('buffers').sort()).toEqual(['buffer', 'buffered', 'buffering']);
      const search = searchOver(index);
      expect(search('buffers')[0]).toBe(3);
      expect(search('buffers').sort()).toEqual([0, 1, 2, 3]);
      expect(search('buffered')[0]).toBe(0);
      // Only the written form is left out; an identifier or a word with digits is not stemmed.
      expect(search('ring -buffers')).toEqual([1]);
      expect(index.stemVariants('buffers2')).toEqual([]);
      expect(index.stemVariants('io_uring')).toEqual([]);
    });
  }
});

describe('stemmed query words in other languages', () => {
  const language = (name: string) => STEMMING_LANGUAGES.find((each) => each.name === name)!;
  const vocabulary = new KeywordVocabulary(
    () => [['buff', 'buffer', 'buffers', 'facture', 'facturees', 'factures', 'rechnung', 'rechnungen', 'vertrag', 'vertragen']],
    ['payez', 'payer'],
  );

  it("finds a word's forms in the languages given, besides English", () => {
    const stems = new StemVariants();
    expect(stems.variants('rechnung', vocabulary, [ENGLISH])).toEqual([]);
    expect(stems.variants('rechnung', vocabulary, [ENGLISH, language('german')])).toEqual(['rechnungen']);
    expect(stems.variants('vertrag', vocabulary, [language('german')])).toEqual(['vertragen']);
    // The index folds "facturées" to "facturees"; French stems drop a final e so it joins "facture" all the same.
    expect(stems.variants('facture', vocabulary, [ENGLISH, language('french')]).sort()).toEqual(['facturees', 'factures']);
    expect(stems.variants('payer', vocabulary, [language('french')])).toEqual(['payez']);
  });

  it('finds the forms whose stem the stemmer spelled another way: "days" -> dai finds "day"', () => {
    expect(new StemVariants().variants('days', new KeywordVocabulary(() => [['day', 'daylight', 'days']]), [ENGLISH])).toEqual(['day']);
  });

  it('keeps English as it was when English is the only language', () => {
    expect(new StemVariants().variants('buffers', vocabulary, [ENGLISH])).toEqual(['buffer']);
    expect(new StemVariants().variants('buffers', vocabulary, [ENGLISH, language('german')]).sort()).toEqual(['buff', 'buffer']);
  });
});
