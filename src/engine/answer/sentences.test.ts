// Sentence splitting on mail text: abbreviations and initials, quoted replies, signatures and list footers.
import { describe, expect, test } from 'vitest';
import { splitSentences } from './sentences';

const texts = (text: string): string[] => splitSentences(text).map((sentence) => sentence.text);

describe('splitSentences', () => {
  test('does not split after abbreviations, initials or before a lower-case word', () => {
    expect(texts('Marcus D. Leech said so, e.g. in the thread. Dr. Smith agreed at 3 p.m. today! Why? Because.')).toEqual([
      'Marcus D. Leech said so, e.g. in the thread.',
      'Dr. Smith agreed at 3 p.m. today!',
      'Why?',
      'Because.',
    ]);
  });

  test('joins wrapped lines and keeps short label lines as one item', () => {
    const text =
      'This is a long line of prose that the mail client wrapped at about seventy\ncharacters for us.\n\nLocation:\nNational Instruments\n7125 Thomas Edison Drive\n';
    expect(texts(text)).toEqual([
      'This is a long line of prose that the mail client wrapped at about seventy characters for us.',
      'Location: National Instruments; 7125 Thomas Edison Drive',
    ]);
  });

  test('drops quoted lines, attributions, signatures and list footers', () => {
    const text = [
      'On Thu, May 2, 2019 at 11:26 AM Jane Doe via Some-list <',
      'list@example.com> wrote:',
      '> The quoted question?',
      'My own answer is yes.',
      '',
      '-- ',
      'Jane, Example Corp.',
    ].join('\n');
    expect(texts(text)).toEqual(['My own answer is yes.']);
    expect(texts('Short reply.\n_______________________________________________\nUSRP-users mailing list')).toEqual(['Short reply.']);
  });

  test('a bare link is not a sentence', () => {
    expect(
      texts('So new LNA, upgraded T/R switch it seems. https://files.example.com/ubx_revC.pdf <https://files.example.com/ubx_revC.pdf>'),
    ).toEqual(['So new LNA, upgraded T/R switch it seems.']);
  });

  test('bullets start new sentences', () => {
    expect(texts('My questions:\n - Is it viable\n - Which card works')).toEqual(['My questions:', 'Is it viable', 'Which card works']);
  });
});
