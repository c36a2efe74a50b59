// The stemming languages' function words: folded as the keyword index holds words, each once, worked out when first
// asked for and the same list after.
import { describe, expect, it } from 'vitest';
import { stopwords as germanWords } from '@orama/stopwords/german';
import { words } from '../../shared/query/fold';
import { ENGLISH, STEMMING_LANGUAGES } from './stemmingLanguages';

describe('stemming languages', () => {
  it('hold their function words folded, each once, as the index spells them', () => {
    const german = STEMMING_LANGUAGES.find((language) => language.name === 'german')!;
    expect(german.functionWords).toContain('fur');
    expect(german.functionWords).not.toContain('für');
    expect(new Set(german.functionWords).size).toBe(german.functionWords.length);
    const expected = [...new Set(germanWords.flatMap((word) => (words(word).length === 1 ? words(word) : [])))];
    expect(german.functionWords).toEqual(expected);
    expect(ENGLISH.functionWords).toContain('the');
  });

  it('give the same list every time it is asked for', () => {
    for (const language of STEMMING_LANGUAGES) expect(language.functionWords).toBe(language.functionWords);
  });
});
