// Phrase verdicts are kept per phrase, survive the archive growing, and the least recently asked phrase goes first.
import { describe, expect, it } from 'vitest';
import { PhraseVerdicts } from './phraseFilter';

describe('PhraseVerdicts', () => {
  it('keeps what was learnt about a phrase as the archive grows', () => {
    const remembered = new PhraseVerdicts();
    const first = remembered.verdicts('zero copy', 3);
    first[1] = 2;
    const grown = remembered.verdicts('zero copy', 5);
    expect([...grown]).toEqual([0, 2, 0, 0, 0]);
    expect(remembered.verdicts('zero copy', 5)).toBe(grown);
  });

  it('forgets the least recently asked phrase beyond sixteen', () => {
    const remembered = new PhraseVerdicts();
    remembered.verdicts('phrase 0', 2)[0] = 1;
    remembered.verdicts('phrase 1', 2)[0] = 1;
    for (let index = 2; index <= 16; index += 1) {
      remembered.verdicts('phrase 1', 2);
      remembered.verdicts(`phrase ${index}`, 2);
    }
    expect([...remembered.verdicts('phrase 1', 2)]).toEqual([1, 0]);
    expect([...remembered.verdicts('phrase 0', 2)]).toEqual([0, 0]);
  });
});
