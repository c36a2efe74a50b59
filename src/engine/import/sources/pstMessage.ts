// Reads one item of a PST/OST store (a pst-extractor PSTMessage) into the format-independent OutlookMessage.
import type { PSTAttachment, PSTMessage } from 'pst-extractor';
import type { MailboxAddress, OutlookAttachment, OutlookMessage } from './mimeBuilder';
import { rtfToBody } from './rtfBody';

/** MAPI properties pst-extractor reads but does not name (its typed getters are protected). */
const PR_SENDER_SMTP_ADDRESS = 0x5d01;
const PR_SENT_REPRESENTING_SMTP_ADDRESS = 0x5d02;
const PR_FLAG_STATUS = 0x1090;
const FLAG_STATUS_FLAGGED = 2;
const RECIPIENT_CC = 2;
const RECIPIENT_BCC = 3;
const ATTACH_BY_VALUE = 1;
const ATTACH_EMBEDDED_MESSAGE = 5;
const ATTACH_OLE = 6;
/** Outlook nests forwarded mail inside forwarded mail; deeper than this is a loop in a damaged store. */
const MAX_EMBEDDING_DEPTH = 8;

interface PropertyReader {
  getStringItem(identifier: number): string;
  getIntItem(identifier: number): number;
}

function properties(item: PSTMessage): PropertyReader {
  return item as unknown as PropertyReader;
}

function smtp(...candidates: string[]): string {
  return candidates.find((candidate) => candidate.includes('@')) ?? '';
}

function recipientsOf(message: PSTMessage): { to: MailboxAddress[]; cc: MailboxAddress[]; bcc: MailboxAddress[] } {
  const lists = { to: [] as MailboxAddress[], cc: [] as MailboxAddress[], bcc: [] as MailboxAddress[] };
  for (let index = 0; index < message.numberOfRecipients; index += 1) {
    const recipient = message.getRecipient(index);
    if (!recipient) continue;
    const entry = { name: recipient.displayName, address: smtp(recipient.smtpAddress, recipient.emailAddress) };
    if (recipient.recipientType === RECIPIENT_CC) lists.cc.push(entry);
    else if (recipient.recipientType === RECIPIENT_BCC) lists.bcc.push(entry);
    else lists.to.push(entry);
  }
  return lists;
}

function bytesOf(attachment: PSTAttachment): Buffer | null {
  const stream = attachment.fileInputStream;
  if (!stream) return null;
  const bytes = Buffer.alloc(stream.length.toNumber());
  stream.readCompletely(bytes);
  return bytes;
}

function attachmentOf(attachment: PSTAttachment, depth: number): OutlookAttachment | null {
  const name = attachment.longFilename || attachment.filename || attachment.displayName;
  if (attachment.attachMethod === ATTACH_EMBEDDED_MESSAGE) {
    const embedded = attachment.embeddedPSTMessage;
    if (!embedded || depth >= MAX_EMBEDDING_DEPTH) return null;
    const title = name || embedded.subject || 'message';
    return {
      kind: 'message',
      filename: /\.(eml|msg)$/i.test(title) ? title.replace(/\.msg$/i, '.eml') : `${title}.eml`,
      message: outlookMessageOf(embedded, [], depth + 1),
    };
  }
  // Attachments "by reference" point at a file on the sender's disk: the store holds no bytes for them.
  if (attachment.attachMethod !== ATTACH_BY_VALUE && attachment.attachMethod !== ATTACH_OLE) return null;
  const content = bytesOf(attachment);
  if (!content) return null;
  return { kind: 'file', filename: name || 'attachment', contentType: attachment.mimeTag, content, contentId: attachment.contentId };
}

function attachmentsOf(message: PSTMessage, problems: string[], depth: number): OutlookAttachment[] {
  const attachments: OutlookAttachment[] = [];
  for (let index = 0; index < message.numberOfAttachments; index += 1) {
    try {
      const attachment = attachmentOf(message.getAttachment(index), depth);
      if (attachment) attachments.push(attachment);
    } catch (error) {
      problems.push(`attachment ${index + 1} could not be read (${(error as Error).message}); the message was imported without it`);
    }
  }
  return attachments;
}

function bodyOf(message: PSTMessage): { text: string; html: string } {
  const text = message.body;
  const html = message.bodyHTML;
  if (text !== '' || html !== '') return { text, html };
  // Outlook keeps some mail (often HTML mail it sent) only as compressed RTF.
  const rtf = message.bodyRTF;
  return rtf === '' ? { text: '', html: '' } : rtfToBody(rtf);
}

/**
 * The message's fields; anything that could not be read (an attachment) is noted in `problems` rather than failing
 * the whole message.
 */
export function outlookMessageOf(message: PSTMessage, problems: string[], depth = 0): OutlookMessage {
  const reader = properties(message);
  const address = smtp(
    reader.getStringItem(PR_SENDER_SMTP_ADDRESS),
    message.senderEmailAddress,
    reader.getStringItem(PR_SENT_REPRESENTING_SMTP_ADDRESS),
    message.sentRepresentingEmailAddress,
  );
  const name = message.senderName || message.sentRepresentingName;
  return {
    transportHeaders: message.transportMessageHeaders,
    subject: message.subject,
    from: name === '' && address === '' ? null : { name, address },
    ...recipientsOf(message),
    date: message.clientSubmitTime ?? message.messageDeliveryTime ?? message.creationTime,
    messageId: message.internetMessageId,
    inReplyTo: message.inReplyToId,
    ...bodyOf(message),
    attachments: attachmentsOf(message, problems, depth),
  };
}

export function isFlagged(message: PSTMessage): boolean {
  return properties(message).getIntItem(PR_FLAG_STATUS) === FLAG_STATUS_FLAGGED;
}
