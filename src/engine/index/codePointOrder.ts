// Words compared by their code points, the order of their UTF-8 bytes: the one order of the keyword vocabulary's
// look-ups by a word's beginning, whether its words are a saved file's bytes or strings held in memory.

/**
 * A UTF-16 unit moved so that units compare as code points do: JS compares strings by units, which puts a character
 * beyond U+FFFF (a surrogate pair, D800-DFFF) before one of U+E000-U+FFFF, where code points and bytes put it after.
 */
function codePointRank(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit;
}

/** Negative, zero or positive as `first` comes before, with or after `second` in code point order. */
export function compareCodePoints(first: string, second: string): number {
  const length = Math.min(first.length, second.length);
  for (let index = 0; index < length; index += 1) {
    const one = first.charCodeAt(index);
    const other = second.charCodeAt(index);
    if (one !== other) return one < 0xd800 || other < 0xd800 ? one - other : codePointRank(one) - codePointRank(other);
  }
  return first.length - second.length;
}

/** A UTF-16 unit of a character beyond U+FFFF: the only units whose order differs from their code points'. */
const SURROGATE = /[\ud800-\udfff]/;

/**
 * `words` sorted in code point order, in place: by JS's own comparison of strings when no word holds a surrogate, as
 * the orders then agree. A freshly started engine sorts the thousands of words a short stem begins, and a comparison
 * function called for each pair, before V8 had optimised it, was milliseconds of a word's search.
 */
export function sortByCodePoints(words: string[]): string[] {
  return words.some((word) => SURROGATE.test(word)) ? words.sort(compareCodePoints) : words.sort();
}
