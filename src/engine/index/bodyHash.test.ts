// A body hash collapses spacing as /\s+/ to ' ' does, so hashes saved before and after this reading agree.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { bodyHashOf } from './bodyHash';

/** The hash by its definition: spacing collapsed by /\s+/g, trimmed, lowercased, the first 48 bits of its SHA-1. */
function byDefinition(text: string): number {
  return createHash('sha1').update(text.replace(/\s+/g, ' ').trim().toLowerCase()).digest().readUIntBE(0, 6) || 1;
}

describe('bodyHashOf', () => {
  it('collapses every kind of spacing as /\\s+/ does', () => {
    const texts = ['', ' ', 'a b', 'a  b', 'a \t b', '\n\nx\r\n', 'a\u00a0b\u2028c\ufeffd', ' İstanbul \u3000 Straße ', 'tab\tonly'];
    for (const text of texts) expect(bodyHashOf(text)).toBe(byDefinition(text));
  });

  it('gives real mail the hash of its definition', async () => {
    for (const bytes of await readCorpusMessages('io-uring-list.mbox.gz', 200)) {
      const text = bytes.toString('latin1');
      expect(bodyHashOf(text)).toBe(byDefinition(text));
    }
  });
});
