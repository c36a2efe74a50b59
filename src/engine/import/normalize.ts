// Parses one raw message with mailparser and normalises it into the stored MessageRecord.
import { hash as digest } from 'node:crypto';
import type { AddressObject, HeaderValue, ParsedMail } from 'mailparser';
import { convert as htmlToText } from 'html-to-text';
import type { Address, AttachmentInfo } from '../../shared/model/message';
import type { MessageRecord } from '../store/messageRecord';
import type { MailPlacement } from './rawMail';
import { parseGmailLabels } from './gmailLabels';
import { headerFieldValues } from './unfoldHeader';
import { makeSnippet } from './snippet';
import { SHOWN_HEADERS } from './shownHeaders';
import type { ThreadHints } from './threading';
import type { KeywordDocument } from '../index/keywordIndex';
import { keywordDocumentOfParts } from '../index/keywordDocument';
import { readMail } from './parseMail';
import { readMessageAttachments, type AttachmentSource, type MessageAttachments } from './attachments/messageAttachments';
import { hashAttachments } from './attachments/attachmentBlobs';
import { MAX_STORED_ATTACHMENT_BYTES, type AttachmentBlob } from '../store/attachmentStore';
import { errorMessage } from '../../shared/errorMessage';
import { bodyHashOf } from '../index/bodyHash';

const MAX_TEXT_CHARS = 2_000_000;
const MAX_HEADER_CHARS = 2_000;
/** The shown header that holds what was cut from a message to read it within the limits ("cut: …; cut: …"). */
export const CUT_NOTES_HEADER = 'x-lantern-cut';

/** One call, not a Hash object per value: a short message's two hashes were a noticeable part of its parse. */
function hash(text: string): string {
  return digest('sha256', text, 'hex');
}

function addresses(field: AddressObject | AddressObject[] | undefined): Address[] {
  if (!field) return [];
  const groups = Array.isArray(field) ? field : [field];
  const result: Address[] = [];
  const visit = (entries: AddressObject['value']): void => {
    for (const entry of entries) {
      if (entry.group) visit(entry.group);
      else if (entry.address || entry.name) result.push({ name: entry.name ?? '', address: (entry.address ?? '').toLowerCase() });
    }
  };
  for (const group of groups) visit(group.value);
  return result;
}

function headerText(value: HeaderValue): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => headerText(item as HeaderValue)).join(', ');
  if (value && typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('value' in value && typeof value.value === 'string') return value.value;
  }
  return String(value ?? '');
}

function stripAngles(id: string | undefined): string {
  return (id ?? '').trim().replace(/^<|>$/g, '');
}

function referencesOf(parsed: ParsedMail): string[] {
  const references = parsed.references;
  const list = Array.isArray(references) ? references : references ? references.split(/\s+/) : [];
  return list.map(stripAngles).filter((reference) => reference !== '');
}

function threadHintsOf(parsed: ParsedMail, subject: string): ThreadHints {
  const ancestors = referencesOf(parsed);
  const parent = stripAngles(parsed.inReplyTo?.split(/\s+/)[0]);
  if (parent && !ancestors.includes(parent)) ancestors.push(parent);
  return { gmailThreadId: headerFieldValues(parsed, 'x-gm-thrid')[0] ?? '', ancestors, subject };
}

function attachmentSourcesOf(parsed: ParsedMail): AttachmentSource[] {
  return parsed.attachments
    .filter((attachment) => attachment.contentDisposition !== 'inline' || attachment.filename)
    .map((attachment) => {
      const header = attachment.headers.get('content-type');
      const charset =
        header && typeof header === 'object' && 'params' in header
          ? String((header.params as Record<string, string | undefined>).charset ?? '')
          : '';
      return {
        filename: attachment.filename ?? `unnamed.${attachment.contentType.split('/')[1] ?? 'bin'}`,
        contentType: attachment.contentType,
        charset,
        bytes: attachment.content,
      };
    });
}

/** The attachment list and text; a failure here lists the attachments as MIME gave them and notes why there is no text. */
async function attachmentsOf(parsed: ParsedMail, context: NormalizeContext, hooks: NormalizeHooks): Promise<MessageAttachments> {
  const sources = attachmentSourcesOf(parsed);
  try {
    return await readMessageAttachments(sources, { readText: context.readAttachmentText, onReading: hooks.onReadingAttachments });
  } catch (error) {
    const reason = `attachment text could not be read: ${errorMessage(error)}`;
    return {
      attachments: sources.map((source): AttachmentInfo => ({
        filename: source.filename,
        contentType: source.contentType,
        size: source.bytes.length,
      })),
      contents: sources.map((source) => source.bytes),
      texts: sources.map((source) => ({ filename: source.filename, text: '', error: reason })),
    };
  }
}

/** The body as plain text, whole: the caller keeps MAX_TEXT_CHARS of it. */
function plainText(parsed: ParsedMail): string {
  if (parsed.text && parsed.text.trim() !== '') return parsed.text;
  if (typeof parsed.html === 'string') {
    return htmlToText(parsed.html, {
      wordwrap: false,
      selectors: [
        { selector: 'img', format: 'skip' },
        { selector: 'a', options: { ignoreHref: true } },
      ],
    });
  }
  return '';
}

function shownHeaders(parsed: ParsedMail, cutNotes: string[]): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const name of SHOWN_HEADERS) {
    const value = parsed.headers.get(name);
    if (value !== undefined) shown[name] = headerText(value).slice(0, MAX_HEADER_CHARS);
  }
  if (cutNotes.length > 0) shown[CUT_NOTES_HEADER] = cutNotes.join('; ');
  return shown;
}

/**
 * The folder an exporting tool wrote into the message (X-Folder: "Inbox\\Projects"), as a "/" path; it names the
 * folder better than the file or tree it came in. Null when the message has none.
 */
function folderHeader(parsed: ParsedMail): string | null {
  const value = (headerFieldValues(parsed, 'x-folder')[0] ?? '')
    .replace(/[\\/]+/g, '/')
    .replace(/^\/+|\/+$/g, '')
    .trim()
    .slice(0, 300);
  return value === '' ? null : value;
}

export interface NormalizeContext {
  sourceId: string;
  sourceFile: string;
  offset: number;
  placement: MailPlacement;
  defaultFolder: string;
  /** False to list attachments without reading their text (a retry after a parse worker stopped responding). */
  readAttachmentText?: boolean;
  /** Attachments larger than this are listed but their bytes not kept; 100 MB by default. */
  maxStoredAttachmentBytes?: number;
}

/** Calls out of a parse, for the thread that runs it (they cannot travel in the context, which is copied between threads). */
export interface NormalizeHooks {
  /** Attachment text reading started (true) or ended (false). */
  onReadingAttachments?: (isReading: boolean) => void;
}

export interface NormalizedMessage {
  /** The record, with `threadId` still empty: the importer resolves threads against what is already stored. */
  record: MessageRecord;
  threadHints: ThreadHints;
  /** Its keyword-index words, tokenised here so that work runs on the parsing thread. */
  keywords: KeywordDocument;
  /** Attachment bytes to keep, named by hash here; the importer writes them and lets go of them. */
  attachmentBlobs: AttachmentBlob[];
  /** The text's bodyHashOf for the catalog's copy groups, also made on the parsing thread. */
  bodyHash: number;
}

export async function normalizeMessage(bytes: Buffer, context: NormalizeContext, hooks: NormalizeHooks = {}): Promise<NormalizedMessage> {
  const { parsed, notes } = await readMail(bytes);
  const messageId = stripAngles(parsed.messageId);
  const from = addresses(parsed.from)[0] ?? { name: '', address: '' };
  const to = addresses(parsed.to);
  const cc = addresses(parsed.cc);
  const bcc = addresses(parsed.bcc);
  const subject = (parsed.subject ?? '').trim();
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.getTime() : 0;
  const wholeText = plainText(parsed);
  const text = wholeText.slice(0, MAX_TEXT_CHARS);
  const cutNotes =
    wholeText.length > MAX_TEXT_CHARS
      ? [
          ...notes,
          `cut: the text is ${wholeText.length.toLocaleString('en')} characters; the first ${MAX_TEXT_CHARS.toLocaleString('en')} are kept`,
        ]
      : notes;
  const listed = await attachmentsOf(parsed, context, hooks);
  const attachmentTexts = listed.texts;
  const { attachments, blobs } = hashAttachments(
    listed.attachments,
    listed.contents,
    context.maxStoredAttachmentBytes ?? MAX_STORED_ATTACHMENT_BYTES,
  );
  const contentHash = hash([messageId, date, from.address, subject, text.trim()].join('\u0000'));
  const id = (messageId ? hash(`${messageId}\u0000${contentHash}`) : contentHash).slice(0, 24);
  const gmailLabels = headerFieldValues(parsed, 'x-gmail-labels').flatMap(parseGmailLabels);
  const labels = [...new Set([...gmailLabels, ...context.placement.labels])];
  // mailparser files List-Id under `list` as an object, never under 'list-id' (so this was always empty): read the line itself.
  const listIdHeader = headerFieldValues(parsed, 'list-id')[0] ?? '';
  const listId = listIdHeader.match(/<([^>]+)>/)?.[1] ?? listIdHeader;
  const record: MessageRecord = {
    id,
    messageId,
    threadId: '',
    subject,
    date,
    fromName: from.name,
    fromAddress: from.address,
    toJson: JSON.stringify(to),
    ccJson: JSON.stringify(cc),
    bccJson: JSON.stringify(bcc),
    folder: folderHeader(parsed) ?? context.placement.folder ?? context.defaultFolder,
    labelsJson: JSON.stringify(labels),
    attachmentsJson: JSON.stringify(attachments),
    attachmentCount: attachments.length,
    attachmentTextJson: JSON.stringify(attachmentTexts),
    parentId: '',
    size: bytes.length,
    text,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    snippet: makeSnippet(text),
    headersJson: JSON.stringify(shownHeaders(parsed, cutNotes)),
    listId: listId.trim().toLowerCase(),
    isRead: context.placement.isRead ?? !gmailLabels.includes('Unread'),
    isStarred: context.placement.isStarred ?? gmailLabels.includes('Starred'),
    sourceId: context.sourceId,
    sourceFile: context.sourceFile,
    sourceOffset: context.offset,
    contentHash,
  };
  return {
    record,
    threadHints: threadHintsOf(parsed, subject),
    // From the values the record's JSON was made of: decoding it again was a noticeable part of a short message's work.
    keywords: keywordDocumentOfParts({
      subject,
      fromName: from.name,
      fromAddress: from.address,
      to,
      cc,
      attachmentNames: attachments.map((item) => item.filename),
      text,
      attachmentTexts: attachmentTexts.map((item) => item.text),
    }),
    attachmentBlobs: blobs,
    bodyHash: bodyHashOf(record.text),
  };
}
