// Per message, a number among a column's distinct values, held only as wide as the largest number needs.

/** The arrays a number column is held in, narrowest first; each holds the numbers below its limit (see WIDTHS). */
export type NumberArray = Uint8Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Int32Array<ArrayBuffer>;

/** A column every message of which has the same number: no array (a snapshot saves no bytes for it). */
export class ConstantNumbers {
  constructor(
    readonly number: number,
    readonly length: number,
  ) {}
}

/** A number column as a snapshot saves it: its array, or its one number. */
export type SavedNumbers = NumberArray | ConstantNumbers;

/** The widths in turn: the first whose limit is above the largest number holds a column. */
const WIDTHS: { limit: number; make: (length: number) => NumberArray }[] = [
  { limit: 1 << 8, make: (length) => new Uint8Array(length) },
  { limit: 1 << 16, make: (length) => new Uint16Array(length) },
  { limit: 2 ** 31, make: (length) => new Int32Array(length) },
];

/** Messages a column makes room for at once when it first needs an array. */
const FIRST_CAPACITY = 1024;

function limitOf(array: NumberArray): number {
  if (array instanceof Uint8Array) return WIDTHS[0]!.limit;
  return array instanceof Uint16Array ? WIDTHS[1]!.limit : WIDTHS[2]!.limit;
}

/** The narrowest width that holds `largest`. */
function widthFor(largest: number): (typeof WIDTHS)[number] {
  const width = WIDTHS.find(({ limit }) => largest < limit);
  if (width === undefined) throw new Error(`a number column holds numbers below ${WIDTHS[2]!.limit}, not ${largest}`);
  return width;
}

/** An array of `length` as narrow as `largest` allows, holding `from`'s numbers (and `fill` past them). */
function arrayFor(largest: number, length: number, from: NumberArray | null, fill: number): NumberArray {
  const array = widthFor(largest).make(length);
  if (fill !== 0) array.fill(fill);
  if (from !== null) array.set(from.subarray(0, Math.min(from.length, length)));
  return array;
}

/**
 * Most columns of an archive have a few distinct values among all its messages (one Bcc list, one folder, one source),
 * and few have more than 65,536: held as 32-bit numbers, every column cost four bytes a message, nearly half of the
 * snapshot's part held in memory. A column starts without an array and is made wider, in place, when a number set
 * passes what it holds (an import adds to a catalog read from its snapshot).
 */
export class NumberColumn {
  /** Null while every message has `constant`. */
  private array: NumberArray | null = null;
  private constant = 0;
  /** Numbers below this fit `array`. */
  private limit = 1;

  /** A column as a snapshot saved it (its array kept as it is: a view of the file's bytes read at open). */
  static of(saved: SavedNumbers): NumberColumn {
    const column = new NumberColumn();
    if (saved instanceof ConstantNumbers) column.constant = saved.number;
    else {
      column.array = saved;
      column.limit = limitOf(saved);
    }
    return column;
  }

  /**
   * The first `length` messages' numbers, as a snapshot saves them: as narrowly as they allow, which a column read
   * from an older snapshot (all 32-bit) or given other values since need not be in memory.
   */
  saved(length: number): SavedNumbers {
    if (this.array === null) return new ConstantNumbers(this.constant, length);
    const numbers = this.array.subarray(0, length);
    let smallest = numbers[0] ?? 0;
    let largest = smallest;
    for (let ordinal = 1; ordinal < length; ordinal += 1) {
      const number = numbers[ordinal]!;
      if (number < smallest) smallest = number;
      else if (number > largest) largest = number;
    }
    if (smallest === largest) return new ConstantNumbers(largest, length);
    return widthFor(largest).limit === this.limit ? numbers : arrayFor(largest, length, numbers, 0);
  }

  at(ordinal: number): number {
    const array = this.array;
    return array === null ? this.constant : array[ordinal]!;
  }

  set(ordinal: number, number: number): void {
    let array = this.array;
    if (array === null) {
      if (number === this.constant) return;
      array = arrayFor(Math.max(number, this.constant), Math.max(FIRST_CAPACITY, ordinal + 1), null, this.constant);
    } else if (number >= this.limit || ordinal >= array.length) {
      const length = ordinal < array.length ? array.length : Math.max(array.length * 2, ordinal + 1);
      array = arrayFor(Math.max(number, this.limit - 1), length, array, 0);
    } else {
      array[ordinal] = number;
      return;
    }
    this.array = array;
    this.limit = limitOf(array);
    array[ordinal] = number;
  }

  /** Writes the numbers of messages `from` to `from + into.length - 1` into `into`, in one copy. */
  copyInto(into: Int32Array, from: number): void {
    const array = this.array;
    if (array === null) into.fill(this.constant);
    else into.set(array.subarray(from, from + into.length));
  }

  /** Sets each of `into`'s bits whose message's number has a verdict of 1 (verdicts by number). */
  markBy(into: Uint8Array, verdicts: Uint8Array): void {
    const array = this.array;
    if (array === null) {
      const verdict = verdicts[this.constant]!;
      if (verdict !== 0) for (let ordinal = 0; ordinal < into.length; ordinal += 1) into[ordinal]! |= verdict;
      return;
    }
    for (let ordinal = 0; ordinal < into.length; ordinal += 1) into[ordinal]! |= verdicts[array[ordinal]!]!;
  }

  /** Adds each of the first `length` messages to `counts` at its number. */
  count(length: number, counts: Int32Array): void {
    const array = this.array;
    if (array === null) {
      if (length > 0) counts[this.constant]! += length;
      return;
    }
    for (let ordinal = 0; ordinal < length; ordinal += 1) counts[array[ordinal]!]! += 1;
  }
}
