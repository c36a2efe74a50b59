// Lists one message's attachments, with winmail.dat unpacked into the files it carries, and reads their text; never throws.
import type { AttachmentInfo, AttachmentText } from '../../../shared/model/message';
import { DEFAULT_EXTRACTION_LIMITS, extractAttachmentText } from './extractAttachmentText';
import type { ExtractionLimits } from './extractorInput';
import { textFormatOf } from './textFormat';
import { readTnef, type TnefFile } from './tnef';

/** One attachment as the MIME parser found it. */
export interface AttachmentSource {
  filename: string;
  /** The bare type (`text/plain`), as listed. */
  contentType: string;
  /** The declared charset of a text part, '' if none. */
  charset: string;
  bytes: Uint8Array;
}

export interface MessageAttachments {
  attachments: AttachmentInfo[];
  /** The bytes of each listed attachment, in the same order (a winmail.dat's files, not the winmail.dat). */
  contents: Uint8Array[];
  /** Per attachment: its text, or why it could not be read. Attachments with no text to read are left out. */
  texts: AttachmentText[];
}

export interface AttachmentReadOptions {
  limits?: ExtractionLimits;
  /** False when an earlier attempt at this message stopped responding: list the attachments, note their text as unread. */
  readText?: boolean;
  /** Called when this message's turn to read attachment text starts and when it ends (the parse pool's watchdog). */
  onReading?: (isReading: boolean) => void;
}

/** Attachment text kept per message, across all its attachments. */
const MAX_MESSAGE_TEXT = 2_000_000;
/** Time all of one message's attachments may take together. */
const MESSAGE_TIME_BUDGET_MS = 60_000;

/**
 * One message reads attachment text at a time on each thread: the per-file time limit then measures that file's own
 * work, not the work of every message a worker happens to be parsing at once.
 */
let readingTurn: Promise<void> = Promise.resolve();

async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  const previous = readingTurn;
  let release = (): void => {};
  readingTurn = new Promise((resolve) => (release = resolve));
  await previous;
  try {
    return await read();
  } finally {
    release();
  }
}

interface Listed {
  info: AttachmentInfo;
  contentType: string;
  bytes: Uint8Array;
}

function listedFile(file: TnefFile): Listed {
  return {
    info: { filename: file.filename, contentType: file.contentType, size: file.bytes.length },
    contentType: file.contentType,
    bytes: file.bytes,
  };
}

/** A winmail.dat becomes the files inside it; when it holds none (or cannot be read) it stays listed itself. */
function unpack(source: AttachmentSource, notes: AttachmentText[]): Listed[] {
  const listed: Listed = {
    info: { filename: source.filename, contentType: source.contentType, size: source.bytes.length },
    contentType: source.charset ? `${source.contentType}; charset=${source.charset}` : source.contentType,
    bytes: source.bytes,
  };
  if (textFormatOf(source.filename, source.contentType, source.bytes)?.kind !== 'tnef') return [listed];
  try {
    const contents = readTnef(source.bytes);
    if (contents.files.length === 0) return [listed];
    if (contents.problems.length > 0) notes.push({ filename: source.filename, text: '', error: contents.problems.join('; ') });
    return contents.files.map(listedFile);
  } catch {
    // Left listed as it is: reading its text below fails the same way and notes why.
    return [listed];
  }
}

async function readTexts(listed: Listed[], options: AttachmentReadOptions): Promise<AttachmentText[]> {
  const limits = options.limits ?? DEFAULT_EXTRACTION_LIMITS;
  const texts: AttachmentText[] = [];
  const started = performance.now();
  let kept = 0;
  for (const item of listed) {
    const { filename } = item.info;
    if (kept >= MAX_MESSAGE_TEXT) {
      texts.push({
        filename,
        text: '',
        error: `not read: this message’s attachments already gave ${MAX_MESSAGE_TEXT.toLocaleString('en')} characters of text`,
      });
    } else if (performance.now() - started > MESSAGE_TIME_BUDGET_MS) {
      texts.push({
        filename,
        text: '',
        error: `not read: this message’s attachments already took over ${MESSAGE_TIME_BUDGET_MS / 1000} s`,
      });
    } else {
      const result = await extractAttachmentText(filename, item.contentType, item.bytes, {
        ...limits,
        maxChars: Math.min(limits.maxChars, MAX_MESSAGE_TEXT - kept),
      });
      if (!result || (result.text === '' && !result.error)) continue;
      kept += result.text.length;
      texts.push({ filename, text: result.text, ...(result.error ? { error: result.error } : {}) });
    }
  }
  return texts;
}

export async function readMessageAttachments(
  sources: AttachmentSource[],
  options: AttachmentReadOptions = {},
): Promise<MessageAttachments> {
  const notes: AttachmentText[] = [];
  const listed = sources.flatMap((source) => unpack(source, notes));
  const attachments = listed.map((item) => item.info);
  const contents = listed.map((item) => item.bytes);
  const readable = listed.filter((item) => textFormatOf(item.info.filename, item.contentType, item.bytes));
  if (readable.length === 0) return { attachments, contents, texts: notes };
  if (options.readText === false) {
    const skipped = readable.map(({ info }) => ({
      filename: info.filename,
      text: '',
      error: 'not read: reading this message’s attachments stopped responding, so its text was skipped',
    }));
    return { attachments, contents, texts: [...notes, ...skipped] };
  }
  const texts = await inTurn(async () => {
    options.onReading?.(true);
    try {
      return await readTexts(readable, options);
    } finally {
      options.onReading?.(false);
    }
  });
  return { attachments, contents, texts: [...notes, ...texts] };
}
