// Reads one Outlook .msg file (an OLE compound file holding one item) with @kenjiuno/msgreader.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import msgreaderModule, { type FieldsData } from '@kenjiuno/msgreader';
import { LZFu } from 'pst-extractor/dist/LZFu.class.js';
import { MAX_MESSAGE_BYTES, type MailPlacement, type MailReader, type RawMail } from '../rawMail';
import { ansiCodepageOf, decoderForCodepage } from './codepage';
import { buildRfc822, type MailboxAddress, type OutlookAttachment, type OutlookMessage } from './mimeBuilder';
import { rtfToBody } from './rtfBody';

/** Node hands a CommonJS module to `import` as its exports object; bundlers hand over `exports.default`. */
const MsgReader = (msgreaderModule as unknown as { default?: typeof msgreaderModule }).default ?? msgreaderModule;
type Reader = InstanceType<typeof MsgReader>;

const MSGFLAG_READ = 0x1;
/** A .msg inside a .msg inside …: deeper than this is a loop in a damaged file. */
const MAX_EMBEDDING_DEPTH = 8;

function smtp(...candidates: (string | undefined)[]): string {
  return candidates.find((candidate) => candidate?.includes('@')) ?? '';
}

function recipientsOf(fields: FieldsData): { to: MailboxAddress[]; cc: MailboxAddress[]; bcc: MailboxAddress[] } {
  const lists = { to: [] as MailboxAddress[], cc: [] as MailboxAddress[], bcc: [] as MailboxAddress[] };
  for (const recipient of fields.recipients ?? []) {
    lists[recipient.recipType ?? 'to'].push({ name: recipient.name ?? '', address: smtp(recipient.smtpAddress, recipient.email) });
  }
  return lists;
}

function dateOf(fields: FieldsData): Date | null {
  const text = fields.clientSubmitTime ?? fields.messageDeliveryTime ?? fields.creationTime;
  return text === undefined ? null : new Date(text);
}

function bodyOf(fields: FieldsData): { text: string; html: string } {
  const text = fields.body ?? '';
  const html = fields.bodyHtml ?? (fields.html ? decoderForCodepage(fields.internetCodepage).decode(fields.html) : '');
  if (text !== '' || html !== '' || !fields.compressedRtf) return { text, html };
  // Outlook keeps some items only as compressed RTF.
  return rtfToBody(LZFu.decode(Buffer.from(fields.compressedRtf)));
}

function attachmentOf(reader: Reader, attachment: FieldsData, depth: number): OutlookAttachment | null {
  if (attachment.innerMsgContent && attachment.innerMsgContentFields) {
    if (depth >= MAX_EMBEDDING_DEPTH) return null;
    const title = attachment.name || attachment.innerMsgContentFields.subject || 'message';
    return {
      kind: 'message',
      filename: /\.eml$/i.test(title) ? title : `${title}.eml`,
      message: outlookMessageOf(reader, attachment.innerMsgContentFields, depth + 1),
    };
  }
  const { fileName, content } = reader.getAttachment(attachment);
  return {
    kind: 'file',
    filename: attachment.fileName || attachment.fileNameShort || attachment.name || fileName || 'attachment',
    contentType: attachment.attachMimeTag ?? '',
    content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
    contentId: attachment.pidContentId ?? '',
  };
}

function outlookMessageOf(reader: Reader, fields: FieldsData, depth: number): OutlookMessage {
  const address = smtp(fields.senderSmtpAddress, fields.sentRepresentingSmtpAddress, fields.senderEmail);
  const name = fields.senderName ?? '';
  return {
    transportHeaders: fields.headers ?? '',
    subject: fields.subject ?? '',
    from: name === '' && address === '' ? null : { name, address },
    ...recipientsOf(fields),
    date: dateOf(fields),
    messageId: fields.messageId ?? '',
    inReplyTo: '',
    ...bodyOf(fields),
    attachments: (fields.attachments ?? [])
      .map((attachment) => attachmentOf(reader, attachment, depth))
      .filter((attachment) => attachment !== null),
  };
}

/**
 * Reads the item; 8-bit (non-Unicode) strings need the code page the item itself records, so an item whose code page is
 * not Western European is read a second time with it.
 */
function parseMsg(bytes: Buffer): { reader: Reader; fields: FieldsData } {
  const data = new Uint8Array(bytes).buffer;
  const reader = new MsgReader(data);
  const fields = reader.getFileData();
  const codepage = ansiCodepageOf(fields.messageCodepage, fields.messageLocaleId);
  if (fields.error || codepage === 1252) return { reader, fields };
  const localReader = new MsgReader(data);
  localReader.parserConfig = { ansiEncoding: String(codepage) };
  return { reader: localReader, fields: localReader.getFileData() };
}

/** An Outlook item's bytes (a .msg attached to a mail) as RFC 822, or null when they hold no message. */
export function msgBytesToRfc822(bytes: Buffer): Buffer | null {
  const { reader, fields } = parseMsg(bytes);
  if (fields.error || fields.dataType !== 'msg') return null;
  return buildRfc822(outlookMessageOf(reader, fields, 0));
}

/** One .msg file as a message; never throws, so a bad file inside a dropped folder does not stop the folder. */
export async function msgMessage(path: string, position: string, folder: string | null): Promise<RawMail> {
  try {
    const { size } = await stat(path);
    if (size > MAX_MESSAGE_BYTES)
      return { kind: 'failure', position, reason: `msg: ${basename(path)} is larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MB; skipped` };
    const { reader, fields } = parseMsg(await readFile(path));
    if (fields.error || fields.dataType !== 'msg') {
      return {
        kind: 'failure',
        position,
        reason: `msg: ${basename(path)} is not an Outlook message (${fields.error ?? 'no message in the file'}); skipped`,
      };
    }
    const placement: MailPlacement = { folder, labels: [] };
    if (fields.messageFlags !== undefined) placement.isRead = (fields.messageFlags & MSGFLAG_READ) !== 0;
    return { kind: 'message', bytes: buildRfc822(outlookMessageOf(reader, fields, 0)), offset: -1, position, placement };
  } catch (error) {
    return {
      kind: 'failure',
      position,
      reason: `msg: ${basename(path)} could not be read as an Outlook message (${(error as Error).message}); it may be damaged`,
    };
  }
}

/** One .msg file dropped on its own. */
export const readMsgFile: MailReader = async function* (path, options) {
  yield await msgMessage(path, basename(path), null);
  options.onBytes((await stat(path)).size);
};
