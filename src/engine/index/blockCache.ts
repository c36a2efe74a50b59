// The blocks of saved postings files read lately, kept up to a size in bytes for the whole process, least recently
// used first out.

/**
 * How many bytes of postings blocks stay in memory, for every engine of the process together (see postingsFileBytes.ts).
 * Measured on the 100k bench store: the bench's keyword queries read 13 MB of blocks (their 72 words' lists 8 MB), so
 * all of them stay cached there; at a million they would not fit in 64 MB either, and a block read again from the file
 * and checked costs about 70 µs (those 72 words' lists: 17 ms uncached against 7.5 ms cached or in the heap), so the
 * smaller bound keeps the memory and costs a search little.
 */
export const BLOCK_CACHE_BYTES = 32 * 2 ** 20;

export class BlockCache {
  /** Key → block; a Map keeps insertion order, so the first entry is the least recently used. */
  private readonly blocks = new Map<string, Uint8Array>();
  private held = 0;

  constructor(readonly limit = BLOCK_CACHE_BYTES) {}

  /** Bytes held now; never more than the limit. */
  get bytes(): number {
    return this.held;
  }

  get(key: string): Uint8Array | undefined {
    const block = this.blocks.get(key);
    if (block === undefined) return undefined;
    this.blocks.delete(key);
    this.blocks.set(key, block);
    return block;
  }

  set(key: string, block: Uint8Array): void {
    if (block.length > this.limit) return;
    const known = this.blocks.get(key);
    if (known !== undefined) {
      this.blocks.delete(key);
      this.held -= known.length;
    }
    for (const [oldest, old] of this.blocks) {
      if (this.held + block.length <= this.limit) break;
      this.blocks.delete(oldest);
      this.held -= old.length;
    }
    this.blocks.set(key, block);
    this.held += block.length;
  }

  /** Drops the blocks whose keys begin with `prefix` (a closed file's). */
  forget(prefix: string): void {
    for (const [key, block] of this.blocks) {
      if (!key.startsWith(prefix)) continue;
      this.blocks.delete(key);
      this.held -= block.length;
    }
  }
}

/** The cache every saved postings file of the process reads through. */
export const blockCache = new BlockCache();
