// Splits a byte stream into lines, refusing any line longer than a limit without ever holding more than the limit.

/** A complete line (without its line break), or the size of a line that was too long and was dropped as it arrived. */
export type LineEvent = { kind: 'line'; text: string } | { kind: 'too-long'; bytes: number };

export class BoundedLines {
  private parts: Buffer[] = [];
  private size = 0;
  /** Bytes of the current line seen past the limit; null while the line is within it. */
  private dropped: number | null = null;

  constructor(private readonly maxLineBytes: number) {}

  /** The lines this chunk completes; the rest waits for the next chunk. */
  push(chunk: Buffer): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      this.take(piece);
      if (newline === -1) break;
      events.push(
        this.dropped === null
          ? { kind: 'line', text: Buffer.concat(this.parts).toString('utf8').replace(/\r$/, '') }
          : { kind: 'too-long', bytes: this.dropped },
      );
      this.parts = [];
      this.size = 0;
      this.dropped = null;
      start = newline + 1;
    }
    return events;
  }

  private take(piece: Buffer): void {
    if (this.dropped !== null) {
      this.dropped += piece.length;
    } else if (this.size + piece.length > this.maxLineBytes) {
      // Past the limit the line can only be refused: what was kept of it is let go, the rest only counted.
      this.dropped = this.size + piece.length;
      this.parts = [];
      this.size = 0;
    } else if (piece.length > 0) {
      this.parts.push(piece);
      this.size += piece.length;
    }
  }
}
