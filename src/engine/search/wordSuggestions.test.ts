// "Did you mean …?" over a real store's keyword index: a misspelt word gets the archive's word, known words get nothing,
// and the suggestions arrive with the search result. Timed over 20,000 real messages' words.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, toMbox } from '../../../test/corpus';
import { withEngine } from '../../../test/engine';
import { words } from '../../shared/query/fold';
import { parseQuery } from '../../shared/query/parse';
import { KeywordIndex } from '../index/keywordIndex';
import { closestArchiveWord, wordSuggestions } from './wordSuggestions';

function indexOf(texts: string[]): KeywordIndex {
  const index = new KeywordIndex();
  texts.forEach((text, ordinal) => index.add(ordinal, { content: [...new Set(words(text))].join(' '), meta: '' }));
  return index;
}

describe('word suggestions', () => {
  it('offers the most frequent archive word one or two edits away', () => {
    const index = indexOf(['the budget for travel', 'budget review', 'a gadget', 'kernel scheduler patch']);
    expect(closestArchiveWord('budgte', index)).toBe('budget');
    expect(closestArchiveWord('buget', index)).toBe('budget');
    expect(closestArchiveWord('schedulre', index)).toBe('scheduler');
    expect(closestArchiveWord('xylophone', index)).toBeNull();
    const text = 'budgte scheduler';
    expect(wordSuggestions(text, parseQuery(text), index, [])).toEqual([
      { span: { start: 0, end: 6 }, replacement: 'budget', kind: 'word' },
    ]);
  });

  it('returns them, and an operator typo, with the search result, and says why each hit is there', async () => {
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'slice.mbox');
      await writeFile(file, toMbox(await readCorpusMessages('io-uring-list.mbox.gz', 200)));
      await engine.importPaths([file], 'slice');
      const misspelt = await engine.search({ query: 'submision queue', mode: 'keyword' });
      expect(misspelt.suggestions).toEqual([{ span: { start: 0, end: 9 }, replacement: 'submission', kind: 'word' }]);
      const typo = await engine.search({ query: 'form:jens', mode: 'keyword' });
      expect(typo.suggestions).toEqual([{ span: { start: 0, end: 4 }, replacement: 'from', kind: 'operator' }]);
      const found = await engine.search({ query: 'submission queue', mode: 'keyword' });
      expect(found.suggestions).toEqual([]);
      const reasons = found.hits[0]!.reasons!;
      expect(reasons.keywordRank).toBe(1);
      expect(reasons.meaningRank).toBeNull();
      expect(reasons.words.map((entry) => entry.word)).toEqual(['submission', 'queue']);
      expect(reasons.words.every((entry) => entry.fields.length > 0)).toBe(true);
      const understood = await engine.search({ query: '5 latest emails about io_uring' });
      expect(understood.understood?.map((item) => item.meaning)).toEqual(['limit 5', 'newest first']);
    });
  });

  // Speed is the bench's to measure, not a unit test's: here only that the right words come back from a real vocabulary.
  it('finds the archive word a misspelling meant, over 20,000 real messages', async () => {
    const messages = [
      ...(await readCorpusMessages('io-uring-list.mbox.gz')),
      ...(await readCorpusMessages('usrp-users-list.mbox.gz')),
    ].slice(0, 20_000);
    const index = indexOf(messages.map((message) => message.toString('latin1')));
    expect(closestArchiveWord('recieve', index)).toBe('receive');
    expect(closestArchiveWord('kernal', index)).toBe('kernel');
    const suggested = wordSuggestions('submision queue', parseQuery('submision queue'), index, []);
    expect(suggested.map((suggestion) => suggestion.replacement)).toEqual(['submission']);
  }, 120_000);
});
