// Fits one header block (of the message or of a MIME part) within the MIME parser's header limit, and reads the
// fields that say how the body is built.
import { unfoldHeader } from './unfoldHeader';

/** The MIME parser's limit for one header block; it counts every line as at least LINE_MIN_COST bytes. */
export const MAX_HEADER_BYTES = 1024 * 1024;
/** mailsplit's HEADER_LINE_MIN_COST: a header line costs its bytes, and at least this. */
const LINE_MIN_COST = 64;
/** A field costing more is shortened to this; a To: with a thousand addresses still fits whole. */
export const MAX_FIELD_BYTES = 32 * 1024;
/** A fitted block costs at most this: under the parser's limit, with room for its count of the block's last line. */
const BLOCK_BUDGET = 768 * 1024;
/** The first of each of these is kept whatever else is left out: who, when, what, the thread, and how the body is built. */
const KEPT_FIRST = new Set([
  'from',
  'sender',
  'reply-to',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'in-reply-to',
  'references',
  'list-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'content-disposition',
  'content-id',
  'x-gmail-labels',
  'x-gm-thrid',
  'x-folder',
]);

/** A field: its first line and folded continuation lines, line ends included, as offsets into the message. */
interface FieldSpan {
  start: number;
  end: number;
  name: string;
}

/** The end (after its LF, or `end`) of the line that starts at `position`. */
function lineEndOf(bytes: Buffer, position: number, end: number): number {
  const newline = bytes.indexOf(0x0a, position);
  return newline === -1 || newline >= end ? end : newline + 1;
}

/** The fields of the block bytes[start, end), continuation lines joined to the field they continue. */
function* fieldsOf(bytes: Buffer, start: number, end: number): Generator<FieldSpan> {
  let fieldStart = start;
  for (let position = start; position < end;) {
    const lineEnd = lineEndOf(bytes, position, end);
    const next = bytes[lineEnd];
    if (lineEnd >= end || (next !== 0x20 && next !== 0x09)) {
      const colon = bytes.indexOf(0x3a, fieldStart);
      const nameEnd = colon === -1 || colon >= lineEnd ? fieldStart : Math.min(colon, fieldStart + 100);
      yield { start: fieldStart, end: lineEnd, name: bytes.toString('latin1', fieldStart, nameEnd).trim().toLowerCase() };
      fieldStart = lineEnd;
    }
    position = lineEnd;
  }
}

/** What the parser counts a field for, each of its lines at least LINE_MIN_COST; counted only until past MAX_FIELD_BYTES. */
function costOf(bytes: Buffer, field: FieldSpan): number {
  let cost = 0;
  for (let position = field.start; position < field.end && cost <= MAX_FIELD_BYTES;) {
    const lineEnd = lineEndOf(bytes, position, field.end);
    cost += Math.max(lineEnd - position, LINE_MIN_COST);
    position = lineEnd;
  }
  return cost;
}

/** What a field costs once fitted: a longer one is shortened to MAX_FIELD_BYTES. */
function fittedCostOf(bytes: Buffer, field: FieldSpan): number {
  return Math.min(costOf(bytes, field), MAX_FIELD_BYTES);
}

/** A field costing more than MAX_FIELD_BYTES, cut to that: whole lines, then the part of the next that fits. */
function shortened(bytes: Buffer, field: FieldSpan, lineEnd: Buffer): Buffer {
  const kept: Buffer[] = [];
  let cost = 0;
  for (let position = field.start; position < field.end;) {
    const end = lineEndOf(bytes, position, field.end);
    const lineCost = Math.max(end - position, LINE_MIN_COST);
    if (cost + lineCost <= MAX_FIELD_BYTES) {
      kept.push(bytes.subarray(position, end));
      cost += lineCost;
      position = end;
      continue;
    }
    let cut = position + MAX_FIELD_BYTES - cost - lineEnd.length;
    if (cut - position >= LINE_MIN_COST) {
      // Not inside a UTF-8 character: the parser would read half of one as windows-1252.
      while (cut > position && (bytes[cut]! & 0xc0) === 0x80) cut -= 1;
      kept.push(bytes.subarray(position, cut), lineEnd);
    }
    break;
  }
  return Buffer.concat(kept);
}

export interface FittedHeaderBlock {
  /** The block as the parser will read it: the original bytes of every field kept whole. */
  chunks: Buffer[];
  shortenedFields: number;
  leftOutFields: number;
}

/**
 * The block bytes[start, end) within the parser's limit: fields costing more than MAX_FIELD_BYTES shortened to it,
 * and past BLOCK_BUDGET the later fields left out, except the first of each KEPT_FIRST field, whose room is kept.
 */
export function fitHeaderBlock(bytes: Buffer, start: number, end: number, lineEnd: Buffer): FittedHeaderBlock {
  let reserved = 0;
  const seen = new Set<string>();
  for (const field of fieldsOf(bytes, start, end)) {
    if (!KEPT_FIRST.has(field.name) || seen.has(field.name)) continue;
    seen.add(field.name);
    reserved += fittedCostOf(bytes, field);
  }
  const result: FittedHeaderBlock = { chunks: [], shortenedFields: 0, leftOutFields: 0 };
  let spent = 0;
  const kept = new Set<string>();
  for (const field of fieldsOf(bytes, start, end)) {
    const cost = costOf(bytes, field);
    const isLong = cost > MAX_FIELD_BYTES;
    const fittedCost = Math.min(cost, MAX_FIELD_BYTES);
    const isReserved = KEPT_FIRST.has(field.name) && !kept.has(field.name);
    if (isReserved) {
      kept.add(field.name);
      reserved -= fittedCost;
    } else if (spent + reserved + fittedCost > BLOCK_BUDGET) {
      result.leftOutFields += 1;
      continue;
    }
    spent += fittedCost;
    if (isLong) {
      result.chunks.push(shortened(bytes, field, lineEnd));
      result.shortenedFields += 1;
    } else result.chunks.push(bytes.subarray(field.start, field.end));
  }
  return result;
}

/** How a part's body is built, as far as finding its parts needs. */
export interface PartStructure {
  /** The boundary of a multipart, as bytes; null for any other part. */
  boundary: Buffer | null;
  /** A message/rfc822 part whose bytes the parser reads as a nested message. */
  isEmbeddedMessage: boolean;
}

/** The first `name` field of the block, unfolded, without its name; at most MAX_FIELD_BYTES of it is read. */
function fieldValue(bytes: Buffer, start: number, end: number, name: string): string | null {
  for (const field of fieldsOf(bytes, start, end)) {
    if (field.name !== name) continue;
    const text = unfoldHeader(bytes.toString('latin1', field.start, Math.min(field.end, field.start + MAX_FIELD_BYTES)));
    return text.slice(text.indexOf(':') + 1).trim();
  }
  return null;
}

const BOUNDARY_PARAMETER = /(?:^|;)\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i;

/**
 * Reads Content-Type and Content-Transfer-Encoding as mailsplit does: a boundary is ASCII, its trailing blanks dropped;
 * an attached message in 7bit, 8bit or binary is read as a nested message (counted here even where mailsplit, for an
 * attachment disposition, would not: counting more only cuts sooner, never lets a message past the parser's limits).
 */
export function partStructureOf(bytes: Buffer, start: number, end: number): PartStructure {
  const contentType = fieldValue(bytes, start, end, 'content-type') ?? '';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const match = BOUNDARY_PARAMETER.exec(contentType);
    const boundary = (match?.[1]?.replace(/\\(.)/g, '$1') ?? match?.[2] ?? '').trimEnd();
    // eslint-disable-next-line no-control-regex
    const isAscii = /^[\x00-\x7f]+$/.test(boundary);
    return { boundary: boundary !== '' && isAscii ? Buffer.from(boundary, 'latin1') : null, isEmbeddedMessage: false };
  }
  const encoding = (fieldValue(bytes, start, end, 'content-transfer-encoding') ?? '').toLowerCase();
  return { boundary: null, isEmbeddedMessage: type === 'message/rfc822' && ['', '7bit', '8bit', 'binary'].includes(encoding) };
}
