// Reads a message of one text/plain part with mailparser's own header and body code but without its streams, so short
// mail is parsed several times faster and exactly as simpleParser parses it; any other message is left to mailparser.
import type { Transform } from 'node:stream';
import type { HeaderLines, ParsedMail } from 'mailparser';
import MailSplit from '@zone-eu/mailsplit';
import FlowedDecoder from '@zone-eu/mailsplit/lib/flowed-decoder.js';
import { MAX_HEADER_BYTES } from './headerBlock';
import { headerReader, headerValues } from './headerValues';
import { SHOWN_HEADERS } from './shownHeaders';

/**
 * mailsplit, the MIME splitter mailparser is built on, imported as mailparser imports it: the same copy (plainMail.test.ts
 * holds it to that), so the parse worker's build bundles it once. Taken at run time from where mailparser finds it,
 * it brought a second libmime and iconv-lite, read file by file, into the start of every parse worker (issue 25).
 */
const { MimeNode } = MailSplit;

/** What mailparser's parser does with a text part's charset, reached from the idle instance headerValues reads with. */
const charsetReader = headerReader as unknown as { decoder: { decodeStream(charset: string): Transform } };

/** mailsplit counts each header line as at least this many bytes against the header limit. */
const LINE_MIN_COST = 64;

/** The root fields simpleParser copies from the headers, and the names it gives them. */
const ROOT_FIELDS = [
  ['subject', 'subject'],
  ['references', 'references'],
  ['date', 'date'],
  ['to', 'to'],
  ['from', 'from'],
  ['cc', 'cc'],
  ['bcc', 'bcc'],
  ['message-id', 'messageId'],
  ['in-reply-to', 'inReplyTo'],
  ['reply-to', 'replyTo'],
] as const;

/**
 * The header fields whose values are read: the ones simpleParser copies to the root and the ones shown with a message.
 * mailparser decodes every field (Received, DKIM-Signature and the like: most of a list message's header block), each
 * on its own; only these are decoded here, to the same values. Fields are read by their raw lines (headerLines) otherwise.
 * List-* fields are left out: processHeaders files their values under 'list', a name no reader asks for (the shown
 * 'list-id' is never found under its own name, from mailparser either, and the list id is read from its raw line).
 */
export const READ_HEADERS: ReadonlySet<string> = new Set<string>(
  [...ROOT_FIELDS.map(([key]) => key), ...SHOWN_HEADERS].filter((name) => !name.startsWith('list-')),
);

/** Where the header block ends (after its blank line), as mailsplit finds it; the whole message when it has no blank line. */
function headerEnd(bytes: Buffer): number {
  for (let position = 0; position < bytes.length;) {
    const newline = bytes.indexOf(0x0a, position);
    if (newline === -1) break;
    if (newline === position || (newline === position + 1 && bytes[position] === 0x0d)) return newline + 1;
    position = newline + 1;
  }
  return bytes.length;
}

/** Whether the block is well within the parser's header limit, counting lines as mailsplit does. */
function isWithinHeaderLimit(header: Buffer): boolean {
  let lines = 0;
  for (let newline = header.indexOf(0x0a); newline !== -1; newline = header.indexOf(0x0a, newline + 1)) lines += 1;
  return header.length + (lines + 1) * LINE_MIN_COST < MAX_HEADER_BYTES;
}

/**
 * A transform stream's whole output for one input, its own `_transform` and `_flush` run at once on this thread: the
 * decoders mailparser pipes a part through, without the stream's scheduling (a turn of the event loop per step).
 */
function transformWhole(stream: Transform, input: Buffer): Buffer {
  const output: Buffer[] = [];
  stream.push = (chunk: unknown): boolean => {
    if (typeof chunk === 'string') output.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) output.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    return true;
  };
  const fail = (error?: Error | null): void => {
    if (error) throw error;
  };
  if (input.length > 0) stream._transform(input, 'binary', fail);
  stream._flush(fail);
  return Buffer.concat(output);
}

/**
 * mailsplit hands base64 to its decoder in pieces (the last line apart when it has no line end), and a decoder that
 * meets "=" inside the data decodes each piece on its own: only base64 padded at its end alone decodes the same whole.
 */
function isPaddedOnlyAtEnd(body: Buffer): boolean {
  const base64 = body.toString('latin1').replace(/[^a-zA-Z0-9+/=]/g, '');
  const padding = base64.indexOf('=');
  return padding === -1 || /^=+$/.test(base64.slice(padding));
}

/** The part's text as mailparser reads it: transfer encoding, format=flowed, then charset, line ends made LF. */
function textOf(node: InstanceType<typeof MimeNode>, body: Buffer): string {
  let content = node.encoding === 'base64' || node.encoding === 'quoted-printable' ? transformWhole(node.getDecoder(), body) : body;
  if (node.flowed) content = transformWhole(new FlowedDecoder({ delSp: node.delSp }) as unknown as Transform, content);
  const charset = node.charset || 'utf-8';
  if (!['ascii', 'usascii', 'utf8'].includes(charset.toLowerCase().replace(/[^a-z0-9]+/g, ''))) {
    let decoder: Transform | null = null;
    try {
      decoder = charsetReader.decoder.decodeStream(charset);
    } catch {
      // mailparser keeps the bytes undecoded too
    }
    if (decoder) content = transformWhole(decoder, content);
  }
  const text = content.toString();
  // The same text as mailparser's replace, which on mail without a CR was a pass over the whole text for nothing.
  return text.includes('\r') ? text.replace(/\r?\n/g, '\n') : text;
}

/**
 * The message as simpleParser reads it (skipping image links and text-to-HTML, as readMail asks; `headers` holding the
 * values of READ_HEADERS alone, every raw line in `headerLines`), when it is one
 * text/plain part shown inline, in a transfer encoding and charset read the same whole as in pieces; null for any
 * other message, and for one whose headers come near the parser's limit, which mailparser then reads with its checks.
 */
export function readPlainMail(bytes: Buffer): ParsedMail | null {
  const end = headerEnd(bytes);
  const header = bytes.subarray(0, end);
  if (!isWithinHeaderLimit(header)) return null;
  const node = new MimeNode(false, {});
  node.addHeaderChunk(header);
  node.parseHeaders();
  const contentType = node.contentType || 'text/plain';
  if (contentType !== 'text/plain' || (node.disposition && node.disposition !== 'inline')) return null;
  const body = bytes.subarray(end);
  if (node.encoding === 'base64' && !isPaddedOnlyAtEnd(body)) return null;
  const text = textOf(node, body);
  const headers = node.headers as InstanceType<typeof MailSplit.Headers>;
  const headerLines = headers.getList() as HeaderLines;
  // simpleParser reads a one-time password header into `otp` with code of its own; such rare mail goes to it.
  if (headerLines.some((line) => line.key === 'otp-token')) return null;
  const processed = headerValues(headerLines.filter((line) => READ_HEADERS.has(line.key)));
  const mail: Record<string, unknown> = { attachments: [], headers: processed, headerLines, html: false };
  if (text) Object.assign(mail, { text, textAsHtml: '' });
  for (const [key, field] of ROOT_FIELDS) if (processed.has(key)) mail[field] = processed.get(key);
  return mail as unknown as ParsedMail;
}
