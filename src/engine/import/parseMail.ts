// Runs the MIME parser on one message with Lantern's limits. A message that breaks them is read again cut to fit,
// and as a last resort as its headers alone, so it is kept with what could be read and a note of what was not.
import { simpleParser, type ParsedMail } from 'mailparser';
import { withUtf8Headers } from './eightBitHeaders';
import { MAX_HEADER_BYTES } from './headerBlock';
import { fitHeadersOnly, fitToMimeLimits, MAX_MIME_PARTS } from './mimeLimits';
import { readPlainMail } from './plainMail';
import { errorMessage } from '../../shared/errorMessage';

/** A parsed message and what was cut from it to fit the limits ("cut: …"), empty when nothing was. */
export interface ReadMail {
  parsed: ParsedMail;
  notes: string[];
}

function isLimitError(error: unknown): boolean {
  return error instanceof Error && /max header size|max allowed child nodes/i.test(error.message);
}

function explain(error: unknown): string {
  const message = errorMessage(error);
  if (/max header size/i.test(message))
    return `a header block is larger than ${MAX_HEADER_BYTES / 1024 / 1024} MB (the limit for the message and for each part)`;
  if (/max allowed child nodes/i.test(message))
    return `the message has more than ${MAX_MIME_PARTS.toLocaleString('en')} MIME parts, counting nested ones (the limit)`;
  return message;
}

/** mailparser's reading of a message, with Lantern's limits: every message readPlainMail does not take. */
export function parseWithMailparser(bytes: Buffer): Promise<ParsedMail> {
  return simpleParser(bytes, {
    skipImageLinks: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    maxHeadSize: MAX_HEADER_BYTES,
    maxChildNodes: MAX_MIME_PARTS,
  });
}

/** A message the quick path cannot be sure of, down to one that makes mailparser's own code throw there, goes to mailparser. */
function readPlainMailOrNull(bytes: Buffer): ParsedMail | null {
  try {
    return readPlainMail(bytes);
  } catch {
    return null;
  }
}

export async function readMail(bytes: Buffer): Promise<ReadMail> {
  const utf8 = withUtf8Headers(bytes);
  const plain = readPlainMailOrNull(utf8);
  if (plain) return { parsed: plain, notes: [] };
  let failure: unknown;
  try {
    return { parsed: await parseWithMailparser(utf8), notes: [] };
  } catch (error) {
    if (!isLimitError(error)) throw error;
    failure = error;
  }
  const fitted = fitToMimeLimits(utf8);
  if (fitted.notes.length > 0) {
    try {
      return { parsed: await parseWithMailparser(fitted.bytes), notes: fitted.notes };
    } catch (error) {
      if (!isLimitError(error)) throw error;
      failure = error;
    }
  }
  // The parser still finds more than the rewrite did (a structure read differently): keep the headers at least.
  const bare = fitHeadersOnly(utf8);
  try {
    return { parsed: await parseWithMailparser(bare.bytes), notes: [...bare.notes, `cut: the body was not read: ${explain(failure)}`] };
  } catch (error) {
    throw new Error(`mime: ${explain(error)}; skipped`, { cause: error });
  }
}

/** The parsed message alone, for readers that have nowhere to show a note (a mail attached to a mail). */
export async function parseMail(bytes: Buffer): Promise<ParsedMail> {
  return (await readMail(bytes)).parsed;
}
