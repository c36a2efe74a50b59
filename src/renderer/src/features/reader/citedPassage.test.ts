import { describe, expect, it } from 'vitest';
import { findCitedPassage } from './citedPassage';

const MAIL = `Hi all,

The venue for the March show is
the Laugh Factory on 3rd Street; doors open at 7pm.

> On Monday, Ann wrote:
> Where is the show?

Thanks, Bob`;

function marked(text: string, quote: string): string | null {
  const range = findCitedPassage(text, quote);
  return range ? text.slice(range.start, range.end) : null;
}

describe('findCitedPassage', () => {
  it('finds a sentence that was re-wrapped and re-spaced on its way to the answer', () => {
    expect(marked(MAIL, 'The venue for the March show is the Laugh Factory on 3rd Street; doors open at 7pm.')).toBe(
      'The venue for the March show is\nthe Laugh Factory on 3rd Street; doors open at 7pm',
    );
  });

  it('ignores case and punctuation between words', () => {
    expect(marked(MAIL, 'the laugh factory, on 3rd street')).toBe('the Laugh Factory on 3rd Street');
  });

  it('falls back to the opening words when the end of the quote was changed', () => {
    expect(marked(MAIL, 'The venue for the March show is the Laugh Factory downtown…')).toBe('The venue for the March show is\nthe');
  });

  it('finds nothing for a quote the text does not hold, or an empty one', () => {
    expect(findCitedPassage(MAIL, 'The budget is approved')).toBeNull();
    expect(findCitedPassage(MAIL, ' … ')).toBeNull();
  });

  it('treats regex characters in the quote as text', () => {
    expect(marked('cost (approx.) $5 [est]', 'cost (approx.) $5 [est]')).toBe('cost (approx.) $5 [est');
  });
});
