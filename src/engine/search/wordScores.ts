// The walk over one word's postings that marks the messages holding it and scores them: each kind of scoring in a small
// loop of its own, since this walk takes most of a common word query's time at a million messages.
import type { OrdinalList } from '../index/frozenPostings';

/**
 * Room for `size` messages in an array shared between searches that held `held`: exactly `size` at first, a quarter
 * more once the archive grows, so that searching during an import (the catalog a batch larger at each search) does
 * not allocate the archive's size again at each one (tens of megabytes at a million messages, and collections).
 */
export function capacityFor(size: number, held: number): number {
  return held === 0 ? size : Math.max(size, Math.ceil(held * 1.25));
}

/** One form's postings in one field, read list after list (its rank slots, best first). */
export interface ListWalk {
  /** Ordinals from here on are not in the catalog yet, and are passed over. */
  readonly size: number;
  /** 1 for each message found holding the word, in any field or form so far. */
  readonly hits: Uint8Array;
  /** The fields each message holds the word as written in (see FIELD_BITS), when this form is it. */
  readonly bits: Uint8Array | null;
  readonly fieldBit: number;
  /** The place of the list's first posting among the form's postings in the field. */
  rank: number;
  /** The form's postings in the field. */
  readonly count: number;
  /** The field's weight, times the stem's weight for another form. */
  readonly weight: number;
  /** Messages newly marked in `hits` so far. */
  held: number;
}

/** A posting's score: its form's weight, less the later it comes in the form's rank order (by up to a half). */
function scoreAt(walk: ListWalk, rank: number): number {
  return walk.weight * (1 - (0.5 * rank) / walk.count);
}

/** Marks the list's messages as holding the word, without scoring them (a negated word). */
export function markList(ordinals: OrdinalList, walk: ListWalk): void {
  const { size, hits, bits, fieldBit } = walk;
  let held = 0;
  for (let position = 0; position < ordinals.length; position += 1) {
    const ordinal = ordinals[position]!;
    if (ordinal >= size) continue;
    if (hits[ordinal] === 0) {
      hits[ordinal] = 1;
      held += 1;
    }
    if (bits !== null) bits[ordinal]! |= fieldBit;
  }
  walk.rank += ordinals.length;
  walk.held += held;
}

/** Marks the list's messages and adds each one's score times `weight` (the word's, known before the walk) to `scores`. */
export function scoreListDirectly(ordinals: OrdinalList, walk: ListWalk, weight: number, scores: Float64Array): void {
  const { size, hits, bits, fieldBit } = walk;
  let held = 0;
  let rank = walk.rank;
  for (let position = 0; position < ordinals.length; position += 1, rank += 1) {
    const ordinal = ordinals[position]!;
    if (ordinal >= size) continue;
    if (hits[ordinal] === 0) {
      hits[ordinal] = 1;
      held += 1;
    }
    if (bits !== null) bits[ordinal]! |= fieldBit;
    scores[ordinal]! += weight * scoreAt(walk, rank);
  }
  walk.rank = rank;
  walk.held += held;
}

/**
 * Dense per-message score arrays for one word at a time, with lists of the messages holding a score: the sums walk
 * only those (a pass over every message per field and per word, and two arrays of the archive's size allocated per
 * word list, were a large part of a word query's time at 100k messages). Kept between evaluations, always zeroed.
 */
export class ScoreScratch {
  // The field's and the word's arrays trade places at the word's first field (see fieldToTerm).
  private fieldScores: Float64Array;
  private termScores: Float64Array;
  private fieldHeld: Int32Array;
  private termHeld: Int32Array;
  private fieldCount = 0;
  private termCount = 0;

  /** Messages it has room for: at least the archive's, more while it grows (see capacityFor). */
  constructor(readonly capacity: number) {
    this.fieldScores = new Float64Array(capacity);
    this.termScores = new Float64Array(capacity);
    this.fieldHeld = new Int32Array(capacity);
    this.termHeld = new Int32Array(capacity);
  }

  /** Zeroes what an evaluation that failed halfway (a damaged postings block) left behind. */
  reset(): void {
    for (let index = 0; index < this.fieldCount; index += 1) this.fieldScores[this.fieldHeld[index]!] = 0;
    for (let index = 0; index < this.termCount; index += 1) this.termScores[this.termHeld[index]!] = 0;
    this.fieldCount = 0;
    this.termCount = 0;
  }

  /**
   * Marks the list's messages and raises each one's best score in this field so far to its score here if higher
   * (every score is above 0): the field's best of the word's forms.
   */
  raiseList(ordinals: OrdinalList, walk: ListWalk): void {
    const { size, hits, bits, fieldBit } = walk;
    const { fieldScores, fieldHeld } = this;
    let held = 0;
    let rank = walk.rank;
    let fieldCount = this.fieldCount;
    for (let position = 0; position < ordinals.length; position += 1, rank += 1) {
      const ordinal = ordinals[position]!;
      if (ordinal >= size) continue;
      if (hits[ordinal] === 0) {
        hits[ordinal] = 1;
        held += 1;
      }
      if (bits !== null) bits[ordinal]! |= fieldBit;
      const score = scoreAt(walk, rank);
      const known = fieldScores[ordinal]!;
      if (known === 0) fieldHeld[fieldCount++] = ordinal;
      if (score > known) fieldScores[ordinal] = score;
    }
    this.fieldCount = fieldCount;
    walk.rank = rank;
    walk.held += held;
  }

  /**
   * Marks the list's messages and sets each one's best score in this field to its score here: for the field's first
   * form, whose messages have no score in the field yet and are listed once (as raiseList would leave them, without
   * reading the scores first).
   */
  setList(ordinals: OrdinalList, walk: ListWalk): void {
    const { size, hits, bits, fieldBit } = walk;
    const { fieldScores, fieldHeld } = this;
    let held = 0;
    let rank = walk.rank;
    let fieldCount = this.fieldCount;
    for (let position = 0; position < ordinals.length; position += 1, rank += 1) {
      const ordinal = ordinals[position]!;
      if (ordinal >= size) continue;
      if (hits[ordinal] === 0) {
        hits[ordinal] = 1;
        held += 1;
      }
      if (bits !== null) bits[ordinal]! |= fieldBit;
      fieldHeld[fieldCount++] = ordinal;
      fieldScores[ordinal] = scoreAt(walk, rank);
    }
    this.fieldCount = fieldCount;
    walk.rank = rank;
    walk.held += held;
  }

  /** Marks the list's messages and adds each one's score to its word score: the field's only listed form has it once at most. */
  addList(ordinals: OrdinalList, walk: ListWalk): void {
    const { size, hits, bits, fieldBit } = walk;
    const { termScores, termHeld } = this;
    let held = 0;
    let rank = walk.rank;
    let termCount = this.termCount;
    for (let position = 0; position < ordinals.length; position += 1, rank += 1) {
      const ordinal = ordinals[position]!;
      if (ordinal >= size) continue;
      if (hits[ordinal] === 0) {
        hits[ordinal] = 1;
        held += 1;
      }
      if (bits !== null) bits[ordinal]! |= fieldBit;
      if (termScores[ordinal] === 0) termHeld[termCount++] = ordinal;
      termScores[ordinal]! += scoreAt(walk, rank);
    }
    this.termCount = termCount;
    walk.rank = rank;
    walk.held += held;
  }

  /**
   * Whether `held` messages with a score are better read by passing over every message: ascending and without the
   * list of ordinals read beside them, when they are a good part of the archive (a common word's).
   */
  private isDense(held: number): boolean {
    return held * 4 > this.capacity;
  }

  /**
   * Makes the field's best scores the word's, and clears the field's: for the word's first field, so 0 plus a score is
   * that score, and the two arrays trade places rather than the field's messages being read. A later field's best
   * scores are added to the word's by addTermTo.
   */
  fieldToTerm(): void {
    if (this.termCount !== 0) throw new Error('search: a field scored after the first was made the word score');
    [this.fieldScores, this.termScores] = [this.termScores, this.fieldScores];
    [this.fieldHeld, this.termHeld] = [this.termHeld, this.fieldHeld];
    this.termCount = this.fieldCount;
    this.fieldCount = 0;
  }

  /**
   * Adds each message's word score times `weight` to `scores`, and clears the word's; a field whose best scores were
   * not yet added to the word's (the last one walked) is added on the way, one pass fewer over its messages.
   */
  addTermTo(scores: Float64Array, weight: number): void {
    const { termScores, termHeld, termCount, fieldScores, fieldHeld, fieldCount } = this;
    if (fieldCount === 0 && this.isDense(termCount)) {
      for (let ordinal = 0; ordinal < this.capacity; ordinal += 1) {
        const score = termScores[ordinal]!;
        if (score === 0) continue;
        scores[ordinal]! += weight * score;
        termScores[ordinal] = 0;
      }
    } else if (this.isDense(termCount + fieldCount)) {
      for (let ordinal = 0; ordinal < this.capacity; ordinal += 1) {
        // The same sum as below: a score of 0 added to another leaves it as it was.
        const score = termScores[ordinal]! + fieldScores[ordinal]!;
        if (score === 0) continue;
        scores[ordinal]! += weight * score;
        termScores[ordinal] = 0;
        fieldScores[ordinal] = 0;
      }
    } else if (fieldCount === 0) {
      for (let index = 0; index < termCount; index += 1) {
        const ordinal = termHeld[index]!;
        scores[ordinal]! += weight * termScores[ordinal]!;
        termScores[ordinal] = 0;
      }
    } else {
      for (let index = 0; index < termCount; index += 1) {
        const ordinal = termHeld[index]!;
        scores[ordinal]! += weight * (termScores[ordinal]! + fieldScores[ordinal]!);
        termScores[ordinal] = 0;
        fieldScores[ordinal] = 0;
      }
      // The field's messages that had no word score yet: what is left of the field's (the others were cleared above).
      for (let index = 0; index < fieldCount; index += 1) {
        const ordinal = fieldHeld[index]!;
        const score = fieldScores[ordinal]!;
        if (score === 0) continue;
        scores[ordinal]! += weight * score;
        fieldScores[ordinal] = 0;
      }
    }
    this.termCount = 0;
    this.fieldCount = 0;
  }
}

let sharedScratch: ScoreScratch | null = null;

/** The scratch arrays shared between evaluations, zeroed, with room for `size` messages. */
export function scoreScratch(size: number): ScoreScratch {
  if (sharedScratch === null || sharedScratch.capacity < size)
    sharedScratch = new ScoreScratch(capacityFor(size, sharedScratch?.capacity ?? 0));
  sharedScratch.reset();
  return sharedScratch;
}
