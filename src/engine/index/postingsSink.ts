// Where a fold writes the merged postings' bytes, front to back: a byte array in memory, or a file beside the saved
// index that the merged postings then read in place (so a fold during an import does not hold the archive's postings
// in the heap).
import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { MemoryBytes, type PostingsBytes } from './postingsBytes';
import { BLOCK_SIZE, FileBytes } from './postingsFileBytes';

export interface PostingsSink {
  write(bytes: Uint8Array): void;
  /** Bytes [start, end) of `source`, written without being held whole. */
  copyFrom(source: PostingsBytes, start: number, end: number): void;
  /** The bytes written, to read from now on. */
  finish(): PostingsBytes;
  /** Lets go of what was written, after a failure. */
  abandon(): void;
}

export class MemorySink implements PostingsSink {
  private readonly bytes: Uint8Array;
  private length = 0;

  constructor(size: number) {
    this.bytes = new Uint8Array(size);
  }

  write(bytes: Uint8Array): void {
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  copyFrom(source: PostingsBytes, start: number, end: number): void {
    source.copyTo(this.bytes, this.length, start, end);
    this.length += end - start;
  }

  finish(): PostingsBytes {
    if (this.length !== this.bytes.length) throw new Error(`keyword index: a fold wrote ${this.length} of ${this.bytes.length} bytes`);
    return new MemoryBytes(this.bytes);
  }

  abandon(): void {}
}

/** Written through a buffer of whole blocks, each block's checksum taken as it is written. */
const BUFFER = 16 * BLOCK_SIZE;

/** A file of the merged bytes alone (its blocks' checksums kept in memory), removed when the postings are closed. */
export class FileSink implements PostingsSink {
  /** Open for writing until `finish` or `abandon`. */
  private fd: number | null;
  private readonly buffer = new Uint8Array(BUFFER);
  private buffered = 0;
  private written = 0;
  private readonly checksums: Uint32Array;

  constructor(
    private readonly path: string,
    private readonly size: number,
  ) {
    this.checksums = new Uint32Array(Math.ceil(size / BLOCK_SIZE));
    this.fd = openSync(path, 'w');
  }

  write(bytes: Uint8Array): void {
    for (let offset = 0; offset < bytes.length;) {
      const piece = Math.min(bytes.length - offset, BUFFER - this.buffered);
      this.buffer.set(bytes.subarray(offset, offset + piece), this.buffered);
      this.buffered += piece;
      offset += piece;
      if (this.buffered === BUFFER) this.flush();
    }
  }

  copyFrom(source: PostingsBytes, start: number, end: number): void {
    for (let offset = start; offset < end;) {
      const piece = Math.min(end - offset, BUFFER - this.buffered);
      source.copyTo(this.buffer, this.buffered, offset, offset + piece);
      this.buffered += piece;
      offset += piece;
      if (this.buffered === BUFFER) this.flush();
    }
  }

  finish(): PostingsBytes {
    this.flush();
    if (this.written !== this.size) {
      this.abandon();
      throw new Error(`keyword index: a fold wrote ${this.written} of ${this.size} bytes to ${this.path}`);
    }
    // Read back by searches until the next save, never after a restart (a crash leaves it for that save to remove), so
    // it is not synced to the disk.
    const fd = this.fd!;
    this.fd = null;
    closeSync(fd);
    return new FileBytes(this.path, openSync(this.path, 'r'), 0, this.size, this.checksums, undefined, true);
  }

  abandon(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    try {
      unlinkSync(this.path);
    } catch {
      // The next save removes what is left.
    }
  }

  /** Writes the buffer (whole blocks, but for the last), taking each block's checksum. */
  private flush(): void {
    for (let start = 0; start < this.buffered; start += BLOCK_SIZE)
      this.checksums[(this.written + start) / BLOCK_SIZE] = crc32(this.buffer.subarray(start, Math.min(this.buffered, start + BLOCK_SIZE)));
    for (let done = 0; done < this.buffered;) done += writeSync(this.fd!, this.buffer, done, this.buffered - done, this.written + done);
    this.written += this.buffered;
    this.buffered = 0;
  }
}
