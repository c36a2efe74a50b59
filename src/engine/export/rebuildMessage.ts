// Writes a stored message back out as RFC 822 when its original bytes cannot be read again (archives, PSTs, moved files).
import type { Address, MessageDetail } from '../../shared/model/message';
import { encodeWords } from '../import/sources/mimeBuilder';

const CRLF = '\r\n';

/** Header text on one line, RFC 2047-encoded when it is not plain ASCII. */
export function encodeHeaderText(text: string): string {
  return encodeWords(text.replace(/[\r\n]+/g, ' '));
}

function mailbox(address: Address): string {
  if (!address.name) return `<${address.address}>`;
  const name = /^[\x20-\x7e]*$/.test(address.name) ? `"${address.name.replace(/["\\]/g, '\\$&')}"` : encodeHeaderText(address.name);
  return `${name} <${address.address}>`;
}

function base64Lines(text: string): string {
  return (
    Buffer.from(text)
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join(CRLF);
}

/**
 * The message's headers, text (and sanitised HTML when it had some) as MIME. Attachments are listed, not included:
 * their bytes stay in the original export. Re-importing gives the same Lantern id, which hashes these same fields.
 */
export function rebuildMessage(message: MessageDetail): Buffer {
  const headers: string[] = [];
  if (message.from.address || message.from.name) headers.push(`From: ${mailbox(message.from)}`);
  if (message.to.length > 0) headers.push(`To: ${message.to.map(mailbox).join(`,${CRLF} `)}`);
  if (message.cc.length > 0) headers.push(`Cc: ${message.cc.map(mailbox).join(`,${CRLF} `)}`);
  if (message.subject) headers.push(`Subject: ${encodeHeaderText(message.subject)}`);
  if (Date.parse(message.date) > 0) headers.push(`Date: ${new Date(message.date).toUTCString().replace('GMT', '+0000')}`);
  if (message.messageId) headers.push(`Message-ID: <${message.messageId}>`);
  for (const name of ['in-reply-to', 'references', 'list-id']) {
    const value = message.headers[name];
    if (value) headers.push(`${name.replace(/(^|-)\w/g, (letter) => letter.toUpperCase())}: ${encodeHeaderText(value)}`);
  }
  if (message.labels.length > 0)
    headers.push(
      `X-Gmail-Labels: ${message.labels.map((label) => (/[",]/.test(label) ? `"${label.replace(/"/g, '')}"` : label)).join(',')}`,
    );
  if (message.folder) headers.push(`X-Folder: ${encodeHeaderText(message.folder)}`);
  if (message.attachments.length > 0) {
    headers.push(
      `X-Lantern-Attachments-Not-Included: ${encodeHeaderText(message.attachments.map((attachment) => attachment.filename).join(', '))}`,
    );
  }
  headers.push('MIME-Version: 1.0');
  const textPart = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', base64Lines(message.text)].join(
    CRLF,
  );
  if (!message.html) return Buffer.from([...headers, textPart, ''].join(CRLF));
  const boundary = `lantern-${message.id}`;
  const htmlPart = ['Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: base64', '', base64Lines(message.html)].join(
    CRLF,
  );
  const body = [`--${boundary}`, textPart, `--${boundary}`, htmlPart, `--${boundary}--`, ''].join(CRLF);
  return Buffer.from([...headers, `Content-Type: multipart/alternative; boundary="${boundary}"`, '', body].join(CRLF));
}
