// Arrays that one search borrows and gives back when it ends: a search allocated several of the archive's size (a bitset
// per word and per node of the query, a score per message) and decoded its words' postings into more, and at a million
// messages that memory outside the JavaScript heap made V8 run a full collection every other search
// (bench/measured-reasons.md).

/** Free bitsets kept: enough for a query of several words and a second search running beside it. */
const MOST_KEPT_BYTES = 32;
/** Free score arrays kept: a search uses up to three (its scores, the partial hits', the copy finder's hashes). */
const MOST_KEPT_SCORES = 4;
/** Searches come in bursts (typing, paging): a while after the last one, the free arrays are let go. */
const KEPT_MS = 20_000;

/** Room for `size` messages: a quarter more, so that searching during an import does not outgrow them at each batch. */
function capacityFor(size: number): number {
  return Math.ceil(size * 1.25);
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

/**
 * What one search borrowed: its bitsets and scores are `size` long (views of longer arrays) and zeroed when lent.
 * `giveBack` keeps what was lent for the next search; a search that never gives back leaves its arrays to the collector.
 */
export class ArchiveArrays {
  private readonly lentBytes: Uint8Array[] = [];
  private readonly lentScores: Float64Array[] = [];
  private readonly lentOrdinals: Int32Array[] = [];

  constructor(readonly size: number) {}

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
    for (const whole of this.lentBytes.splice(0)) {
      whole.fill(0, 0, this.size);
      if (freeBytes.length < MOST_KEPT_BYTES) freeBytes.push(whole);
    }
    for (const whole of this.lentScores.splice(0)) {
      whole.fill(0, 0, this.size);
      if (freeScores.length < MOST_KEPT_SCORES) freeScores.push(whole);
    }
    for (const whole of this.lentOrdinals.splice(0)) {
      if (freeOrdinalBytes + whole.byteLength > MOST_KEPT_ORDINAL_BYTES) continue;
      const free = freeOrdinals.get(whole.length);
      if (free) free.push(whole);
      else freeOrdinals.set(whole.length, [whole]);
      freeOrdinalBytes += whole.byteLength;
    }
    letGoLater();
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
