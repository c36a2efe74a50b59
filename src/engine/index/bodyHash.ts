// A number naming a message's text up to spacing and case: copies of one mail filed twice have the same (see sameMail.ts).
import { nodeCrypto } from '../nodeCrypto';

/**
 * The spacing `/\s+/g` would replace by one space, less the single spaces it would put back: the same text, made from
 * far fewer pieces, as most of a text's spacing is single spaces already.
 */
const SPACING = /\s{2,}|[^\S ]/g;

/**
 * The first 48 bits of the SHA-1 of the text with its spacing collapsed and lowercased, never 0 (0 marks a text not yet
 * hashed). Only messages of one sender and subject within a day are compared, so 48 bits leave no chance of two mails
 * taken for one, and the number fits a Float64Array column. One call, not a Hash object per message (see normalize.ts).
 */
export function bodyHashOf(text: string): number {
  const digest = nodeCrypto().hash('sha1', text.replace(SPACING, ' ').trim().toLowerCase(), 'buffer');
  return digest.readUIntBE(0, 6) || 1;
}
