// Bitsets of one byte per message, combined and read four messages at a time: a search combines and reads several
// archive-sized bitsets, and in a freshly started engine every loop over 100k bytes runs before V8 has optimised it.

/** One byte per message: 1 when it matches. */
export type Bitset = Uint8Array;

/** The bytes as 32-bit words (the bytes past the last whole word left out); null when they do not start on a word. */
export function wordsOf(bits: Bitset): Uint32Array | null {
  return bits.byteOffset % 4 === 0 ? new Uint32Array(bits.buffer, bits.byteOffset, bits.length >>> 2) : null;
}

/** `into[i] &= bits[i]` for every i of `into` (bitwise, as one byte at a time). */
export function andInto(into: Bitset, bits: Bitset): void {
  let ordinal = 0;
  const intoWords = wordsOf(into);
  const bitsWords = into.length === bits.length ? wordsOf(bits) : null;
  if (intoWords !== null && bitsWords !== null) {
    for (let word = 0; word < intoWords.length; word += 1) intoWords[word]! &= bitsWords[word]!;
    ordinal = intoWords.length * 4;
  }
  for (; ordinal < into.length; ordinal += 1) into[ordinal]! &= bits[ordinal]!;
}

/** `into[i] |= bits[i]` for every i of `into` (bitwise, as one byte at a time). */
export function orInto(into: Bitset, bits: Bitset): void {
  let ordinal = 0;
  const intoWords = wordsOf(into);
  const bitsWords = into.length === bits.length ? wordsOf(bits) : null;
  if (intoWords !== null && bitsWords !== null) {
    for (let word = 0; word < intoWords.length; word += 1) intoWords[word]! |= bitsWords[word]!;
    ordinal = intoWords.length * 4;
  }
  for (; ordinal < into.length; ordinal += 1) into[ordinal]! |= bits[ordinal]!;
}

/** A bitset (`result`, as long as `bits`, or a new one) with every byte of `bits` xor 1: the messages `bits` leaves out. */
export function inverted(bits: Bitset, result: Bitset = new Uint8Array(bits.length)): Bitset {
  let ordinal = 0;
  const resultWords = wordsOf(result);
  const bitsWords = wordsOf(bits);
  if (resultWords !== null && bitsWords !== null) {
    for (let word = 0; word < resultWords.length; word += 1) resultWords[word] = bitsWords[word]! ^ 0x01010101;
    ordinal = resultWords.length * 4;
  }
  for (; ordinal < bits.length; ordinal += 1) result[ordinal] = bits[ordinal]! ^ 1;
  return result;
}

/** The sum of the bytes: how many messages are set. */
export function countBits(bits: Bitset): number {
  let count = 0;
  let ordinal = 0;
  const words = wordsOf(bits);
  if (words !== null) {
    for (let word = 0; word < words.length; word += 1) {
      const value = words[word]!;
      if (value !== 0) count += (value & 0xff) + ((value >>> 8) & 0xff) + ((value >>> 16) & 0xff) + (value >>> 24);
    }
    ordinal = words.length * 4;
  }
  for (; ordinal < bits.length; ordinal += 1) count += bits[ordinal]!;
  return count;
}

/**
 * The ordinals whose byte is not 0 (and that `isKept` keeps), in order; words of four unset messages are passed over
 * at once.
 */
export function setBits(bits: Bitset, isKept?: (ordinal: number) => boolean): number[] {
  const ordinals: number[] = [];
  let ordinal = 0;
  const words = wordsOf(bits);
  if (words !== null) {
    for (let word = 0; word < words.length; word += 1) {
      if (words[word] === 0) continue;
      for (let at = word * 4; at < word * 4 + 4; at += 1) if (bits[at] && (isKept === undefined || isKept(at))) ordinals.push(at);
    }
    ordinal = words.length * 4;
  }
  for (; ordinal < bits.length; ordinal += 1) if (bits[ordinal] && (isKept === undefined || isKept(ordinal))) ordinals.push(ordinal);
  return ordinals;
}

/** The smallest of `values` at the set bits (Infinity when none is), read in place: no list of ordinals is made. */
export function lowestAt(bits: Bitset, values: ArrayLike<number>): number {
  let lowest = Infinity;
  let ordinal = 0;
  const words = wordsOf(bits);
  if (words !== null) {
    for (let word = 0; word < words.length; word += 1) {
      if (words[word] === 0) continue;
      for (let at = word * 4; at < word * 4 + 4; at += 1) if (bits[at] && values[at]! < lowest) lowest = values[at]!;
    }
    ordinal = words.length * 4;
  }
  for (; ordinal < bits.length; ordinal += 1) if (bits[ordinal] && values[ordinal]! < lowest) lowest = values[ordinal]!;
  return lowest;
}

/**
 * The ordinals of the set bits at the given places among them (0 for the first set bit), for ascending places: what
 * indexing setBits' list gives, without the list (a phrase's even sample of a hundred thousand candidates).
 */
export function setBitsAt(bits: Bitset, places: readonly number[]): number[] {
  const found: number[] = [];
  let place = 0;
  const take = (ordinal: number): boolean => {
    while (found.length < places.length && places[found.length] === place) found.push(ordinal);
    place += 1;
    return found.length === places.length;
  };
  if (places.length === 0) return found;
  let ordinal = 0;
  const words = wordsOf(bits);
  if (words !== null) {
    for (let word = 0; word < words.length; word += 1) {
      const value = words[word]!;
      if (value === 0) continue;
      // A word whose set bits all come before the next place is counted, not read bit by bit.
      const count = (value & 0xff) + ((value >>> 8) & 0xff) + ((value >>> 16) & 0xff) + (value >>> 24);
      if (place + count <= places[found.length]!) {
        place += count;
        continue;
      }
      for (let at = word * 4; at < word * 4 + 4; at += 1) if (bits[at] && take(at)) return found;
    }
    ordinal = words.length * 4;
  }
  for (; ordinal < bits.length; ordinal += 1) if (bits[ordinal] && take(ordinal)) return found;
  return found;
}
