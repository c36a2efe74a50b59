// A keyword field's postings for the documents added since the last fold: per word, its ordinals by rank slot.
import { SLOTS, type OrdinalList, type SlotLists } from './frozenPostings';
import { isIdentifier } from './fold';
import { grown } from './grownArray';

/**
 * The rank slot of the word at `position` of a document of `count` words: the first word 0, the rest spread over the
 * slots by how early they come, so a search lists messages that mention a word early first. This is FlexSearch's
 * scoring at resolution 3 (its get_score), which built the live postings before these, so saved indexes keep their order.
 */
export function rankSlot(position: number, count: number): number {
  if (position === 0) return 0;
  if (count <= SLOTS) return position;
  return (((SLOTS - 1) / count) * position + 1) | 0;
}

/** The words are listed by this many first characters, the shortest beginning a stem variant is looked for by. */
const BEGINNING_LENGTH = 3;
/** An entry is a document's ordinal and its slot in the two low bits (SLOTS is 3). */
const SLOT_BITS = 2;
const SLOT_MASK = (1 << SLOT_BITS) - 1;
/** The arena is in chunks of this many entries, so it grows without copying what it holds. */
const CHUNK_BITS = 20;
const CHUNK_LENGTH = 1 << CHUNK_BITS;
/** A word's blocks double from the first's size up to the largest's: a rare word wastes little, a common one links few blocks. */
const FIRST_BLOCK = 2;
const LARGEST_BLOCK = 512;
/** Before a block's entries: the arena index of the word's next block (0 for none) and how many entries it has room for. */
const BLOCK_HEADER = 2;

const int32s = (length: number) => new Int32Array(length);

/**
 * Only what an import added since its last fold is held here, at most 50,000 documents. Each word's entries are in
 * linked blocks of one arena of 32-bit integers: as a plain array per word and slot they took several kilobytes a
 * document of list mail, every array traced by each major garbage collection (bench/measured-reasons.md).
 */
export class LivePostings {
  /** Word → its number, in the order the words came. */
  private readonly numbers = new Map<string, number>();
  /**
   * The words by their first BEGINNING_LENGTH characters, each list in the order the words came: a search looks the
   * words added since the last fold up by a query word's beginning, and reading every one of them for each query word
   * and language was most of a search's own time during a large import (issue 25).
   */
  private readonly byBeginning = new Map<string, string[]>();
  private readonly chunks: Int32Array[] = [];
  /** Where the next block goes: chunk by chunk, a block never crossing into the next chunk. */
  private free = CHUNK_LENGTH;
  /** Per word number: its first and last block, entries in the last one, entries in all, the last document's ordinal. */
  private firstBlock = new Int32Array(1024);
  private lastBlock = new Int32Array(1024);
  private lastUsed = new Int32Array(1024);
  private counts = new Int32Array(1024);
  private lastOrdinal = new Int32Array(1024);
  /** Per word number: 1 for an identifier kept whole (see isIdentifier), 0 for a word. */
  private isIdentifierWord = new Uint8Array(1024);
  /** The numbers of the words of the document being added, reused from one document to the next. */
  private documentNumbers = new Int32Array(256);

  /** `words` are a document's words, space-separated, in order, each once (see keywordDocumentOf). */
  add(ordinal: number, words: string): void {
    if (words === '') return;
    const terms = words.split(' ');
    // Each word's number is found once, and whether it is an identifier is kept by number: testing every word of a
    // document twice was most of the importing thread's keyword work.
    const numbers = (this.documentNumbers = grown(this.documentNumbers, terms.length, int32s));
    // An identifier kept whole (see indexedWords) takes the slot of the word after it (or of the last word) and counts
    // for none: the words keep the slots they had before identifiers were indexed, which ranked the eval's described
    // set better.
    let count = 0;
    for (let index = 0; index < terms.length; index += 1) {
      const word = terms[index]!;
      if (word === '') {
        numbers[index] = -1;
        count += 1;
        continue;
      }
      let number = this.numbers.get(word);
      if (number === undefined) number = this.addWord(word);
      numbers[index] = number;
      if (this.isIdentifierWord[number] === 0) count += 1;
    }
    let position = 0;
    for (let index = 0; index < terms.length; index += 1) {
      const number = numbers[index]!;
      const slot = rankSlot(Math.min(position, count - 1), count);
      if (number === -1 || this.isIdentifierWord[number] === 0) position += 1;
      if (number === -1 || this.lastOrdinal[number] === ordinal) continue;
      this.append(number, ordinal * (SLOT_MASK + 1) + slot);
      this.lastOrdinal[number] = ordinal;
    }
  }

  private addWord(word: string): number {
    const number = this.numbers.size;
    this.numbers.set(word, number);
    const beginning = word.slice(0, BEGINNING_LENGTH);
    const alike = this.byBeginning.get(beginning);
    if (alike === undefined) this.byBeginning.set(beginning, [word]);
    else alike.push(word);
    this.firstBlock = grown(this.firstBlock, number + 1, int32s);
    this.lastBlock = grown(this.lastBlock, number + 1, int32s);
    this.lastUsed = grown(this.lastUsed, number + 1, int32s);
    this.counts = grown(this.counts, number + 1, int32s);
    this.lastOrdinal = grown(this.lastOrdinal, number + 1, int32s);
    this.isIdentifierWord = grown(this.isIdentifierWord, number + 1, (length) => new Uint8Array(length));
    this.isIdentifierWord[number] = isIdentifier(word) ? 1 : 0;
    // No document has held it yet (0 is an ordinal).
    this.lastOrdinal[number] = -1;
    const block = this.block(FIRST_BLOCK);
    this.firstBlock[number] = block;
    this.lastBlock[number] = block;
    this.lastUsed[number] = 0;
    return number;
  }

  /** A new block's arena index, with room for `size` entries. */
  private block(size: number): number {
    if (this.free + BLOCK_HEADER + size > CHUNK_LENGTH) {
      this.chunks.push(new Int32Array(CHUNK_LENGTH));
      // Index 0 of the arena stays unused, so that 0 can mean no next block.
      this.free = this.chunks.length === 1 ? 1 : 0;
    }
    const chunk = this.chunks[this.chunks.length - 1]!;
    chunk[this.free] = 0;
    chunk[this.free + 1] = size;
    const index = ((this.chunks.length - 1) << CHUNK_BITS) + this.free;
    this.free += BLOCK_HEADER + size;
    return index;
  }

  private append(number: number, entry: number): void {
    let block = this.lastBlock[number]!;
    let chunk = this.chunks[block >>> CHUNK_BITS]!;
    let offset = block & (CHUNK_LENGTH - 1);
    const size = chunk[offset + 1]!;
    let used = this.lastUsed[number]!;
    if (used === size) {
      const next = this.block(Math.min(size * 2, LARGEST_BLOCK));
      chunk[offset] = next;
      block = next;
      chunk = this.chunks[block >>> CHUNK_BITS]!;
      offset = block & (CHUNK_LENGTH - 1);
      this.lastBlock[number] = block;
      used = 0;
    }
    chunk[offset + BLOCK_HEADER + used] = entry;
    this.lastUsed[number] = used + 1;
    this.counts[number]! += 1;
  }

  /** Calls `visit` with each entry of the word, in the order they were added. */
  private forEachEntry(number: number, visit: (entry: number) => void): void {
    const last = this.lastBlock[number]!;
    for (let block = this.firstBlock[number]!; ;) {
      const chunk = this.chunks[block >>> CHUNK_BITS]!;
      const offset = block & (CHUNK_LENGTH - 1);
      const used = block === last ? this.lastUsed[number]! : chunk[offset + 1]!;
      for (let index = 0; index < used; index += 1) visit(chunk[offset + BLOCK_HEADER + index]!);
      if (block === last) return;
      block = chunk[offset]!;
    }
  }

  /** The word's ordinals by slot, copied out of the arena; undefined for a word no live document holds. */
  slots(word: string): SlotLists | undefined {
    const number = this.numbers.get(word);
    if (number === undefined) return undefined;
    const lists: (number[] | undefined)[] = [];
    this.forEachEntry(number, (entry) => {
      const slot = entry & SLOT_MASK;
      const ordinals = lists[slot];
      if (ordinals === undefined) lists[slot] = [entry >>> SLOT_BITS];
      else ordinals.push(entry >>> SLOT_BITS);
    });
    return lists;
  }

  /** One slot of a word's ordinals, undefined when it has none. */
  slotOrdinals(number: number, slot: number): OrdinalList | undefined {
    let length = 0;
    this.forEachEntry(number, (entry) => {
      if ((entry & SLOT_MASK) === slot) length += 1;
    });
    if (length === 0) return undefined;
    const ordinals = new Int32Array(length);
    let filled = 0;
    this.forEachEntry(number, (entry) => {
      if ((entry & SLOT_MASK) === slot) ordinals[filled++] = entry >>> SLOT_BITS;
    });
    return ordinals;
  }

  count(word: string): number {
    const number = this.numbers.get(word);
    return number === undefined ? 0 : this.counts[number]!;
  }

  /** Every word live postings hold, in the order they came. */
  words(): Iterable<string> {
    return this.numbers.keys();
  }

  has(word: string): boolean {
    return this.numbers.has(word);
  }

  /** The words that begin with `prefix`, in the order they came (as `words` lists them). */
  wordsBeginningWith(prefix: string): string[] {
    if (prefix.length < BEGINNING_LENGTH) return [...this.numbers.keys()].filter((word) => word.startsWith(prefix));
    return (this.byBeginning.get(prefix.slice(0, BEGINNING_LENGTH)) ?? []).filter((word) => word.startsWith(prefix));
  }

  /**
   * Every word with its slots, for folding into packed postings. A fold holds every word's slots until it has read
   * them all, so each slot is copied out of the arena only when the fold reads it (see WordSlots).
   */
  *entries(): Iterable<[string, SlotLists]> {
    for (const [word, number] of this.numbers) yield [word, new WordSlots(this, number) as unknown as SlotLists];
  }
}

/** A word's slots read as an array of SLOTS lists (the fold reads them by index), each copied out when read. */
class WordSlots {
  readonly length = SLOTS;

  constructor(
    private readonly postings: LivePostings,
    private readonly number: number,
  ) {}

  get 0(): OrdinalList | undefined {
    return this.postings.slotOrdinals(this.number, 0);
  }

  get 1(): OrdinalList | undefined {
    return this.postings.slotOrdinals(this.number, 1);
  }

  get 2(): OrdinalList | undefined {
    return this.postings.slotOrdinals(this.number, 2);
  }
}
