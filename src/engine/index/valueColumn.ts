// One string field of every message as numbers into its distinct values, so a filter tests each distinct value once.
import { StringList } from './stringList';
import { positionsInSteps } from './positionsInSteps';
import { NumberColumn, type SavedNumbers } from './numberColumn';

/** A column's distinct values and, per message, the number of its value. */
export interface ValueColumnParts {
  values: StringList;
  numbers: SavedNumbers;
}

/**
 * A mailing list has a few thousand senders, recipient lists and folders among a million messages: testing
 * `from:axboe` against each distinct sender and copying the verdicts out by number costs a fraction of testing every
 * message's sender (at 100k messages the per-message tests were half of an operator query's time).
 */
export class ValueColumn {
  /** Distinct values, in order of first appearance (a snapshot's decoded as they are asked for). */
  private values = StringList.of([]);
  /** Numbers by value, made at the first `set` after a snapshot's load: an engine that only reads never needs them. */
  private numberOfValue: Map<string, number> | null = new Map();
  /** Per ordinal, the number of its value. */
  private numbers = new NumberColumn();

  /** A column of `length` messages as a snapshot saved it (see catalogSnapshot.ts). */
  static fromParts(parts: ValueColumnParts): ValueColumn {
    const column = new ValueColumn();
    column.values = parts.values;
    column.numberOfValue = null;
    column.numbers = NumberColumn.of(parts.numbers);
    return column;
  }

  /** The distinct values and the first `length` messages' numbers into them. */
  parts(length: number): ValueColumnParts {
    return { values: this.values, numbers: this.numbers.saved(length) };
  }

  /** Whether the distinct values are held decoded, as strings (for the memory a column keeps). */
  isDecoded(): boolean {
    return this.values.isDecoded();
  }

  /** Values read one by one, never decoded whole by reads alone (see StringList.readSingly). */
  readSingly(): void {
    this.values.readSingly();
  }

  private get numberOf(): Map<string, number> {
    this.numberOfValue ??= new Map(this.values.all().map((value, number) => [value, number]));
    return this.numberOfValue;
  }

  /** Makes the numbers by value a step at a time, if a snapshot's column has none yet (see Catalog.lookupSteps). */
  *numberSteps(): Generator<void> {
    if (this.numberOfValue) return;
    const values = this.values.all();
    yield;
    const made = yield* positionsInSteps(values);
    // Kept unless a value was set meanwhile, which made the numbers whole.
    this.numberOfValue ??= made;
  }

  set(ordinal: number, value: string): void {
    let number = this.numberOf.get(value);
    if (number === undefined) {
      number = this.values.length;
      this.values.push(value);
      this.numberOf.set(value, number);
    }
    this.numbers.set(ordinal, number);
  }

  /** The value of a message that was set. */
  valueAt(ordinal: number): string {
    return this.values.at(this.numbers.at(ordinal));
  }

  /** How many distinct values there are: every message's number is below it. */
  get valueCount(): number {
    return this.values.length;
  }

  /** The numbers of messages `from` to `from + into.length - 1`, written into `into` (see NumberColumn.copyInto). */
  numbersInto(into: Int32Array, from: number): void {
    this.numbers.copyInto(into, from);
  }

  /** How many of the first `length` messages have each value, by the value's number: no value decoded. */
  countsByNumber(length: number): Int32Array {
    const perNumber = new Int32Array(this.values.length);
    this.numbers.count(length, perNumber);
    return perNumber;
  }

  /** How many of the first `length` messages have each value (values no message has are left out). */
  counts(length: number): Map<string, number> {
    const perNumber = this.countsByNumber(length);
    const counts = new Map<string, number>();
    for (let number = 0; number < perNumber.length; number += 1)
      if (perNumber[number]! > 0) counts.set(this.values.at(number), perNumber[number]!);
    return counts;
  }

  /** The number of a message's value: equal numbers, equal values. */
  numberAt(ordinal: number): number {
    return this.numbers.at(ordinal);
  }

  /**
   * Sets the bit of every message (of the first `into.length`) whose value contains `text`: searched for in the saved
   * bytes of the distinct values while they are not decoded (see StringList.markContaining).
   */
  markContaining(into: Uint8Array, text: string): void {
    const verdicts = new Uint8Array(this.values.length);
    this.values.markContaining(text, verdicts);
    this.numbers.markBy(into, verdicts);
  }

  /** Sets the bit of every message (of the first `into.length`) whose value passes `test`; `test` runs once per distinct value. */
  mark(into: Uint8Array, test: (value: string, number: number) => boolean): void {
    // Filled by index: Uint8Array.from over the values made an iterator result per distinct value, every filter.
    const values = this.values.all();
    const verdicts = new Uint8Array(values.length);
    for (let number = 0; number < verdicts.length; number += 1) verdicts[number] = test(values[number]!, number) ? 1 : 0;
    this.numbers.markBy(into, verdicts);
  }
}
