// String lists of the catalog snapshot read in place from its file: a positioned read of the blocks a value lies in,
// each checked against its own checksum, and each piece's ends read and checked when the piece is first read.
import { closeSync, readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { decodedPieces, type SavedPiece, type SavedStrings } from './stringList';
import { markContaining } from './savedContains';
import { lastOfOrderedEnds } from './catalogSnapshotSections';

/** Bytes per checksummed block of an in-place piece's text: a value read from the file reads one block or two. */
export const TEXT_BLOCK = 1 << 12;
/** Bytes of a list read at a time to search it (see InPlaceStrings.markContaining), in whole blocks. */
const SEARCHED_AT_ONCE = 256 * TEXT_BLOCK;

/** Closes a snapshot file's descriptor once nothing reads from it any more (the catalog that held it was dropped). */
const openFiles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed: nothing to release.
  }
});

/** The snapshot's columns file, open for positioned reads of its in-place sections. */
export class SnapshotFile {
  /**
   * Where a value's blocks are read, reused: nothing of them is kept but the value's string, and a new typed array for
   * each read cost more than the read itself. Values are few blocks long, so it stays small.
   */
  private scratch = Buffer.allocUnsafeSlow(TEXT_BLOCK);

  /** Lists that may still read from the file (see InPlaceStrings.values). */
  private readers = 0;
  private fd: number | null;

  /** `fd` is open for reading and now belongs to this (closed when it is collected, if not before). */
  constructor(
    readonly path: string,
    fd: number,
  ) {
    this.fd = fd;
    openFiles.register(this, fd, this);
  }

  /** Closes the file now; nothing reads from it after. */
  close(): void {
    if (this.fd === null) return;
    openFiles.unregister(this);
    closeSync(this.fd);
    this.fd = null;
  }

  /** A list that reads from the file. */
  hold(): void {
    this.readers += 1;
  }

  /**
   * A list that has read all it needs: the file is closed when none is left, as after a writer's save, which reads
   * every list whole before it puts a new snapshot in this one's place (a file held open may not be removed elsewhere).
   */
  release(): void {
    this.readers -= 1;
    if (this.readers === 0) this.close();
  }

  /** `into.length` bytes at `position` into `into`, checked against `checksum` (if any); throws, saying where, when they differ. */
  readChecked(into: Uint8Array, position: number, checksum: number | null, where: string): Uint8Array {
    const fd = this.fd;
    if (fd === null) throw new Error(`${this.path} was closed`);
    let done = 0;
    while (done < into.length) {
      const read = readSync(fd, into, done, into.length - done, position + done);
      if (read === 0) throw new Error(`${this.path} ended early, in ${where}`);
      done += read;
    }
    if (checksum !== null && crc32(into) !== checksum) throw new Error(`${this.path} is damaged (${where} differs from its checksum)`);
    return into;
  }

  /** `length` bytes at `position`, read into the reused scratch buffer (valid until the next read). */
  readScratch(position: number, length: number): Buffer {
    if (this.scratch.length < length) this.scratch = Buffer.allocUnsafeSlow(length);
    const bytes = this.scratch.subarray(0, length);
    this.readChecked(bytes, position, null, `the bytes at ${position}`);
    return bytes;
  }
}

/** An in-place string piece as the manifest describes it (see catalogSnapshotFile.ts). */
export interface InPlacePiece {
  /** Where its ends start in the file; its text follows them. */
  position: number;
  count: number;
  encoding: SavedPiece['encoding'];
  textBytes: number;
  /** CRC-32 of its ends' bytes. */
  checksum: number;
  /** CRC-32 of each TEXT_BLOCK of its text. */
  textChecksums: number[];
}

function textPosition(piece: InPlacePiece): number {
  return piece.position + piece.count * Int32Array.BYTES_PER_ELEMENT;
}

export class InPlaceStrings implements SavedStrings {
  private readonly firsts: number[] = [];
  /** Each piece's ends, once read and checked. */
  private readonly ends: (Int32Array | undefined)[] = [];
  /** Per piece, 1 for each block of its text that matched its checksum when read (then read again unchecked). */
  private readonly checked: Uint8Array[];
  readonly count: number;

  constructor(
    private readonly file: SnapshotFile,
    private readonly section: string,
    private readonly pieces: InPlacePiece[],
  ) {
    let count = 0;
    for (const piece of pieces) {
      this.firsts.push(count);
      count += piece.count;
    }
    this.count = count;
    this.checked = pieces.map((piece) => new Uint8Array(piece.textChecksums.length));
    file.hold();
  }

  value(index: number): string {
    let number = this.pieces.length - 1;
    while (this.firsts[number]! > index) number -= 1;
    const piece = this.pieces[number]!;
    const ends = this.endsOf(number);
    const within = index - this.firsts[number]!;
    const start = within === 0 ? 0 : ends[within - 1]!;
    const end = ends[within]!;
    if (end < start || end > piece.textBytes || (piece.encoding === 'utf16le' && end % 2 !== 0))
      throw new Error(`${this.file.path}: a string piece's ends are out of order`);
    if (end === start) return '';
    const first = Math.floor(start / TEXT_BLOCK);
    const last = Math.floor((end - 1) / TEXT_BLOCK);
    const checked = this.checked[number]!;
    let isChecked = true;
    for (let block = first; block <= last && isChecked; block += 1) isChecked = checked[block] === 1;
    // Blocks already checked: the value's bytes alone.
    if (isChecked) return this.file.readScratch(textPosition(piece) + start, end - start).toString(piece.encoding);
    // Otherwise the blocks the value lies in, read at once and each checked.
    const blocksEnd = Math.min((last + 1) * TEXT_BLOCK, piece.textBytes);
    const bytes = this.file.readScratch(textPosition(piece) + first * TEXT_BLOCK, blocksEnd - first * TEXT_BLOCK);
    this.checkBlocks(number, bytes, first);
    return bytes.toString(piece.encoding, start - first * TEXT_BLOCK, end - first * TEXT_BLOCK);
  }

  values(): string[] {
    const values: string[] = [];
    this.pieces.forEach((piece, number) => {
      const ends = this.endsOf(number);
      lastOfOrderedEnds(ends, piece.encoding, this.file.path);
      // The whole text in one read, each block checked.
      const text = Buffer.allocUnsafeSlow(piece.textBytes);
      this.file.readChecked(text, textPosition(piece), null, `section "${this.section}", piece ${number + 1}'s text`);
      this.checkBlocks(number, text, 0);
      for (const value of decodedPieces(text, [{ ends, textStart: 0, encoding: piece.encoding }])) values.push(value);
    });
    // Asked for once (StringList keeps the values): the file is not read for this list again.
    this.file.release();
    return values;
  }

  /**
   * Searches the text a part at a time, each part's blocks checked: read whole (as `values` reads it), a large
   * archive's recipient lists were held decoded for as long as the engine ran, or read for each filter at once.
   */
  markContaining(needle: string, verdicts: Uint8Array): void {
    this.pieces.forEach((piece, number) => {
      const ends = this.endsOf(number);
      lastOfOrderedEnds(ends, piece.encoding, this.file.path);
      let buffer = Buffer.allocUnsafeSlow(Math.min(SEARCHED_AT_ONCE, piece.textBytes));
      for (let first = 0; first < ends.length;) {
        const start = first === 0 ? 0 : ends[first - 1]!;
        const blockStart = Math.floor(start / TEXT_BLOCK) * TEXT_BLOCK;
        // The values that end within this part; at least one, however long.
        let last = first;
        while (last + 1 < ends.length && ends[last + 1]! <= blockStart + SEARCHED_AT_ONCE) last += 1;
        const end = ends[last]!;
        const blocksEnd = Math.min(Math.ceil(end / TEXT_BLOCK) * TEXT_BLOCK, piece.textBytes);
        if (blocksEnd - blockStart > buffer.length) buffer = Buffer.allocUnsafeSlow(blocksEnd - blockStart);
        const bytes = buffer.subarray(0, blocksEnd - blockStart);
        this.file.readChecked(bytes, textPosition(piece) + blockStart, null, `section "${this.section}", piece ${number + 1}'s text`);
        this.checkBlocks(number, bytes, blockStart / TEXT_BLOCK);
        const partEnds = ends.slice(first, last + 1).map((valueEnd) => valueEnd - start);
        markContaining(
          bytes,
          { ends: partEnds, textStart: start - blockStart, encoding: piece.encoding },
          needle,
          verdicts,
          this.firsts[number]! + first,
        );
        first = last + 1;
      }
    });
  }

  /** Never the file's bytes as they are: a list read in place is not the keyword index's key (see Catalog.savedIdBytes). */
  utf8(): null {
    return null;
  }

  /**
   * Checks each whole or last block of piece `number`'s text in `bytes` (which start at block `first`) not checked
   * before, noting it checked: a block read again is trusted, as a value read singly is.
   */
  private checkBlocks(number: number, bytes: Uint8Array, first: number): void {
    const checksums = this.pieces[number]!.textChecksums;
    const checked = this.checked[number]!;
    for (let offset = 0, block = first; offset < bytes.length; offset += TEXT_BLOCK, block += 1) {
      if (checked[block] === 1) continue;
      if (crc32(bytes.subarray(offset, offset + TEXT_BLOCK)) !== checksums[block])
        throw new Error(
          `${this.file.path} is damaged (section "${this.section}", piece ${number + 1}, block ${block + 1} of its text differs from its checksum)`,
        );
      checked[block] = 1;
    }
  }

  private endsOf(number: number): Int32Array {
    const known = this.ends[number];
    if (known !== undefined) return known;
    const piece = this.pieces[number]!;
    const ends = new Int32Array(piece.count);
    this.file.readChecked(
      new Uint8Array(ends.buffer),
      piece.position,
      piece.checksum,
      `section "${this.section}", piece ${number + 1}'s ends`,
    );
    // Each value's ends are tested when it is read (see value), not all of them at the first.
    const last = piece.count === 0 ? 0 : ends[piece.count - 1]!;
    if (last !== piece.textBytes)
      throw new Error(`${this.file.path}: a string piece's ends reach ${last} bytes, not its ${piece.textBytes}`);
    this.ends[number] = ends;
    return ends;
  }
}
