// Arrays that one search borrows and gives back when it ends: a search allocated several of the archive's size (a bitset
// per word and per node of the query, a score per message) and decoded its words' postings into more, and at a million
// messages that memory outside the JavaScript heap made V8 run a full collection every other search
// (bench/measured-reasons.md).

/**
 * Free arrays are kept up to the most the last RECENT searches used of each kind (at most these): kept beyond it, a long
 * query's arrays stayed in memory beside every later search's (the engine's peak RSS at a million messages rose by
 * about 75 MB); kept to the last search's alone, a word query after an operator one made its arrays anew.
 */
const MOST_KEPT_BYTES = 32;
const MOST_KEPT_SCORES = 4;
const RECENT = 8;

/** How many bitsets, score arrays and postings bytes each of the last RECENT searches used, oldest first. */
const recentUse: { bytes: number; scores: number; ordinalBytes: number }[] = [];

/** The most of each kind the last RECENT searches used, counting `use` as the latest. */
function mostRecentlyUsed(use: { bytes: number; scores: number; ordinalBytes: number }): typeof use {
  recentUse.push(use);
  if (recentUse.length > RECENT) recentUse.shift();
  return {
    bytes: Math.max(...recentUse.map((each) => each.bytes)),
    scores: Math.max(...recentUse.map((each) => each.scores)),
    ordinalBytes: Math.max(...recentUse.map((each) => each.ordinalBytes)),
  };
}
/** Searches come in bursts (typing, paging): a while after the last one, the free arrays are let go. */
const KEPT_MS = 20_000;

/** The most messages an array was made for so far. */
let largestSize = 0;

/**
 * Room for `size` messages: exactly that while the archive keeps its size, a quarter more once it grows, so that
 * searching during an import does not outgrow the arrays at each batch.
 */
function capacityFor(size: number): number {
  const isGrowing = largestSize > 0 && size > largestSize;
  largestSize = Math.max(largestSize, size);
  return isGrowing ? Math.ceil(size * 1.25) : size;
}

/** Zeroed arrays not lent to any search, each at least as long as the archive was when it was made. */
const freeBytes: Uint8Array[] = [];
const freeScores: Float64Array[] = [];
/** Free arrays for decoded postings, by their length's power of two; and how many bytes they hold together. */
const freeOrdinals = new Map<number, Int32Array[]>();
let freeOrdinalBytes = 0;
/** Decoded postings shorter than this are left to the collector: small, they hardly weigh on it. */
const SHORTEST_LENT_ORDINALS = 1 << 14;
/** Bytes of free postings arrays kept at most. */
const MOST_KEPT_ORDINAL_BYTES = 32 << 20;
let letGo: NodeJS.Timeout | null = null;

/** Empties the free lists KEPT_MS after the last search gave its arrays back, without keeping the process alive. */
function letGoLater(): void {
  if (letGo !== null) letGo.refresh();
  else {
    letGo = setTimeout(() => {
      freeBytes.length = 0;
      freeScores.length = 0;
      freeOrdinals.clear();
      freeOrdinalBytes = 0;
      recentUse.length = 0;
      letGo = null;
    }, KEPT_MS);
    letGo.unref();
  }
}

function take<T extends Uint8Array | Float64Array>(free: T[], size: number, make: (capacity: number) => T): T {
  for (let index = free.length - 1; index >= 0; index -= 1) {
    const array = free[index]!;
    if (array.length < size) continue;
    free.splice(index, 1);
    return array;
  }
  return make(capacityFor(size));
}

/** Zeroes and keeps the arrays `lent` while `free` holds fewer than `kept`, then drops any beyond `kept`. */
function keepFree<T extends Uint8Array | Float64Array>(free: T[], lent: T[], kept: number, size: number): void {
  for (const whole of lent) {
    if (free.length >= kept) break;
    whole.fill(0, 0, size);
    free.push(whole);
  }
  free.length = Math.min(free.length, kept);
}

/**
 * What one search borrowed: its bitsets and scores are `size` long (views of arrays at least that long), zeroed when lent.
 * `giveBack` keeps what was lent for the next search; a search that never gives back leaves its arrays to the collector.
 */
export class ArchiveArrays {
  private readonly lentBytes: Uint8Array[] = [];
  private readonly lentScores: Float64Array[] = [];
  private readonly lentOrdinals: Int32Array[] = [];

  constructor(readonly size: number) {}

  /** These arrays when they were lent for `size` messages; fresh ones for that size once the archive has grown. */
  ofSize(size: number): ArchiveArrays {
    return size === this.size ? this : new FreshArrays(size);
  }

  /** A zeroed byte per message (a bitset). */
  bytes(): Uint8Array {
    const whole = take(freeBytes, this.size, (capacity) => new Uint8Array(capacity));
    this.lentBytes.push(whole);
    return whole.subarray(0, this.size);
  }

  /** A zeroed score per message. */
  scores(): Float64Array {
    const whole = take(freeScores, this.size, (capacity) => new Float64Array(capacity));
    this.lentScores.push(whole);
    return whole.subarray(0, this.size);
  }

  /** Room for `length` decoded ordinals (not zeroed: a decoding writes every one). */
  ordinals(length: number): Int32Array {
    if (length < SHORTEST_LENT_ORDINALS) return new Int32Array(length);
    const capacity = 2 ** Math.ceil(Math.log2(length));
    let whole = freeOrdinals.get(capacity)?.pop();
    if (whole === undefined) whole = new Int32Array(capacity);
    else freeOrdinalBytes -= whole.byteLength;
    this.lentOrdinals.push(whole);
    return whole.subarray(0, length);
  }

  /** Zeroes every array lent (but the ordinals') and keeps them for other searches; none of them may be read after this. */
  giveBack(): void {
    const most = mostRecentlyUsed({
      bytes: this.lentBytes.length,
      scores: this.lentScores.length,
      ordinalBytes: this.lentOrdinals.reduce((sum, whole) => sum + whole.byteLength, 0),
    });
    keepFree(freeBytes, this.lentBytes.splice(0), Math.min(MOST_KEPT_BYTES, most.bytes), this.size);
    keepFree(freeScores, this.lentScores.splice(0), Math.min(MOST_KEPT_SCORES, most.scores), this.size);
    this.keepOrdinals(Math.min(MOST_KEPT_ORDINAL_BYTES, most.ordinalBytes));
    letGoLater();
  }

  /** Keeps the postings arrays lent while the free ones hold fewer than `budget` bytes, dropping the rest. */
  private keepOrdinals(budget: number): void {
    for (const [capacity, free] of freeOrdinals) {
      while (freeOrdinalBytes > budget && free.length > 0) freeOrdinalBytes -= free.pop()!.byteLength;
      if (free.length === 0) freeOrdinals.delete(capacity);
    }
    for (const whole of this.lentOrdinals.splice(0)) {
      if (freeOrdinalBytes + whole.byteLength > budget) continue;
      const free = freeOrdinals.get(whole.length);
      if (free) free.push(whole);
      else freeOrdinals.set(whole.length, [whole]);
      freeOrdinalBytes += whole.byteLength;
    }
  }
}

/** Fresh arrays for callers that keep what they evaluate (nothing is given back). */
export class FreshArrays extends ArchiveArrays {
  override bytes(): Uint8Array {
    return new Uint8Array(this.size);
  }

  override scores(): Float64Array {
    return new Float64Array(this.size);
  }

  override ordinals(length: number): Int32Array {
    return new Int32Array(length);
  }
}
