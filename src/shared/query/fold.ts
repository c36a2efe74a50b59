// Lower-cases and strips diacritics so "Király" and "kiraly" match, and splits words: one normaliser for the query, the index and the engine.

/** Letters that Unicode decomposition leaves whole, spelled the way people type them without accents. */
const SPELLED_OUT: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th' };
const SPELLED_OUT_PATTERN = /[łøđħıßæœþ]/g;

/** Lower case, no combining marks, ł/ø/ß... spelled out; the length may change, so never map spans through it. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(SPELLED_OUT_PATTERN, (letter) => SPELLED_OUT[letter] ?? letter);
}

const BEYOND_ASCII = /[\u0080-\uffff]/;

/**
 * Splits text into folded words (letters and digits of any script), as the keyword index stores them; text with none
 * ("&", "—", an emoji) can never be found in that index.
 */
export function words(text: string): string[] {
  // ASCII folds to its lower case alone (nothing to decompose or spell out) and its letters and digits are [a-z0-9]:
  // the same words, found faster, for the plain ASCII that most mail is.
  if (!BEYOND_ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A phrase as the index's words read it ("Zero-Copy  RX" -> "zero copy rx"), for matching it in folded text. */
export function foldedPhrase(phrase: string): string {
  return words(phrase).join(' ');
}
