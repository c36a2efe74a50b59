// Where a keyword field's encoded ordinals are: a byte array in memory (folded live postings, tests) or a saved file
// read in place (see postingsFileBytes.ts).

export interface PostingsBytes {
  readonly length: number;
  /**
   * Bytes [start, end) in one view, to decode a slot from. A file's view may be a cached block or a fresh copy: read it
   * before the next call and never write into it.
   */
  read(start: number, end: number): Uint8Array;
  /** Copies bytes [start, end) into `target` at `at`, without keeping them (a fold or a save passes every byte). */
  copyTo(target: Uint8Array, at: number, start: number, end: number): void;
  /** Every block checked against its checksum (a file's): what is wrong with the damaged ones, each on its own. */
  damage(): string[];
  /** Lets go of what it holds open; reads afterwards fail. */
  close(): void;
}

export class MemoryBytes implements PostingsBytes {
  constructor(private readonly bytes: Uint8Array) {}

  get length(): number {
    return this.bytes.length;
  }

  read(start: number, end: number): Uint8Array {
    return this.bytes.subarray(start, end);
  }

  copyTo(target: Uint8Array, at: number, start: number, end: number): void {
    target.set(this.bytes.subarray(start, end), at);
  }

  damage(): string[] {
    return [];
  }

  close(): void {}
}
