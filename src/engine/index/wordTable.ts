// A saved postings file's words kept as their UTF-8 bytes (one per line) with a hash table over them, saved beside
// them (see wordTableFile.ts) or built at the first look-up: opening decodes no word, a look-up decodes none, and only
// the words a search asks for by their beginning are decoded.

import { FNV_OFFSET, FNV_PRIME, hashOfBytes } from './fnvHash';
import { groupWords, isGroupsOf, numbersBeginningWith } from './wordGroups';

const LINE_BREAK = 10;
const LINE_BREAK_BYTE = Buffer.from([LINE_BREAK]);
const EMPTY = -1;

/** Whether `text` ends in the first half of a character beyond U+FFFF (a high surrogate). */
export function endsInHalfACharacter(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff;
}

/** Where each of `count` words joined by line breaks starts, with the end of the bytes plus one after the last. */
export function wordStartsOf(bytes: Uint8Array, count: number): Int32Array {
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
  return starts;
}

/** Slots of the hash table over `count` words: a power of two at least twice as many. */
export function slotCountFor(count: number): number {
  let size = 1;
  while (size < count * 2) size *= 2;
  return size;
}

/** What a word table saves: where each word starts, its hash table, and its words by their beginning (see wordGroups.ts). */
export interface SavedWordTable {
  starts: Int32Array;
  slots: Int32Array;
  /** Absent from tables saved before they were (see WORD_TABLE_FORMAT). */
  groups?: Int32Array;
}

/**
 * Splitting a 100k-message archive's 220k words into strings and a Map of them was a tenth of a whole `lantern search`
 * (issue 25), where one pass over their 2.8 MB finds where each starts and hashes it; building that hash table was
 * still a tenth, and a saved one is read instead.
 */
export class WordTable {
  /** Word n is bytes[starts[n], starts[n + 1] - 1) (the last one's line break is the end of the bytes). */
  readonly starts: Int32Array;
  /** Open addressing by hash: a word's number, or EMPTY; its length a power of two at least twice the words'; null until built. */
  private slots: Int32Array | null = null;
  /** The words by their first two bytes (see wordGroups.ts), when saved; a table without them searches its bytes. */
  private readonly groups: Int32Array | null = null;
  private readonly text: Buffer;
  private readonly encoder = new TextEncoder();

  /**
   * `bytes` are the words joined by line breaks, `count` how many there are, `saved` the table saved beside them (see
   * wordTableFile.ts; built here otherwise); throws when they are not that.
   */
  constructor(
    /** The words' UTF-8 joined by line breaks: read, never written. */
    readonly bytes: Uint8Array,
    readonly count: number,
    saved?: SavedWordTable,
  ) {
    this.text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    if (saved === undefined) this.starts = wordStartsOf(bytes, count);
    else {
      // A saved table was checked by its checksum; that it spans the words is what the look-ups rely on.
      const { starts, slots, groups } = saved;
      // With no words, the one start is the end of the bytes plus one (see wordStartsOf).
      const isFirstAtZero = count === 0 || starts[0] === 0;
      if (starts.length !== count + 1 || !isFirstAtZero || starts[count] !== bytes.length + 1 || slots.length !== slotCountFor(count))
        throw new Error(`keyword index: the saved word table does not span the ${count} words`);
      if (groups !== undefined && !isGroupsOf(groups, count))
        throw new Error(`keyword index: the saved word groups do not span the ${count} words`);
      this.starts = starts;
      this.slots = slots;
      this.groups = groups ?? null;
    }
  }

  /** The table to save beside the words. */
  saved(): Required<SavedWordTable> {
    return { starts: this.starts, slots: this.table(), groups: this.groups ?? groupWords(this.bytes, this.starts, this.count) };
  }

  /** The hash table, built at the first look-up when not saved; throws when a word is listed twice. */
  private table(): Int32Array {
    if (this.slots !== null) return this.slots;
    const slots = new Int32Array(slotCountFor(this.count)).fill(EMPTY);
    this.slots = slots;
    for (let number = 0; number < this.count; number += 1) {
      const start = this.starts[number]!;
      const end = this.starts[number + 1]! - 1;
      const slot = this.find(start, end, hashOfBytes(this.bytes, start, end), this.bytes);
      if (slots[slot] !== EMPTY) {
        this.slots = null;
        throw new Error('keyword index: saved postings are damaged (a word is listed twice)');
      }
      slots[slot] = number;
    }
    return slots;
  }

  /** The slot holding the word whose bytes are given, or the empty slot where it would go. */
  private find(start: number, end: number, hash: number, from: Uint8Array): number {
    const slots = this.slots!;
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const number = slots[slot]!;
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
    const slots = this.table();
    // An ASCII word (almost every one) is its own UTF-8: hashed and compared by its character codes, nothing encoded.
    let hash = FNV_OFFSET;
    for (let index = 0; index < word.length; index += 1) {
      const code = word.charCodeAt(index);
      if (code >= 0x80) {
        const encoded = this.encoder.encode(word);
        const number = slots[this.find(0, encoded.length, hashOfBytes(encoded, 0, encoded.length), encoded)]!;
        return number === EMPTY ? undefined : number;
      }
      hash = Math.imul(hash ^ code, FNV_PRIME);
    }
    const mask = slots.length - 1;
    for (let slot = (hash >>> 0) & mask; ; slot = (slot + 1) & mask) {
      const number = slots[slot]!;
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

  /** Word `number`, decoded. */
  wordAt(number: number): string {
    return this.text.toString('utf8', this.starts[number]!, this.starts[number + 1]! - 1);
  }

  /** Every word, in the order of their numbers. */
  all(): string[] {
    return this.count === 0 ? [] : this.text.toString('utf8').split('\n');
  }

  /**
   * The words that begin with `prefix`, in the order of their numbers: only they are decoded, found in their group
   * when the groups were saved, otherwise by a native search of the bytes for a line break followed by the prefix.
   */
  beginningWith(prefix: string): string[] {
    if (this.count === 0) return [];
    // A prefix cut inside a character beyond U+FFFF ends in half of it, which has no UTF-8 of its own: the words are
    // looked for by the whole characters before it and kept when their text begins with the half.
    if (endsInHalfACharacter(prefix)) return this.beginningWith(prefix.slice(0, -1)).filter((word) => word.startsWith(prefix));
    if (prefix === '') return this.all();
    const text = this.text;
    const wanted = Buffer.from(prefix);
    // A one-byte beginning spans 256 groups: the bytes are searched for it.
    if (this.groups !== null && wanted.length >= 2)
      return numbersBeginningWith(this.groups, this.bytes, this.starts, wanted).map((number) => this.wordAt(number));
    const found: string[] = [];
    const wordFrom = (start: number): string => {
      const end = text.indexOf(LINE_BREAK, start);
      return text.toString('utf8', start, end === -1 ? text.length : end);
    };
    if (text.length >= wanted.length && text.compare(wanted, 0, wanted.length, 0, wanted.length) === 0) found.push(wordFrom(0));
    const needle = Buffer.concat([LINE_BREAK_BYTE, wanted]);
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) found.push(wordFrom(at + 1));
    return found;
  }
}
