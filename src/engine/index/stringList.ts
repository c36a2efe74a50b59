// A list of strings that may still be bytes of the catalog snapshot (in memory or in its file): each value decoded when
// asked for, the whole list once it is used in bulk or added to.
import { isAscii } from 'node:buffer';
import { hashOfBytes, hashOfString } from './fnvHash';
import { markContaining } from './savedContains';

/** Where a run of saved strings lies: each value's end (in bytes, from the text's start), then the text. */
export interface SavedPiece {
  /** Each value's end in bytes from `textStart`; value i runs from ends[i - 1] (0 for the first) to ends[i]. */
  ends: Int32Array;
  textStart: number;
  encoding: 'latin1' | 'utf8' | 'utf16le';
}

/** Saved strings not decoded yet: in a buffer (see StringList.saved) or read from a file (catalogSnapshotInPlace.ts). */
export interface SavedStrings {
  readonly count: number;
  value(index: number): string;
  values(): string[];
  /** The values joined, as UTF-8, in the saved bytes themselves when they are that already; null otherwise. */
  utf8(): Uint8Array[] | null;
  /** Sets `verdicts[i]` to 1 for each value i that contains `needle` (see savedContains.ts), decoding none. */
  markContaining(needle: string, verdicts: Uint8Array): void;
}

/** Every value of `pieces`, whose text lies in `data`. */
export function decodedPieces(data: Buffer, pieces: readonly SavedPiece[]): string[] {
  const values: string[] = [];
  for (const { ends, textStart, encoding } of pieces) {
    if (encoding === 'utf8') {
      let start = 0;
      for (const end of ends) {
        values.push(data.toString('utf8', textStart + start, textStart + end));
        start = end;
      }
      continue;
    }
    // One or two bytes a character: the text decoded once, its values cut out of it (V8 shares the text).
    const width = encoding === 'latin1' ? 1 : 2;
    const text = data.toString(encoding, textStart, textStart + (ends.length === 0 ? 0 : ends[ends.length - 1]!));
    let start = 0;
    for (const end of ends) {
      values.push(text.slice(start / width, end / width));
      start = end;
    }
  }
  return values;
}

/** Strings saved in a buffer (the part of the snapshot's file held in memory). */
class BufferStrings implements SavedStrings {
  private readonly firsts: number[] = [];
  readonly count: number;
  /** The value last located (see locate), and its piece. */
  private piece = 0;
  private start = 0;
  private end = 0;
  private encoding: SavedPiece['encoding'] = 'utf8';

  constructor(
    private readonly data: Buffer,
    private readonly pieces: SavedPiece[],
  ) {
    let count = 0;
    for (const piece of pieces) {
      this.firsts.push(count);
      count += piece.ends.length;
    }
    this.count = count;
  }

  /** Sets `start`, `end` (in `data`) and `encoding` to value `index`'s: fields, as a look-up by id reads a few values. */
  private locate(index: number): void {
    // Most often the piece last located: an id table is made in order, and pieces hold many values.
    let piece = this.piece;
    if (index < this.firsts[piece]! || index >= this.firsts[piece]! + this.pieces[piece]!.ends.length) {
      piece = this.pieces.length - 1;
      while (this.firsts[piece]! > index) piece -= 1;
      this.piece = piece;
    }
    const { ends, textStart, encoding } = this.pieces[piece]!;
    const within = index - this.firsts[piece]!;
    this.start = textStart + (within === 0 ? 0 : ends[within - 1]!);
    this.end = textStart + ends[within]!;
    this.encoding = encoding;
  }

  /** Whether value `index`'s bytes (just located) are its characters' codes: Latin-1, or UTF-8 that is all ASCII. */
  private isBytePerCharacter(): boolean {
    if (this.encoding === 'latin1') return true;
    if (this.encoding === 'utf16le') return false;
    for (let at = this.start; at < this.end; at += 1) if (this.data[at]! >= 0x80) return false;
    return true;
  }

  value(index: number): string {
    this.locate(index);
    return this.data.toString(this.encoding, this.start, this.end);
  }

  hashAt(index: number): number {
    this.locate(index);
    if (!this.isBytePerCharacter()) return hashOfString(this.data.toString(this.encoding, this.start, this.end));
    return hashOfBytes(this.data, this.start, this.end);
  }

  isAt(index: number, value: string): boolean {
    this.locate(index);
    const { data, start, end } = this;
    if (!this.isBytePerCharacter()) return data.toString(this.encoding, start, end) === value;
    if (end - start !== value.length) return false;
    for (let offset = 0; offset < value.length; offset += 1) if (data[start + offset] !== value.charCodeAt(offset)) return false;
    return true;
  }

  sameAt(first: number, second: number): boolean {
    this.locate(first);
    const { start, end, encoding } = this;
    this.locate(second);
    // One string has one form in each encoding: equal bytes in the same encoding, equal strings. Compared here, as a
    // native compare's call costs more than the few bytes two ids compare before they differ.
    if (encoding === this.encoding) {
      const { data } = this;
      const length = end - start;
      if (this.end - this.start !== length) return false;
      for (let offset = 0; offset < length; offset += 1) if (data[start + offset] !== data[this.start + offset]) return false;
      return true;
    }
    return this.data.toString(encoding, start, end) === this.data.toString(this.encoding, this.start, this.end);
  }

  values(): string[] {
    return decodedPieces(this.data, this.pieces);
  }

  markContaining(needle: string, verdicts: Uint8Array): void {
    this.pieces.forEach((piece, number) => markContaining(this.data, piece, needle, verdicts, this.firsts[number]!));
  }

  utf8(): Uint8Array[] | null {
    const chunks: Uint8Array[] = [];
    for (const { ends, textStart, encoding } of this.pieces) {
      const text = this.data.subarray(textStart, textStart + (ends.length === 0 ? 0 : ends[ends.length - 1]!));
      if (encoding === 'utf16le' || (encoding === 'latin1' && !isAscii(text))) return null;
      chunks.push(text);
    }
    return chunks;
  }
}

/**
 * Values decoded one by one before the whole list is decoded at once: a one-off search asks for a page of values
 * (issue 25: decoding every string of a 100k-message catalog was a fifth of a whole `lantern search`), an engine that
 * stays open soon asks for many, and then reads them from a plain array. Each single read makes a new string, so an
 * engine that stays open is better off decoding early: with an eighth, the desktop engine's warm searches took a
 * third more CPU time (in garbage collection) than with the lists decoded at open.
 */
const SINGLE_READS_PER_VALUE = 1 / 32;
const SINGLE_READS_AT_LEAST = 256;

export class StringList {
  /** Every value, once decoded (or given as strings); null while they are read from `saved`. */
  private decoded: string[] | null;
  private readonly saved: SavedStrings | null;
  private singleReads = 0;
  /** Whether single reads never turn into decoding the whole list (see readSingly). */
  private readsSingly = false;
  /** How many values there are: a field rather than a getter, as loops over every message read it each time round. */
  length: number;

  private constructor(decoded: string[] | null, saved: SavedStrings | null) {
    this.decoded = decoded;
    this.saved = saved;
    this.length = decoded?.length ?? saved?.count ?? 0;
  }

  static of(values: string[]): StringList {
    return new StringList(values, null);
  }

  /** Strings saved in `data` as `pieces` describe, in order; the pieces' ends are trusted (checked by the reader). */
  static saved(data: Buffer, pieces: SavedPiece[]): StringList {
    return new StringList(null, new BufferStrings(data, pieces));
  }

  /** Strings read from where `saved` keeps them. */
  static reading(saved: SavedStrings): StringList {
    return new StringList(null, saved);
  }

  at(index: number): string {
    const decoded = this.decoded;
    if (decoded !== null) return decoded[index]!;
    const saved = this.saved!;
    this.singleReads += 1;
    if (!this.readsSingly && this.singleReads > Math.max(SINGLE_READS_AT_LEAST, saved.count * SINGLE_READS_PER_VALUE))
      return this.all()[index]!;
    return saved.value(index);
  }

  /**
   * Keeps reading values one by one from the saved bytes, however many are read: for a field only shown (a page of
   * results reads a few dozen), whose values decoded whole would stay in memory for nothing. `all()` still decodes.
   */
  readSingly(): void {
    this.readsSingly = true;
  }

  /** Whether the values are held decoded, as strings (for the memory a list keeps). */
  isDecoded(): boolean {
    return this.decoded !== null;
  }

  /** Every value as a plain array (decoded once; the list then reads from it, and may be added to). */
  all(): string[] {
    this.decoded ??= this.saved!.values();
    return this.decoded;
  }

  /** hashOfString of value `index`, from its saved bytes while the list is not decoded (nothing decoded or counted). */
  hashAt(index: number): number {
    const { decoded, saved } = this;
    if (decoded !== null) return hashOfString(decoded[index]!);
    return saved instanceof BufferStrings ? saved.hashAt(index) : hashOfString(saved!.value(index));
  }

  /** Whether value `index` is `value`, compared with its saved bytes while the list is not decoded (as hashAt). */
  isAt(index: number, value: string): boolean {
    const { decoded, saved } = this;
    if (decoded !== null) return decoded[index] === value;
    return saved instanceof BufferStrings ? saved.isAt(index, value) : saved!.value(index) === value;
  }

  /** Whether values `first` and `second` are equal (as isAt). */
  sameAt(first: number, second: number): boolean {
    const { decoded, saved } = this;
    if (decoded !== null) return decoded[first] === decoded[second];
    return saved instanceof BufferStrings ? saved.sameAt(first, second) : saved!.value(first) === saved!.value(second);
  }

  /**
   * Sets `verdicts[i]` to 1 for each value i that contains `needle`: a metadata filter's test, searched for in the saved
   * bytes while the list is not decoded. Decoded for a filter, a large archive's recipient lists stayed in the heap.
   */
  markContaining(needle: string, verdicts: Uint8Array): void {
    const { decoded, saved } = this;
    if (decoded === null) return saved!.markContaining(needle, verdicts);
    for (let index = 0; index < decoded.length; index += 1) if (decoded[index]!.includes(needle)) verdicts[index] = 1;
  }

  push(value: string): void {
    this.all().push(value);
    this.length += 1;
  }

  /**
   * The values joined, as UTF-8, in the saved bytes themselves when they are that already (UTF-8, or Latin-1 that is
   * all ASCII): null otherwise, or once values were added.
   */
  savedUtf8(): Uint8Array[] | null {
    const saved = this.saved;
    if (saved === null || this.length !== saved.count) return null;
    return saved.utf8();
  }
}
