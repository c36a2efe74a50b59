// A keyword field's postings packed into typed arrays: what a saved index loads into, and what the live FlexSearch
// index is folded into as an import goes on.

/** FlexSearch's rank slots per word (its resolution, see keywordIndex.ts). */
export const SLOTS = 3;

/** Ordinals as a JS array (FlexSearch's) or a view into packed postings. */
export type OrdinalList = ArrayLike<number> & Iterable<number>;

/** A word's postings as lists to read one after another, best first (FlexSearch keeps one list per rank slot). */
export type SlotLists = readonly (OrdinalList | null | undefined)[];

/**
 * Every word's postings in one Int32Array, slot after slot. At 100k messages FlexSearch's own arrays were 400,000 JS
 * arrays holding 175 of the engine's 326 MB of heap, all traced by every major garbage collection; as one buffer
 * they take half the bytes and nothing to trace.
 */
export class FrozenPostings {
  constructor(
    /** Word → its number; word n's slot s spans ids[starts[n × SLOTS + s] .. starts[n × SLOTS + s + 1]). */
    private readonly numbers: Map<string, number>,
    private readonly starts: Int32Array,
    private readonly ids: Int32Array,
  ) {}

  static empty(): FrozenPostings {
    return new FrozenPostings(new Map(), new Int32Array(1), new Int32Array(0));
  }

  get postingCount(): number {
    return this.ids.length;
  }

  slots(word: string): Int32Array[] | null {
    const number = this.numbers.get(word);
    if (number === undefined) return null;
    const first = number * SLOTS;
    return Array.from({ length: SLOTS }, (_, slot) => this.ids.subarray(this.starts[first + slot]!, this.starts[first + slot + 1]!));
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
    const builder = new PostingsBuilder(this.ids.length + [...laterByWord.values()].reduce((sum, slots) => sum + countOf(slots), 0));
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

/** Collects words' slots in order into growing typed arrays; each word once. */
export class PostingsBuilder {
  private readonly numbers = new Map<string, number>();
  private starts: Int32Array;
  private ids: Int32Array;
  private length = 0;
  /** The current word's last closed slot boundary (an index into starts), and the word's last one. */
  private slot = 0;
  private wordEnd = 0;

  constructor(expectedPostings = 1024) {
    this.ids = new Int32Array(Math.max(1, expectedPostings));
    this.starts = new Int32Array(1 + SLOTS * 1024);
  }

  /** Adds a word whose slot s holds the lists `parts[s]`, one after another. */
  append(word: string, parts: readonly SlotLists[]): void {
    this.beginWord(word);
    for (let slot = 0; slot < SLOTS; slot += 1) {
      for (const ids of parts[slot] ?? []) {
        if (!ids || ids.length === 0) continue;
        this.reserve(ids.length);
        if (ids instanceof Int32Array) this.ids.set(ids, this.length);
        else for (let index = 0; index < ids.length; index += 1) this.ids[this.length + index] = ids[index]!;
        this.length += ids.length;
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
    if ((number + 1) * SLOTS + 1 > this.starts.length) this.starts = grown(this.starts, (number + 1) * SLOTS + 1);
    this.slot = number * SLOTS;
    this.wordEnd = this.slot + SLOTS;
  }

  add(ordinal: number): void {
    if (this.length === this.ids.length) this.reserve(1);
    this.ids[this.length] = ordinal;
    this.length += 1;
  }

  endSlot(): void {
    if (this.slot === this.wordEnd) throw new Error('keyword index: a word has more rank slots than the index keeps');
    this.slot += 1;
    this.starts[this.slot] = this.length;
  }

  /** Closes the current word's remaining slots as empty. */
  private closeWord(): void {
    while (this.slot < this.wordEnd) {
      this.slot += 1;
      this.starts[this.slot] = this.length;
    }
  }

  private reserve(count: number): void {
    if (this.length + count > this.ids.length) this.ids = grown(this.ids, this.length + count);
  }

  build(): FrozenPostings {
    this.closeWord();
    const words = this.numbers.size;
    // Trimmed to size: the doubling that grew them can leave up to half of each unused.
    const starts = this.starts.slice(0, words * SLOTS + 1);
    const ids = this.ids.length === this.length ? this.ids : this.ids.slice(0, this.length);
    return new FrozenPostings(this.numbers, starts, ids);
  }
}

function grown(array: Int32Array, atLeast: number): Int32Array {
  const next = new Int32Array(Math.max(atLeast, array.length * 2));
  next.set(array);
  return next;
}
