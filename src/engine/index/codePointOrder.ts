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
