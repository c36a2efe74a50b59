// Reads a saved `.map` line (FlexSearch's export format: [["word",[[ordinals],null,[ordinals]]],...]) from its bytes
// straight into packed postings. JSON.parse of the decoded line made a JS array of every slot first: at 100k messages
// opening the index peaked about 200 MB above what it kept, all of it garbage once the ordinals were copied.
import type { PostingsBuilder } from './frozenPostings';

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ZERO = 0x30;
const NINE = 0x39;
const N = 0x6e; // the n of null

/**
 * One line's data (bytes `start` to `end` of `bytes`, without the line break) parsed into a builder. The lines are
 * written by JSON.stringify (no spaces); anything else throws, which makes the caller rebuild the index.
 */
class SavedLine {
  private position: number;

  constructor(
    private readonly bytes: Buffer,
    start: number,
    private readonly end: number,
    private readonly builder: PostingsBuilder,
  ) {
    this.position = start;
  }

  appendAll(): void {
    this.expect(OPEN, 'a list of words');
    if (!this.closes()) {
      do {
        this.expect(OPEN, 'a word and its postings');
        this.builder.beginWord(this.word());
        this.expect(COMMA, 'a comma after the word');
        this.slots();
        this.expect(CLOSE, 'the end of a word and its postings');
      } while (!this.closes('a comma or the end of the words'));
    }
    if (this.position !== this.end) this.fail('the end of the line');
  }

  private word(): string {
    this.expect(QUOTE, 'a word');
    const { bytes, end } = this;
    const start = this.position;
    let escaped = false;
    let position = start;
    while (position < end && bytes[position] !== QUOTE) {
      if (bytes[position] === BACKSLASH) {
        escaped = true;
        position += 1;
      }
      position += 1;
    }
    if (position >= end) this.fail('the end of a word');
    this.position = position + 1;
    // Folded words rarely hold a quote, a backslash or a control character; only those need JSON's unescaping.
    return escaped ? (JSON.parse(bytes.toString('utf8', start - 1, position + 1)) as string) : bytes.toString('utf8', start, position);
  }

  private slots(): void {
    this.expect(OPEN, 'the list of rank slots');
    if (this.closes()) return;
    do {
      if (this.bytes[this.position] === N && this.position + 4 <= this.end && this.bytes.toString('latin1', this.position, this.position + 4) === 'null') this.position += 4;
      else this.ordinals();
      this.builder.endSlot();
    } while (!this.closes('a comma or the end of the rank slots'));
  }

  private ordinals(): void {
    this.expect(OPEN, 'a list of messages');
    if (this.closes()) return;
    const { bytes, builder, end } = this;
    let position = this.position;
    for (;;) {
      const start = position;
      let value = 0;
      while (position < end && bytes[position]! >= ZERO && bytes[position]! <= NINE) {
        value = value * 10 + (bytes[position]! - ZERO);
        position += 1;
      }
      if (position === start) {
        this.position = position;
        this.fail('a message number');
      }
      builder.add(value);
      if (position < end && bytes[position] === CLOSE) break;
      if (position >= end || bytes[position] !== COMMA) {
        this.position = position;
        this.fail('a comma or the end of a list');
      }
      position += 1;
    }
    this.position = position + 1;
  }

  /** Steps over a closing bracket (true) or, when `separated` says what was expected, a comma (false). */
  private closes(separated?: string): boolean {
    const code = this.bytes[this.position];
    if (code === CLOSE && this.position < this.end) {
      this.position += 1;
      return true;
    }
    if (separated === undefined) return false;
    this.expect(COMMA, separated);
    return false;
  }

  private expect(code: number, what: string): void {
    if (this.position >= this.end || this.bytes[this.position] !== code) this.fail(what);
    this.position += 1;
  }

  private fail(expected: string): never {
    throw new Error(`keyword index: a saved part is damaged at byte ${this.position} of its line (expected ${expected})`);
  }
}

/** Appends the words and ordinals of one saved line's data, bytes `start` to `end`, to `builder`, in order. */
export function appendSavedEntries(bytes: Buffer, start: number, end: number, builder: PostingsBuilder): void {
  new SavedLine(bytes, start, end, builder).appendAll();
}
