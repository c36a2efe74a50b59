// Runs the MIME parser on one message with Lantern's limits, and says in plain words which limit a message broke.
import { simpleParser, type ParsedMail } from 'mailparser';
import { withUtf8Headers } from './eightBitHeaders';

/** Larger header blocks (of the message or of one part) are hostile or broken: real ones stay far below. */
export const MAX_HEADER_BYTES = 1024 * 1024;
/** Parts at every depth together; real mail with attachments has tens. Deep nesting counts every level. */
export const MAX_MIME_PARTS = 1000;

function explain(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/max header size/i.test(message)) return new Error(`mime: a header block is larger than ${MAX_HEADER_BYTES / 1024 / 1024} MB (the limit for one message or part); skipped`);
  if (/max allowed child nodes/i.test(message)) return new Error(`mime: the message has more than ${MAX_MIME_PARTS.toLocaleString('en')} MIME parts, counting nested ones (the limit); skipped`);
  return error instanceof Error ? error : new Error(message);
}

export async function parseMail(bytes: Buffer): Promise<ParsedMail> {
  try {
    return await simpleParser(withUtf8Headers(bytes), {
      skipImageLinks: true,
      skipTextToHtml: true,
      skipTextLinks: true,
      maxHeadSize: MAX_HEADER_BYTES,
      maxChildNodes: MAX_MIME_PARTS,
    });
  } catch (error) {
    throw explain(error);
  }
}
