// Rewrites a message that breaks the MIME parser's limits into one that keeps within them, keeping what comes first
// (the headers, the first parts), and says in plain words what was cut.
import { fitHeaderBlock, MAX_FIELD_BYTES, MAX_HEADER_BYTES, partStructureOf } from './headerBlock';

/** Parts at every depth together, the message itself and nested messages counted; real mail has tens. */
export const MAX_MIME_PARTS = 1000;
/**
 * Where a message over the part limit is cut when its parts nest: real mail nests a few levels (a forward of a signed
 * mail with attachments: 5), so the parts of a 10,000-level nest kept are its top levels, not a thousand of its wrappers.
 */
export const MAX_MIME_DEPTH = 100;

/** A message rewritten to fit, and what was cut from it ("cut: …"), empty when nothing was. */
export interface FittedMail {
  bytes: Buffer;
  notes: string[];
}

/** Where the body was cut: the parts before the first one past a limit are kept. */
interface Cut {
  partsKept: number;
  reason: 'parts' | 'depth';
}

interface OpenMultipart {
  boundary: Buffer;
  /** Depth of the multipart part itself (the message is 0). */
  depth: number;
}

const DASH = 0x2d;

function count(value: number): string {
  return value.toLocaleString('en');
}

function plural(value: number, word: string): string {
  return `${count(value)} ${word}${value === 1 ? '' : 's'}`;
}

/** The message's own line end, for the lines written here. */
function lineEndOf(bytes: Buffer): Buffer {
  const newline = bytes.indexOf(0x0a);
  return Buffer.from(newline > 0 && bytes[newline - 1] === 0x0d ? '\r\n' : '\n');
}

/** Whether bytes[start, end) (a line without its LF) is an empty line. */
function isBlank(bytes: Buffer, start: number, end: number): boolean {
  return end === start || (end === start + 1 && bytes[start] === 0x0d);
}

/**
 * The delimiter a line is, as mailsplit reads one: "--" boundary, then "--" for the closing one, then blanks and CRs.
 * The innermost open multipart whose boundary matches wins; null for any other line.
 */
function delimiterOf(bytes: Buffer, start: number, end: number, open: OpenMultipart[]): { index: number; isClosing: boolean } | null {
  if (end - start < 3 || bytes[start] !== DASH || bytes[start + 1] !== DASH) return null;
  let textEnd = end;
  while (textEnd > start + 2 && (bytes[textEnd - 1] === 0x0d || bytes[textEnd - 1] === 0x20 || bytes[textEnd - 1] === 0x09)) textEnd -= 1;
  for (let index = open.length - 1; index >= 0; index -= 1) {
    const boundary = open[index]!.boundary;
    const length = textEnd - start - 2;
    if (length !== boundary.length && length !== boundary.length + 2) continue;
    if (bytes.compare(boundary, 0, boundary.length, start + 2, start + 2 + boundary.length) !== 0) continue;
    if (length === boundary.length) return { index, isClosing: false };
    if (bytes[textEnd - 1] === DASH && bytes[textEnd - 2] === DASH) return { index, isClosing: true };
  }
  return null;
}

/** The output: the message's bytes where they are kept as they are, new bytes where a header was fitted or the cut closed. */
class Rewrite {
  readonly chunks: Buffer[] = [];
  /** Bytes from here on are copied as they are, up to where the next change starts. */
  private copiedFrom = 0;

  constructor(private readonly bytes: Buffer) {}

  replace(start: number, end: number, replacement: Buffer[]): void {
    this.chunks.push(this.bytes.subarray(this.copiedFrom, start), ...replacement);
    this.copiedFrom = end;
  }

  finish(end: number): Buffer {
    this.chunks.push(this.bytes.subarray(this.copiedFrom, end));
    return Buffer.concat(this.chunks);
  }
}

function headerNotes(shortenedFields: number, leftOutFields: number): string[] {
  if (shortenedFields + leftOutFields === 0) return [];
  const what = [
    shortenedFields > 0 ? `${plural(shortenedFields, 'header field')} shortened to ${MAX_FIELD_BYTES / 1024} KB` : '',
    leftOutFields > 0 ? `${plural(leftOutFields, 'header field')} left out` : '',
  ];
  return [
    `cut: ${what.filter(Boolean).join(', ')} (limit ${MAX_HEADER_BYTES / 1024 / 1024} MB of header for the message and for each part)`,
  ];
}

/**
 * The message within the limits: each header block fitted (fitHeaderBlock), and the body cut where a part past
 * MAX_MIME_PARTS or deeper than MAX_MIME_DEPTH would begin, every multipart still open closed there. The rest is
 * only counted, for the note.
 */
export function fitToMimeLimits(bytes: Buffer): FittedMail {
  const lineEnd = lineEndOf(bytes);
  const rewrite = new Rewrite(bytes);
  const open: OpenMultipart[] = [];
  let isInHeader = true;
  let headerStart = 0;
  let depth = 0;
  let parts = 1;
  let deepest = 0;
  let cut: Cut | null = null;
  let shortenedFields = 0;
  let leftOutFields = 0;

  /** A part begins at `position`; past a limit the message is cut there. */
  const beginPart = (position: number, partDepth: number): void => {
    parts += 1;
    depth = partDepth;
    deepest = Math.max(deepest, partDepth);
    isInHeader = true;
    if (cut || (parts <= MAX_MIME_PARTS && partDepth <= MAX_MIME_DEPTH)) return;
    cut = { partsKept: parts - 1, reason: parts > MAX_MIME_PARTS ? 'parts' : 'depth' };
    const closings = open
      .toReversed()
      .map((multipart) => Buffer.concat([Buffer.from('--'), multipart.boundary, Buffer.from('--'), lineEnd]));
    rewrite.replace(position, bytes.length, closings);
  };

  /** The header block [headerStart, end) ended; its body starts at `bodyStart`, or it has none (null). */
  const endHeader = (end: number, bodyStart: number | null): void => {
    isInHeader = false;
    if (!cut) {
      const fitted = fitHeaderBlock(bytes, headerStart, end, lineEnd);
      if (fitted.shortenedFields + fitted.leftOutFields > 0) rewrite.replace(headerStart, end, fitted.chunks);
      shortenedFields += fitted.shortenedFields;
      leftOutFields += fitted.leftOutFields;
    }
    const structure = partStructureOf(bytes, headerStart, end);
    if (structure.boundary) open.push({ boundary: structure.boundary, depth });
    else if (structure.isEmbeddedMessage && bodyStart !== null && bodyStart < bytes.length) {
      beginPart(bodyStart, depth + 1);
      headerStart = bodyStart;
    }
  };

  for (let position = 0; position < bytes.length;) {
    const newline = bytes.indexOf(0x0a, position);
    const contentEnd = newline === -1 ? bytes.length : newline;
    const next = newline === -1 ? bytes.length : newline + 1;
    const delimiter = delimiterOf(bytes, position, contentEnd, open);
    if (delimiter) {
      if (isInHeader) endHeader(position, null);
      const owner = open[delimiter.index]!;
      open.length = delimiter.isClosing ? delimiter.index : delimiter.index + 1;
      if (!delimiter.isClosing) {
        beginPart(position, owner.depth + 1);
        headerStart = next;
      }
    } else if (isInHeader && isBlank(bytes, position, contentEnd)) endHeader(position, next);
    position = next;
  }
  if (isInHeader) endHeader(bytes.length, null);

  const notes = headerNotes(shortenedFields, leftOutFields);
  // Set inside beginPart, where TypeScript's narrowing of `cut` to null does not look.
  const ended = cut as Cut | null;
  if (ended?.reason === 'parts')
    notes.push(
      `cut: ${count(parts - ended.partsKept)} of ${count(parts)} MIME parts not read (limit ${count(MAX_MIME_PARTS)}, counting the message and nested parts)`,
    );
  if (ended?.reason === 'depth')
    notes.push(
      `cut: MIME nested ${count(deepest)} levels deep; ${count(parts - ended.partsKept)} of ${count(parts)} parts not read, from the first one deeper than the limit (${MAX_MIME_DEPTH} levels)`,
    );
  return { bytes: notes.length > 0 ? rewrite.finish(bytes.length) : bytes, notes };
}

/** The message's own header block, fitted, and no body: the last way to keep a message the parser cannot read. */
export function fitHeadersOnly(bytes: Buffer): FittedMail {
  const lineEnd = lineEndOf(bytes);
  let end = bytes.length;
  for (let position = 0; position < bytes.length;) {
    const newline = bytes.indexOf(0x0a, position);
    const contentEnd = newline === -1 ? bytes.length : newline;
    if (isBlank(bytes, position, contentEnd)) {
      end = position;
      break;
    }
    position = contentEnd + 1;
  }
  const fitted = fitHeaderBlock(bytes, 0, end, lineEnd);
  return { bytes: Buffer.concat([...fitted.chunks, lineEnd]), notes: headerNotes(fitted.shortenedFields, fitted.leftOutFields) };
}
