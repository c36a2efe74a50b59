// After documents are added, the vocabulary reads and sorts the packed words no more than once for as long as the
// packed postings stand, and still finds the words added since.
import { describe, expect, it } from 'vitest';
import { KeywordIndex } from './keywordIndex';
import { KeywordVocabulary } from './keywordVocabulary';
import { VocabularyWithRecent } from './vocabularyWithRecent';

describe('VocabularyWithRecent', () => {
  it('answers from one reading of the packed words, whatever the recent words of each batch', () => {
    let readings = 0;
    const packed = new KeywordVocabulary(() => {
      readings += 1;
      return ['buffer', 'buffered', 'bus', 'cable'];
    });
    for (let batch = 0; batch < 30; batch += 1) {
      const vocabulary = new VocabularyWithRecent(packed, [`buffering${batch}`]);
      expect(vocabulary.beginningWith('buf', 10)).toEqual(['buffer', 'buffered']);
      expect([...vocabulary.recent]).toEqual([`buffering${batch}`]);
    }
    expect(readings).toBe(1);
  });

  it("gives the keyword index's word completions for packed and newly added words alike", () => {
    const index = new KeywordIndex(2);
    index.add(0, { content: 'transceiver transmit', meta: 'radio' });
    index.add(1, { content: 'transmit', meta: 'radio' });
    // Folded (two documents): the packed postings.
    expect(index.wordsBegunBy('trans')).toEqual(['transmit', 'transceiver']);
    index.add(2, { content: 'transponder', meta: '' });
    expect(index.wordsBegunBy('trans').sort()).toEqual(['transceiver', 'transmit', 'transponder']);
  });
});
