// A saved postings file's ordinal bytes read in place: positioned reads of 64 KB blocks, each checked against its own
// checksum when it is read from the file, kept in the process's bounded block cache.
import { closeSync, readSync, unlinkSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { blockCache, type BlockCache } from './blockCache';
import type { PostingsBytes } from './postingsBytes';

/** Bytes per checksummed block of a postings file's ordinals (format 6, see postingsFile.ts). */
export const BLOCK_SIZE = 1 << 16;

/** A block of a saved postings file that does not match its checksum: the index must be rebuilt from the messages. */
export class PostingsDamage extends Error {
  constructor(
    readonly path: string,
    block: number,
    blocks: number,
  ) {
    super(
      `keyword index: ${path} is damaged: block ${block + 1} of ${blocks} (bytes ${block * BLOCK_SIZE}-${(block + 1) * BLOCK_SIZE - 1} of its postings) does not match its checksum`,
    );
  }
}

let opened = 0;

export class FileBytes implements PostingsBytes {
  /** This file's prefix of the cache's keys. */
  private readonly key = `${(opened += 1)}:`;
  private fd: number | null;

  /**
   * `fd` is open for reading and now belongs to this; the ordinals are `length` bytes from `offset`, block n's CRC-32
   * is `checksums[n]`.
   */
  constructor(
    readonly path: string,
    fd: number,
    private readonly offset: number,
    readonly length: number,
    private readonly checksums: Uint32Array,
    private readonly cache: BlockCache = blockCache,
    /** A fold's file (see postingsSink.ts), removed once closed: nothing else reads it. */
    private readonly isTemporary = false,
  ) {
    this.fd = fd;
  }

  read(start: number, end: number): Uint8Array {
    const first = Math.floor(start / BLOCK_SIZE);
    if (end <= start) return new Uint8Array(0);
    const last = Math.floor((end - 1) / BLOCK_SIZE);
    if (first === last) return this.cachedBlock(first).subarray(start - first * BLOCK_SIZE, end - first * BLOCK_SIZE);
    const bytes = new Uint8Array(end - start);
    for (let block = first; block <= last; block += 1) this.copyBlock(this.cachedBlock(block), block, bytes, 0, start, end);
    return bytes;
  }

  copyTo(target: Uint8Array, at: number, start: number, end: number): void {
    if (end <= start) return;
    const last = Math.floor((end - 1) / BLOCK_SIZE);
    let scratch: Uint8Array | null = null;
    for (let block = Math.floor(start / BLOCK_SIZE); block <= last; block += 1) {
      // Blocks already cached are used; the rest are read without displacing what searches keep in the cache.
      let bytes = this.cache.get(this.key + block);
      if (bytes === undefined) {
        scratch ??= new Uint8Array(BLOCK_SIZE);
        bytes = this.readBlock(block, scratch);
      }
      this.copyBlock(bytes, block, target, at, start, end);
    }
  }

  damage(): string[] {
    const scratch = new Uint8Array(BLOCK_SIZE);
    const damage: string[] = [];
    for (let block = 0; block < this.checksums.length; block += 1) {
      try {
        this.readBlock(block, scratch);
      } catch (error) {
        if (!(error instanceof PostingsDamage)) throw error;
        damage.push(error.message);
      }
    }
    return damage;
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    this.cache.forget(this.key);
    if (this.isTemporary) {
      try {
        unlinkSync(this.path);
      } catch {
        // The next save removes what is left.
      }
    }
  }

  /** Copies the part of block `block` (its bytes `bytes`) within [start, end) to `target`, byte `start` at `at`. */
  private copyBlock(bytes: Uint8Array, block: number, target: Uint8Array, at: number, start: number, end: number): void {
    const base = block * BLOCK_SIZE;
    const from = Math.max(start, base);
    const to = Math.min(end, base + bytes.length);
    target.set(bytes.subarray(from - base, to - base), at + from - start);
  }

  private cachedBlock(block: number): Uint8Array {
    const key = this.key + block;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    const bytes = this.readBlock(block, new Uint8Array(BLOCK_SIZE));
    // A view of the block's own bytes, so the last, shorter block holds no more than it needs.
    const kept = bytes.length === BLOCK_SIZE ? bytes : bytes.slice();
    this.cache.set(key, kept);
    return kept;
  }

  /** Block `block` read from the file into `into` and checked; a view of its bytes. */
  private readBlock(block: number, into: Uint8Array): Uint8Array {
    if (this.fd === null) throw new Error(`keyword index: ${this.path} was closed (the index was saved again or the engine closed)`);
    if (block < 0 || block >= this.checksums.length) throw new Error(`keyword index: ${this.path} has no block ${block + 1}`);
    const length = Math.min(BLOCK_SIZE, this.length - block * BLOCK_SIZE);
    let done = 0;
    while (done < length) {
      const read = readSync(this.fd, into, done, length - done, this.offset + block * BLOCK_SIZE + done);
      if (read === 0) throw new Error(`keyword index: ${this.path} ended early, in block ${block + 1} of ${this.checksums.length}`);
      done += read;
    }
    const bytes = into.subarray(0, length);
    if (crc32(bytes) !== this.checksums[block]) throw new PostingsDamage(this.path, block, this.checksums.length);
    return bytes;
  }
}
