// After documents are added, the vocabulary reads and sorts the packed words no more than once for as long as the
// packed postings stand, and still finds the words added since.
import { describe, expect, it } from 'vitest';
import { KeywordIndex } from './keywordIndex';
import { KeywordVocabulary } from './keywordVocabulary';
import { LivePostings } from './livePostings';
import { VocabularyWithRecent } from './vocabularyWithRecent';

describe('VocabularyWithRecent', () => {
  it('answers from one reading of the packed words, whatever the recent words of each batch', () => {
    let readings = 0;
    const packed = new KeywordVocabulary(() => {
      readings += 1;
      return [['buffer', 'buffered', 'bus', 'cable']];
    });
    for (let batch = 0; batch < 30; batch += 1) {
      const live = { content: new LivePostings(), meta: new LivePostings() };
      live.content.add(batch, `buffering${batch}`);
      const vocabulary = new VocabularyWithRecent(packed, live);
      expect(vocabulary.beginningWith('buf', 10)).toEqual(['buffer', 'buffered']);
      expect([...vocabulary.recent]).toEqual([`buffering${batch}`]);
    }
    expect(readings).toBe(1);
  });

  it('finds the live words by their beginning as reading every one of them finds them, content words first', () => {
    const live = { content: new LivePostings(), meta: new LivePostings() };
    const vocabulary = new VocabularyWithRecent(new KeywordVocabulary(() => []), live);
    const documents = [
      ['buffer ring buffered', 'bus'],
      ['buffering bu b', 'buffer cable buffers'],
      ['cable', 'buffered bufferbloat'],
    ];
    documents.forEach(([content, meta], ordinal) => {
      live.content.add(ordinal, content!);
      live.meta.add(ordinal, meta!);
      const read = new KeywordVocabulary(() => [], new Set([...live.content.words(), ...live.meta.words()]));
      for (const prefix of ['b', 'bu', 'buf', 'buffer', 'buffere', 'ca', 'cab', 'x'])
        expect(vocabulary.recentBeginningWith(prefix), prefix).toEqual(read.recentBeginningWith(prefix));
    });
    expect(vocabulary.recentBeginningWith('buf')).toEqual(['buffer', 'buffered', 'buffering', 'buffers', 'bufferbloat']);
  });

  it('stems a query word against the words added since as an index given them all at once does', () => {
    const documents = ['the buffer ring', 'buffered reads are slower', 'no buffering here', 'two buffers', 'rebuffering'];
    const growing = new KeywordIndex(100);
    growing.add(0, { content: documents[0]!, meta: '' });
    growing.stemVariants('buffers');
    documents.slice(1).forEach((content, index) => {
      growing.add(index + 1, { content, meta: '' });
      const whole = new KeywordIndex(100);
      documents.slice(0, index + 2).forEach((given, ordinal) => whole.add(ordinal, { content: given, meta: '' }));
      expect(growing.stemVariants('buffers')).toEqual(whole.stemVariants('buffers'));
      expect(growing.stemVariants('buffer')).toEqual(whole.stemVariants('buffer'));
    });
    expect(growing.stemVariants('buffer')).toEqual(['buffered', 'buffering', 'buffers']);
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
