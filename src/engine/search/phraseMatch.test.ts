// The fast phrase check agrees with tokenising and folding the whole text, on examples and on random text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { words } from '../index/fold';
import { phraseMatcher } from './phraseMatch';

function reference(phrase: string, text: string): boolean {
  return ` ${words(text).join(' ')} `.includes(` ${phrase} `);
}

describe('phraseMatcher', () => {
  it.each([
    ['zero copy', 'We added Zero-copy receive to io_uring', true],
    ['zero copy', 'zero\n\n  copy', true],
    ['zero copy', 'zerocopy is different', false],
    ['sample rate', 'the sample rates differ', false],
    ['sample rate', 'a sample rate of 10 MS/s', true],
    ['kiraly janos', 'Mail from Király János about it', true],
    ['strasse', 'Hauptstraße 1', false],
    ['hauptstrasse 1', 'Hauptstraße 1', true],
    ['use after free', 'KASAN: use-after-free in io_ring_exit_work', true],
  ])('"%s" in %j is %s', (phrase, text, expected) => {
    expect(phraseMatcher(phrase).matches(text)).toBe(expected);
    expect(reference(phrase, text)).toBe(expected);
  });

  it('agrees with the full tokenisation on random text', () => {
    const piece = fc.constantFrom(
      'zero',
      'Zero',
      'ZÉRO',
      'zéro',
      'copy',
      'cöpy',
      'copies',
      ' ',
      '-',
      '\n',
      '_',
      '.',
      'x',
      'é',
      'ß',
      'ss',
      '1',
    );
    const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
    const phrase = fc.constantFrom('zero copy', 'copy zero', 'zero', 'copy copy', 'zero 1', 'ss copy');
    fc.assert(
      fc.property(phrase, text, (chosen, sample) => phraseMatcher(chosen).matches(sample) === reference(chosen, sample)),
      { numRuns: 5_000 },
    );
  });
});
