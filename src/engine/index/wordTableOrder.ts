// A saved word table's words in the order of their UTF-8 bytes, kept as their numbers (four bytes a word) rather than
// as strings, sorted in turns, and the words a beginning picks found in that order by a binary search of the bytes.
import { runInTurns, TURN_MS } from '../store/turns';
import { endsInHalfACharacter, type WordTable } from './wordTable';

/** Words sorted in one step, and words keyed or merged in one step: well under a turn's milliseconds. */
const RUN_LENGTH = 4096;
const STEP_LENGTH = 16_384;
/** Bytes of a word that its key holds. */
const KEY_BYTES = 4;

/** The first four bytes of word `number`, big-endian, zeros after a shorter word: keys compare as the bytes do. */
function keyOf(bytes: Uint8Array, starts: Int32Array, number: number): number {
  const start = starts[number]!;
  const end = starts[number + 1]! - 1;
  let key = 0;
  for (let offset = 0; offset < KEY_BYTES; offset += 1) key = key * 256 + (start + offset < end ? bytes[start + offset]! : 0);
  return key;
}

/**
 * Compares two words by their bytes from the key's end on, for words whose keys are equal: those share their first four
 * bytes, or are the same word (no word holds a zero byte, so a shorter word's key differs from a longer one's).
 */
function compareAfterKeys(bytes: Uint8Array, starts: Int32Array, one: number, other: number): number {
  let at = starts[one]! + KEY_BYTES;
  let otherAt = starts[other]! + KEY_BYTES;
  const end = starts[one + 1]! - 1;
  const otherEnd = starts[other + 1]! - 1;
  for (; at < end && otherAt < otherEnd; at += 1, otherAt += 1) if (bytes[at] !== bytes[otherAt]) return bytes[at]! - bytes[otherAt]!;
  return end - at - (otherEnd - otherAt);
}

/** Merges the sorted numbers from[start, middle) and from[middle, end) into into[start, end), a step every STEP_LENGTH. */
function* mergeSteps(
  from: Int32Array,
  into: Int32Array,
  [start, middle, end]: [number, number, number],
  compare: (one: number, other: number) => number,
): Generator<void, void> {
  let first = start;
  let second = middle;
  for (let to = start; to < end; to += 1) {
    if (second >= end || (first < middle && compare(from[first]!, from[second]!) <= 0)) into[to] = from[first++]!;
    else into[to] = from[second++]!;
    if ((to - start) % STEP_LENGTH === STEP_LENGTH - 1) yield;
  }
}

/** The numbers of `table`'s words in the order of their bytes, as steps (see runInTurns). */
function* byteOrderSteps(table: WordTable): Generator<void, Int32Array> {
  const { bytes, starts, count } = table;
  const keys = new Uint32Array(count);
  let order = new Int32Array(count);
  for (let number = 0; number < count; number += 1) {
    keys[number] = keyOf(bytes, starts, number);
    order[number] = number;
    if (number % STEP_LENGTH === STEP_LENGTH - 1) yield;
  }
  const compare = (one: number, other: number): number => keys[one]! - keys[other]! || compareAfterKeys(bytes, starts, one, other);
  for (let start = 0; start < count; start += RUN_LENGTH) {
    order.subarray(start, start + RUN_LENGTH).sort(compare);
    yield;
  }
  let spare = new Int32Array(count);
  for (let width = RUN_LENGTH; width < count; width *= 2) {
    for (let start = 0; start < count; start += 2 * width)
      yield* mergeSteps(order, spare, [start, Math.min(start + width, count), Math.min(start + 2 * width, count)], compare);
    [order, spare] = [spare, order];
  }
  return order;
}

/** A word table's words in the order of their bytes (which is their code points'), each once. */
export class WordTableInByteOrder {
  private constructor(
    private readonly table: WordTable,
    /** The words' numbers in the order of their bytes. */
    private readonly order: Int32Array,
  ) {}

  /**
   * Sorted in turns, the thread given up between steps: sorted in one go, a 100k-message archive's words held the
   * engine's thread a third of a second while searches waited (issue 25). `turnMs` is for tests.
   */
  static async sortedInTurns(table: WordTable, turnMs = TURN_MS): Promise<WordTableInByteOrder> {
    return new WordTableInByteOrder(table, await runInTurns(byteOrderSteps(table), turnMs));
  }

  /** The first `most` words that begin with `prefix`, in order. */
  beginningWith(prefix: string, most: number): string[] {
    // See WordTable.beginningWith.
    const isCut = endsInHalfACharacter(prefix);
    const wanted = Buffer.from(isCut ? prefix.slice(0, -1) : prefix);
    const { order, table } = this;
    const end = this.firstAfter(wanted, true);
    const found: string[] = [];
    for (let index = this.firstAfter(wanted, false); index < end && found.length < most; index += 1) {
      const word = table.wordAt(order[index]!);
      if (!isCut || word.startsWith(prefix)) found.push(word);
    }
    return found;
  }

  /**
   * Where the first word stands (binary search) that comes after every word beginning with `wanted` when `pastThem`,
   * or else after every word before them.
   */
  private firstAfter(wanted: Uint8Array, pastThem: boolean): number {
    const { order } = this;
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const comparison = this.compareBeginning(order[middle]!, wanted);
      if (comparison < 0 || (pastThem && comparison === 0)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Word `number`'s first bytes against `wanted`: zero when the word begins with it. */
  private compareBeginning(number: number, wanted: Uint8Array): number {
    const { bytes, starts } = this.table;
    const start = starts[number]!;
    const length = starts[number + 1]! - 1 - start;
    const common = Math.min(length, wanted.length);
    for (let offset = 0; offset < common; offset += 1)
      if (bytes[start + offset] !== wanted[offset]) return bytes[start + offset]! - wanted[offset]!;
    return length < wanted.length ? -1 : 0;
  }
}
