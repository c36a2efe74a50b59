// A keyword field's postings packed into one byte array: what a saved index loads into, and what the live FlexSearch
// index is folded into as an import goes on.

/** FlexSearch's rank slots per word (its resolution, see keywordIndex.ts). */
export const SLOTS = 3;

/** Ordinals as a JS array (FlexSearch's) or a decoded packed list. */
export type OrdinalList = ArrayLike<number> & Iterable<number>;

/** A word's postings as lists to read one after another, best first (FlexSearch keeps one list per rank slot). */
export type SlotLists = readonly (OrdinalList | null | undefined)[];

/**
 * Every word's postings in one byte array, slot after slot, each ordinal as the difference from the one before it in
 * seven-bit groups (a list's ordinals rise, so most differences take a byte). FlexSearch's own arrays were 400,000
 * JS arrays at 100k messages, traced by every major garbage collection; as 32-bit integers they took 82 MB there,
 * and as differences about a third of that. A word's lists are decoded when a search asks for them.
 */
export class FrozenPostings {
  constructor(
    /** Word → its number; word n's slot s is encoded in bytes[starts[n × SLOTS + s] .. starts[n × SLOTS + s + 1]). */
    private readonly numbers: Map<string, number>,
    private readonly starts: Int32Array,
    /** How many ordinals each word's slot holds, in the same order as `starts`. */
    private readonly counts: Int32Array,
    private readonly bytes: Uint8Array,
    readonly postingCount: number,
  ) {}

  static empty(): FrozenPostings {
    return new FrozenPostings(new Map(), new Int32Array(1), new Int32Array(0), new Uint8Array(0), 0);
  }

  slots(word: string): Int32Array[] | null {
    const number = this.numbers.get(word);
    if (number === undefined) return null;
    const first = number * SLOTS;
    return Array.from({ length: SLOTS }, (_, slot) => decode(this.bytes, this.starts[first + slot]!, this.counts[first + slot]!));
  }

  /** How many messages hold the word, without decoding its lists. */
  count(word: string): number {
    const number = this.numbers.get(word);
    if (number === undefined) return 0;
    let count = 0;
    for (let slot = 0; slot < SLOTS; slot += 1) count += this.counts[number * SLOTS + slot]!;
    return count;
  }

  /** Words in the order they were added, with their slots. */
  *entries(): Generator<[string, Int32Array[]]> {
    for (const word of this.numbers.keys()) yield [word, this.slots(word)!];
  }

  /**
   * This index's postings with `later`'s after them, slot by slot (later ordinals after earlier ones, as FlexSearch
   * appends them), for words of either; `later` holds words at most once.
   */
  merged(later: Iterable<[string, SlotLists]>): FrozenPostings {
    const laterByWord = new Map(later);
    const builder = new PostingsBuilder(this.bytes.length + [...laterByWord.values()].reduce((sum, slots) => sum + countOf(slots), 0));
    for (const [word, slots] of this.entries()) {
      const added = laterByWord.get(word);
      builder.append(word, added ? slots.map((ids, slot) => [ids, added[slot]]) : slots.map((ids) => [ids]));
      laterByWord.delete(word);
    }
    for (const [word, slots] of laterByWord) builder.append(word, slots.map((ids) => [ids]));
    return builder.build();
  }
}

function countOf(slots: SlotLists): number {
  return slots.reduce((sum, ids) => sum + (ids?.length ?? 0), 0);
}

/**
 * `count` ordinals encoded from `start`: each the previous one (0 before the first) plus a difference written as
 * zigzag (so an ordinal lower than the one before it still encodes) in little-endian seven-bit groups.
 */
function decode(bytes: Uint8Array, start: number, count: number): Int32Array {
  const ordinals = new Int32Array(count);
  let position = start;
  let previous = 0;
  for (let index = 0; index < count; index += 1) {
    let byte = bytes[position++]!;
    let zigzag = byte & 0x7f;
    for (let shift = 7; byte >= 0x80; shift += 7) {
      byte = bytes[position++]!;
      zigzag += (byte & 0x7f) * 2 ** shift;
    }
    previous += (zigzag >>> 1) ^ -(zigzag & 1);
    ordinals[index] = previous;
  }
  return ordinals;
}

/** Collects words' slots in order into a growing byte array; each word once. */
export class PostingsBuilder {
  private readonly numbers = new Map<string, number>();
  private starts: Int32Array;
  private counts: Int32Array;
  private bytes: Uint8Array;
  private length = 0;
  private postings = 0;
  /** The ordinal written last in the current slot (differences are taken from it). */
  private previous = 0;
  /** The current word's last closed slot boundary (an index into starts), and the word's last one. */
  private slot = 0;
  private wordEnd = 0;

  /** `expectedBytes`: room to start with; about one and a half bytes a posting once an archive is large. */
  constructor(expectedBytes = 1024) {
    this.bytes = new Uint8Array(Math.max(16, expectedBytes));
    this.starts = new Int32Array(1 + SLOTS * 1024);
    this.counts = new Int32Array(SLOTS * 1024);
  }

  /** Adds a word whose slot s holds the lists `parts[s]`, one after another. */
  append(word: string, parts: readonly SlotLists[]): void {
    this.beginWord(word);
    for (let slot = 0; slot < SLOTS; slot += 1) {
      for (const ids of parts[slot] ?? []) {
        if (!ids) continue;
        for (let index = 0; index < ids.length; index += 1) this.add(ids[index]!);
      }
      this.endSlot();
    }
  }

  /**
   * Starts a word whose ordinals follow one at a time (`add`), each slot closed by `endSlot`; slots not closed when
   * the next word begins or the postings are built are empty. For reading saved postings without arrays per slot.
   */
  beginWord(word: string): void {
    if (this.numbers.has(word)) throw new Error(`keyword index: the word "${word}" is listed twice`);
    this.closeWord();
    const number = this.numbers.size;
    this.numbers.set(word, number);
    if ((number + 1) * SLOTS + 1 > this.starts.length) {
      this.starts = grown(this.starts, (number + 1) * SLOTS + 1);
      this.counts = grown(this.counts, this.starts.length);
    }
    this.slot = number * SLOTS;
    this.wordEnd = this.slot + SLOTS;
    this.previous = 0;
  }

  add(ordinal: number): void {
    // At most five bytes for a 32-bit difference.
    if (this.length + 5 > this.bytes.length) this.bytes = grown(this.bytes, this.length + 5);
    const difference = ordinal - this.previous;
    let zigzag = ((difference << 1) ^ (difference >> 31)) >>> 0;
    while (zigzag >= 0x80) {
      this.bytes[this.length] = (zigzag & 0x7f) | 0x80;
      this.length += 1;
      zigzag >>>= 7;
    }
    this.bytes[this.length] = zigzag;
    this.length += 1;
    this.previous = ordinal;
    this.counts[this.slot]! += 1;
    this.postings += 1;
  }

  endSlot(): void {
    if (this.slot === this.wordEnd) throw new Error('keyword index: a word has more rank slots than the index keeps');
    this.slot += 1;
    this.starts[this.slot] = this.length;
    this.previous = 0;
  }

  /** Closes the current word's remaining slots as empty. */
  private closeWord(): void {
    while (this.slot < this.wordEnd) {
      this.slot += 1;
      this.starts[this.slot] = this.length;
    }
  }

  build(): FrozenPostings {
    this.closeWord();
    const words = this.numbers.size;
    // Trimmed to size: the doubling that grew them can leave up to half of each unused.
    const starts = this.starts.slice(0, words * SLOTS + 1);
    const counts = this.counts.slice(0, words * SLOTS);
    const bytes = this.bytes.length === this.length ? this.bytes : this.bytes.slice(0, this.length);
    return new FrozenPostings(this.numbers, starts, counts, bytes, this.postings);
  }
}

function grown<T extends Int32Array | Uint8Array>(array: T, atLeast: number): T {
  const next = new (array.constructor as new (length: number) => T)(Math.max(atLeast, array.length * 2));
  next.set(array);
  return next;
}
