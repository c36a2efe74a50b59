// The words the keyword index and its queries see: plain ASCII takes a shorter way to the same words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, words } from './fold';

/** The definition: fold, then runs of letters and digits of any script. */
const definedWords = (text: string): string[] => foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];

const mailLike = fc
  .array(
    fc.constantFrom(
      'io_uring',
      'SQPOLL',
      'Re:',
      'v2',
      '0x1F',
      '--',
      ' ',
      '\n',
      '\t',
      'Király',
      'Straße',
      'Łódź',
      'ﬁle',
      '①',
      '日本語',
      'naïve',
      '😀',
      '\u0000',
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

describe('words', () => {
  it('splits ASCII into lower-case runs of letters and digits, exactly as the definition does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 200 }), (text) => {
        expect(words(text)).toEqual(definedWords(text));
      }),
    );
    expect(words('Re: [PATCH v2] io_uring/SQPOLL: fix 0x1F')).toEqual(['re', 'patch', 'v2', 'io', 'uring', 'sqpoll', 'fix', '0x1f']);
  });

  it('folds text beyond ASCII: accents dropped, ł and ß spelled out, any script kept', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 40 }), mailLike), (text) => {
        expect(words(text)).toEqual(definedWords(text));
      }),
    );
    expect(words('Király Straße Łódź ﬁle 日本語')).toEqual(['kiraly', 'strasse', 'lodz', 'file', '日本語']);
  });
});
