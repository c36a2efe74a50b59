// The words the keyword index and its queries see: plain ASCII takes a shorter way to the same words; identifiers
// (words joined by _ - . /) are kept whole as well.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, identifiers, indexedWords, words } from './fold';

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
      '_',
      '-',
      '.',
      '/',
      'IORING_REGISTER_RING_SIZE',
      'v4.1.0',
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

describe('indexedWords and identifiers', () => {
  it('are the words, with each joined run of at most 40 characters just before its own words', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary-ascii', maxLength: 200 }), fc.string({ maxLength: 80 }), mailLike), (text) => {
        const indexed = indexedWords(text);
        const whole = new Set(identifiers(text));
        // Nothing that matched before stops matching: the words are all there, in order.
        expect(indexed.filter((word) => !/[-_./]/.test(word))).toEqual(words(text));
        for (const identifier of whole) {
          expect(identifier.length).toBeLessThanOrEqual(40);
          expect(indexed).toContain(identifier);
          const at = indexed.indexOf(identifier);
          expect(indexed.slice(at + 1, at + 1 + words(identifier).length)).toEqual(words(identifier));
        }
      }),
    );
  });

  it('keeps identifiers, versions, file and host names whole, and not URLs or trailing punctuation', () => {
    expect(indexedWords('Use IORING_REGISTER_RING_SIZE, then io_uring-test.')).toEqual([
      'use',
      'ioring_register_ring_size',
      'ioring',
      'register',
      'ring',
      'size',
      'then',
      'io_uring-test',
      'io',
      'uring',
      'test',
    ]);
    expect(identifiers('UHD v4.1.0 reads x300.cfg on lists.ettus.com; Ünïcode_Nämé/x')).toEqual([
      'v4.1.0',
      'x300.cfg',
      'lists.ettus.com',
      'unicode_name/x',
    ]);
    expect(identifiers('https://lore.kernel.org/io-uring/20230101123456.12345-1-someone@example.com/ -- a - b .x')).toEqual([
      'example.com',
    ]);
    expect(identifiers('plain words only')).toEqual([]);
  });
});
