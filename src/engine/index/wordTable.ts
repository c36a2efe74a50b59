// A saved postings file's words kept as their UTF-8 bytes (one per line) with a hash table over them: opening decodes
// no word, a look-up decodes none, and only the words a search asks for by their beginning are decoded.

const LINE_BREAK = 10;
const EMPTY = -1;

/** FNV-1a over bytes[start, end): the same for a word's bytes wherever they lie. */
function hashOf(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index += 1) hash = Math.imul(hash ^ bytes[index]!, 0x01000193);
  return hash >>> 0;
}

/**
 * Splitting a 100k-message archive's 120k words into strings and a Map of them was a tenth of a whole `lantern search`
 * (issue 25), where one pass over their 1.3 MB finds where each starts and hashes it.
 */
export class WordTable {
  /** Word n is bytes[starts[n], starts[n + 1] - 1) (the last one's line break is the end of the bytes). */
  private readonly starts: Int32Array;
  /** Open addressing by hash: a word's number, or EMPTY; its length a power of two at least twice the words'. */
  private readonly slots: Int32Array;
  private readonly encoder = new TextEncoder();

  /** `bytes` are the words joined by line breaks, `count` how many there are; throws when they are not that. */
  constructor(
    private readonly bytes: Uint8Array,
    readonly count: number,
  ) {
    const starts = new Int32Array(count + 1);
    let word = 0;
    for (let index = 0; index < bytes.length && count > 0; index += 1) {
      if (bytes[index] !== LINE_BREAK) continue;
      word += 1;
      if (word >= count) throw new Error(`keyword index: the saved words are more than the ${count} listed`);
      starts[word] = index + 1;
    }
    if (count > 0 && word !== count - 1) throw new Error(`keyword index: the saved words are ${word + 1}, not the ${count} listed`);
    if (count === 0 && bytes.length > 0) throw new Error('keyword index: words are saved where none are listed');
    starts[count] = bytes.length + 1;
    this.starts = starts;
    let size = 1;
    while (size < count * 2) size *= 2;
    this.slots = new Int32Array(size).fill(EMPTY);
    for (let number = 0; number < count; number += 1) {
      const start = starts[number]!;
      const end = starts[number + 1]! - 1;
      const slot = this.find(start, end, hashOf(bytes, start, end), bytes);
      if (this.slots[slot] !== EMPTY) throw new Error('keyword index: saved postings are damaged (a word is listed twice)');
      this.slots[slot] = number;
    }
  }

  /** The slot holding the word whose bytes are given, or the empty slot where it would go. */
  private find(start: number, end: number, hash: number, from: Uint8Array): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const number = this.slots[slot]!;
      if (number === EMPTY || this.isWordAt(number, from, start, end)) return slot;
    }
  }

  private isWordAt(number: number, from: Uint8Array, start: number, end: number): boolean {
    const wordStart = this.starts[number]!;
    if (this.starts[number + 1]! - 1 - wordStart !== end - start) return false;
    for (let offset = 0; offset < end - start; offset += 1) if (this.bytes[wordStart + offset] !== from[start + offset]) return false;
    return true;
  }

  numberOf(word: string): number | undefined {
    if (this.count === 0) return undefined;
    // An ASCII word (almost every one) is its own UTF-8: hashed and compared by its character codes, nothing encoded.
    let hash = 0x811c9dc5;
    for (let index = 0; index < word.length; index += 1) {
      const code = word.charCodeAt(index);
      if (code >= 0x80) {
        const encoded = this.encoder.encode(word);
        const number = this.slots[this.find(0, encoded.length, hashOf(encoded, 0, encoded.length), encoded)]!;
        return number === EMPTY ? undefined : number;
      }
      hash = Math.imul(hash ^ code, 0x01000193);
    }
    const mask = this.slots.length - 1;
    for (let slot = (hash >>> 0) & mask; ; slot = (slot + 1) & mask) {
      const number = this.slots[slot]!;
      if (number === EMPTY) return undefined;
      if (this.isAsciiWordAt(number, word)) return number;
    }
  }

  private isAsciiWordAt(number: number, word: string): boolean {
    const start = this.starts[number]!;
    if (this.starts[number + 1]! - 1 - start !== word.length) return false;
    for (let offset = 0; offset < word.length; offset += 1) if (this.bytes[start + offset] !== word.charCodeAt(offset)) return false;
    return true;
  }

  private wordAt(number: number): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.length).toString(
      'utf8',
      this.starts[number],
      this.starts[number + 1]! - 1,
    );
  }

  /** Every word, in the order of their numbers. */
  all(): string[] {
    return this.count === 0 ? [] : Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.length).toString('utf8').split('\n');
  }

  /** The words that begin with `prefix`, in the order of their numbers: only they are decoded. */
  beginningWith(prefix: string): string[] {
    const wanted = this.encoder.encode(prefix);
    const found: string[] = [];
    for (let number = 0; number < this.count; number += 1) {
      const start = this.starts[number]!;
      if (this.starts[number + 1]! - 1 - start < wanted.length) continue;
      let matches = true;
      for (let offset = 0; offset < wanted.length && matches; offset += 1) matches = this.bytes[start + offset] === wanted[offset];
      if (matches) found.push(this.wordAt(number));
    }
    return found;
  }
}
