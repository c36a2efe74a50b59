// A keyword field's postings packed into one byte array: what a saved index loads into, and what the live postings
// are folded into as an import goes on.
import { MemoryBytes, type PostingsBytes } from './postingsBytes';
import { MemorySink, type PostingsSink } from './postingsSink';
import { WordTable } from './wordTable';
import { positionsInSteps } from './positionsInSteps';

/** Rank slots per word (see rankSlot in livePostings.ts). */
export const SLOTS = 3;

/** Words or grown slots per step of a merge in turns (see `mergeSteps`): well under a turn's milliseconds. */
const STEP_SIZE = 256;

/** A slot whose count does not fit its bytes, found when the slot is read: the index must be rebuilt from the messages. */
export class SlotDamage extends Error {}

/** Ordinals as a JS array (the live postings') or a decoded packed list. */
export type OrdinalList = ArrayLike<number> & Iterable<number>;

/** A word's postings as lists to read one after another, best first (one list per rank slot). */
export type SlotLists = readonly (OrdinalList | null | undefined)[];

/** Where a search's decoded lists go (see search/archiveArrays.ts): arrays it gives back when it ends. */
export interface OrdinalArrays {
  ordinals(length: number): Int32Array;
}

/** The arrays a FrozenPostings is made of, as a saved index holds them (see postingsFile.ts). */
export interface PostingsParts {
  /** Words in the order of their numbers. */
  words: readonly string[];
  starts: Int32Array;
  counts: Int32Array;
  /** In memory, or a saved file read in place (see postingsFileBytes.ts). */
  bytes: PostingsBytes;
}

/**
 * Every word's postings in one byte array, slot after slot, each ordinal as the difference from the one before it in
 * seven-bit groups (a list's ordinals rise, so most differences take a byte). As JS arrays (as live postings hold
 * them) postings are hundreds of thousands of arrays, traced by every major garbage collection; as differences they
 * take about a third of what 32-bit integers take (bench/measured-reasons.md). A word's lists are decoded when a search
 * asks for them. The words and slot tables are in memory; the bytes are in memory after a fold, and read from the saved
 * file in place once saved or loaded (issue 25: the bytes grow with the archive, and a search reads few words).
 */
export class FrozenPostings {
  private constructor(
    /**
     * Word → its number; word n's slot s is encoded in bytes[starts[n × SLOTS + s] .. starts[n × SLOTS + s + 1]).
     * Shared with the postings `merged` makes (copying millions of words at every fold cost seconds), which add their
     * new words to it: numbers past this one's own words are not this one's.
     */
    private numbers: Map<string, number> | null,
    private readonly starts: Int32Array,
    /** How many ordinals each word's slot holds, in the same order as `starts`. */
    private readonly counts: Int32Array,
    /** Replaced only by the same bytes elsewhere (see `moveTo`). */
    private bytes: PostingsBytes,
    /** A saved file's words, read in place until a merge or many look-ups need `numbers` (then null). */
    private table: WordTable | null = null,
  ) {}

  /** Look-ups in `table` so far: past a quarter of its words, an engine that stays open is better served by a Map. */
  private tableLookups = 0;
  static empty(): FrozenPostings {
    return new FrozenPostings(new Map(), new Int32Array(1), new Int32Array(0), new MemoryBytes(new Uint8Array(0)));
  }

  /** Postings from saved parts, checked so that damage cannot send a search outside the arrays. */
  static fromParts({
    words,
    starts,
    counts,
    bytes: given,
  }: Omit<PostingsParts, 'words' | 'bytes'> & {
    /** A saved file's words may be given as their bytes (see WordTable). */
    words: readonly string[] | WordTable;
    bytes: PostingsBytes | Uint8Array;
  }): FrozenPostings {
    const bytes = given instanceof Uint8Array ? new MemoryBytes(given) : given;
    const fail = (what: string): never => {
      throw new Error(`keyword index: saved postings are damaged (${what})`);
    };
    const wordCount = words instanceof WordTable ? words.count : words.length;
    if (starts.length !== wordCount * SLOTS + 1 || counts.length !== wordCount * SLOTS) fail('the slot tables do not match the words');
    if (starts[0] !== 0 || starts[starts.length - 1] !== bytes.length) fail('the slot table does not span the bytes');
    // Each slot's count is checked against its bytes when the slot is read (see `slotEnd`): checking every slot here
    // was a few milliseconds of every whole `lantern search` (issue 25), which reads the slots of a few words.
    if (words instanceof WordTable) return new FrozenPostings(null, starts, counts, bytes, words);
    return new FrozenPostings(FrozenPostings.numbered(words, fail), starts, counts, bytes);
  }

  private static numbered(words: readonly string[], fail: (what: string) => never): Map<string, number> {
    const numbers = new Map<string, number>();
    for (const word of words) numbers.set(word, numbers.size);
    if (numbers.size !== words.length) fail('a word is listed twice');
    return numbers;
  }

  /** Word → number for every word, made from the saved words when first needed (a merge adds words to it). */
  private wordNumbers(): Map<string, number> {
    if (this.numbers === null) {
      this.numbers = FrozenPostings.numbered(this.table!.all(), (what) => {
        throw new Error(`keyword index: saved postings are damaged (${what})`);
      });
      this.table = null;
    }
    return this.numbers;
  }

  /**
   * `wordNumbers` a few thousand words a step, for a merge in turns, which needs them: made in one step from a saved
   * file's words, they held the engine's thread 0.14-0.18 s at the fold ending an import into a 100k-message archive.
   */
  private *wordNumbersInSteps(): Generator<void, void> {
    if (this.numbers !== null) return;
    const words = this.table!.all();
    yield;
    const numbers = yield* positionsInSteps(words);
    if (numbers.size !== words.length) throw new Error('keyword index: saved postings are damaged (a word is listed twice)');
    // A look-up between the steps may have made them whole.
    if (this.numbers === null) {
      this.numbers = numbers;
      this.table = null;
    }
  }

  get wordCount(): number {
    return this.counts.length / SLOTS;
  }

  get postingCount(): number {
    let postings = 0;
    for (let index = 0; index < this.counts.length; index += 1) postings += this.counts[index]!;
    return postings;
  }

  /** The arrays to save; words in the order of their numbers. */
  parts(): PostingsParts {
    return { words: this.words(), starts: this.starts, counts: this.counts, bytes: this.bytes };
  }

  /** This postings' own words, in the order of their numbers. */
  words(): string[] {
    if (this.table !== null) return this.table.all();
    const words: string[] = [];
    for (const word of this.wordNumbers().keys()) {
      if (words.length === this.wordCount) break;
      words.push(word);
    }
    return words;
  }

  /**
   * This postings' own words as held, for the vocabulary to sort: a saved file's word table, read in place, or else the
   * strings of `numbers` (listed, not copied).
   */
  wordsAsHeld(): WordTable | string[] {
    return this.table ?? this.words();
  }

  private numberOf(word: string): number | undefined {
    const table = this.table;
    if (table !== null && (this.tableLookups += 1) > table.count / 4) this.wordNumbers();
    const number = this.table !== null ? this.table.numberOf(word) : this.wordNumbers().get(word);
    return number !== undefined && number < this.wordCount ? number : undefined;
  }

  slots(word: string, arrays?: OrdinalArrays): Int32Array[] | null {
    const number = this.numberOf(word);
    if (number === undefined) return null;
    const first = number * SLOTS;
    return Array.from({ length: SLOTS }, (_, slot) => this.decode(first + slot, arrays));
  }

  /** Whether the bytes are read from a saved file rather than held in memory. */
  get isInPlace(): boolean {
    return !(this.bytes instanceof MemoryBytes);
  }

  /**
   * Reads the bytes from `bytes` from now on: the same bytes, saved (after a save, so that the heap lets go of them).
   * The old source is closed.
   */
  moveTo(bytes: PostingsBytes): void {
    if (bytes.length !== this.bytes.length)
      throw new Error(`keyword index: the saved postings hold ${bytes.length} bytes, not the ${this.bytes.length} saved`);
    const old = this.bytes;
    this.bytes = bytes;
    old.close();
  }

  /** Every block of the saved bytes checked (for `lantern check`): what is wrong with the damaged ones. */
  damage(): string[] {
    return this.bytes.damage();
  }

  /** Closes the file the bytes are read from, if any. */
  close(): void {
    this.bytes.close();
  }

  private decode(index: number, arrays?: OrdinalArrays): Int32Array {
    const end = this.slotEnd(index);
    const count = this.counts[index]!;
    const ordinals = arrays ? arrays.ordinals(count) : new Int32Array(count);
    walk(this.bytes.read(this.starts[index]!, end), 0, ordinals.length, ordinals);
    return ordinals;
  }

  /** Where slot `index`'s bytes end, once its count is found to fit them (each ordinal takes one to five bytes). */
  private slotEnd(index: number): number {
    const count = this.counts[index]!;
    const end = this.starts[index + 1]!;
    const length = end - this.starts[index]!;
    if (count < 0 || length < count || length > count * 5)
      throw new SlotDamage(`keyword index: saved postings are damaged (slot ${index} holds ${count} ordinals in ${length} bytes)`);
    return end;
  }

  /** How many messages hold the word, without decoding its lists. */
  count(word: string): number {
    const number = this.numberOf(word);
    if (number === undefined) return 0;
    let count = 0;
    for (let slot = 0; slot < SLOTS; slot += 1) count += this.counts[number * SLOTS + slot]!;
    return count;
  }

  /**
   * These postings with `later`'s after them, slot by slot (later ordinals after earlier ones, as live postings append
   * them), for words of either; `later` holds words at most once. The encoded bytes are copied as they are, and an
   * added list continues its slot's differences: re-encoding every posting at every fold (27 ns each) held the engine
   * thread for seconds at a million messages, and searches waited. Afterwards use only the result (see `numbers`).
   * The merged bytes are written front to back into the sink `sinkOf` gives for their length (in memory by default).
   */
  merged(
    later: Iterable<[string, SlotLists]>,
    sinkOf: (length: number) => PostingsSink = (length) => new MemorySink(length),
  ): FrozenPostings {
    const steps = this.mergeSteps(later, sinkOf);
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * `merged` as steps of a few hundred words or slots each, for a merge in turns (see runInTurns in turns.ts): the
   * fold at an import's save held the engine's thread half a second at 100k messages while searches waited. Nothing
   * these postings hold changes until the last step, which gives the merged postings.
   */
  *mergeSteps(later: Iterable<[string, SlotLists]>, sinkOf: (length: number) => PostingsSink): Generator<void, FrozenPostings> {
    yield* this.wordNumbersInSteps();
    const words = this.wordCount;
    const added = new Encoder();
    // Per slot that grows, in slot order: its index, and where its added bytes are in `added`, and how many ordinals.
    const grown: number[] = [];
    const growing: [number, SlotLists][] = [];
    const fresh: [string, SlotLists][] = [];
    let counted = 0;
    for (const [word, slots] of later) {
      const number = this.numberOf(word);
      if (number === undefined) fresh.push([word, slots]);
      else growing.push([number, slots]);
      if (++counted % STEP_SIZE === 0) yield;
    }
    growing.sort((one, other) => one[0] - other[0]);
    yield;
    for (const [number, slots] of growing) {
      if (++counted % STEP_SIZE === 0) yield;
      for (let slot = 0; slot < SLOTS; slot += 1) {
        const ids = slots[slot];
        if (!ids || ids.length === 0) continue;
        const index = number * SLOTS + slot;
        const start = added.length;
        added.list(ids, this.lastOrdinal(index));
        grown.push(index, start, added.length, ids.length);
      }
    }
    const grownBytes = added.length;
    // New words' slots follow the old ones, each slot's differences from 0.
    const freshEnds: number[] = [];
    for (const [, slots] of fresh) {
      if (++counted % STEP_SIZE === 0) yield;
      for (let slot = 0; slot < SLOTS; slot += 1) {
        const ids = slots[slot];
        if (ids) added.list(ids, 0);
        freshEnds.push(added.length, ids?.length ?? 0);
      }
    }

    const sink = sinkOf(this.bytes.length + added.length);
    let bytes: PostingsBytes;
    try {
      yield* this.writeMerged(sink, added, grown, grownBytes);
      bytes = sink.finish();
    } catch (error) {
      sink.abandon();
      throw error;
    }
    const starts = new Int32Array((words + fresh.length) * SLOTS + 1);
    const counts = new Int32Array((words + fresh.length) * SLOTS);
    counts.set(this.counts);
    // Every boundary moves by the bytes added before it (see writeMerged).
    let shift = 0;
    let boundary = 0;
    for (let entry = 0; entry < grown.length; entry += 4) {
      const index = grown[entry]!;
      for (; boundary <= index; boundary += 1) starts[boundary] = this.starts[boundary]! + shift;
      shift += grown[entry + 2]! - grown[entry + 1]!;
      counts[index]! += grown[entry + 3]!;
    }
    for (; boundary <= words * SLOTS; boundary += 1) starts[boundary] = this.starts[boundary]! + shift;
    const freshBase = this.bytes.length;
    for (let slot = 0; slot < freshEnds.length; slot += 2) {
      starts[words * SLOTS + slot / 2 + 1] = freshBase + freshEnds[slot]!;
      counts[words * SLOTS + slot / 2] = freshEnds[slot + 1]!;
    }
    const numbers = this.wordNumbers();
    // Numbered after these postings' own words: a merge given up on (see KeywordIndex.foldInTurns) left its new words
    // in the shared map, numbered past these postings' words, which the next merge numbers again.
    fresh.forEach(([word], index) => numbers.set(word, words + index));
    return new FrozenPostings(numbers, starts, counts, bytes);
  }

  /**
   * The merged bytes, front to back: the old bytes in runs up to the end of each slot that grows, each followed by its
   * added bytes, then the new words' slots.
   */
  private *writeMerged(sink: PostingsSink, added: Encoder, grown: readonly number[], grownBytes: number): Generator<void, void> {
    let copied = 0;
    for (let entry = 0; entry < grown.length; entry += 4) {
      if ((entry / 4) % STEP_SIZE === STEP_SIZE - 1) yield;
      const end = this.starts[grown[entry]! + 1]!;
      sink.copyFrom(this.bytes, copied, end);
      copied = end;
      sink.write(added.bytes.subarray(grown[entry + 1]!, grown[entry + 2]!));
    }
    sink.copyFrom(this.bytes, copied, this.bytes.length);
    sink.write(added.bytes.subarray(grownBytes, added.length));
  }

  /** The last ordinal of a slot (0 when it is empty), which its next added ordinal is encoded after. */
  private lastOrdinal(index: number): number {
    return walk(this.bytes.read(this.starts[index]!, this.slotEnd(index)), 0, this.counts[index]!, null);
  }
}

/**
 * Reads `count` ordinals encoded from `start`, each the previous one (0 before the first) plus a difference written as
 * zigzag (so an ordinal lower than the one before it still encodes) in little-endian seven-bit groups; writes them
 * into `into` when given, and returns the last (0 for none).
 */
function walk(bytes: Uint8Array, start: number, count: number, into: Int32Array | null): number {
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
    if (into) into[index] = previous;
  }
  return previous;
}

/** Lists of ordinals encoded one after another into a growing byte array. */
class Encoder {
  bytes = new Uint8Array(1 << 16);
  length = 0;

  /** Each ordinal as its difference from the one before, `previous` before the first. */
  list(ids: OrdinalList, previous: number): void {
    // At most five bytes for a 32-bit difference.
    if (this.length + ids.length * 5 > this.bytes.length) {
      const next = new Uint8Array(Math.max(this.length + ids.length * 5, this.bytes.length * 2));
      next.set(this.bytes.subarray(0, this.length));
      this.bytes = next;
    }
    const { bytes } = this;
    let length = this.length;
    for (let index = 0; index < ids.length; index += 1) {
      const ordinal = ids[index]!;
      const difference = ordinal - previous;
      let zigzag = ((difference << 1) ^ (difference >> 31)) >>> 0;
      while (zigzag >= 0x80) {
        bytes[length++] = (zigzag & 0x7f) | 0x80;
        zigzag >>>= 7;
      }
      bytes[length++] = zigzag;
      previous = ordinal;
    }
    this.length = length;
  }
}
