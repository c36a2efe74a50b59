// A mail attached to a mail (a forward as message/rfc822, an .eml, an Outlook .msg): its headers and text become
// searchable as the attachment's text, so "matched in forwarded.eml" finds what was forwarded.
import type { AddressObject } from 'mailparser';
import { convert as htmlToText } from 'html-to-text';
import { parseMail } from '../parseMail';

function people(field: AddressObject | AddressObject[] | undefined): string {
  const groups = Array.isArray(field) ? field : field ? [field] : [];
  return groups.map((group) => group.text).join(', ');
}

export async function mailText(bytes: Uint8Array): Promise<string> {
  const parsed = await parseMail(Buffer.from(bytes));
  const body = parsed.text?.trim()
    ? parsed.text
    : typeof parsed.html === 'string'
      ? htmlToText(parsed.html, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] })
      : '';
  const headers = [
    ['From', people(parsed.from)],
    ['To', people(parsed.to)],
    ['Date', parsed.date ? parsed.date.toISOString() : ''],
    ['Subject', parsed.subject ?? ''],
    [
      'Attachments',
      parsed.attachments
        .map((attachment) => attachment.filename ?? '')
        .filter(Boolean)
        .join(', '),
    ],
  ].filter(([, value]) => value !== '');
  return `${headers.map(([name, value]) => `${name}: ${value}`).join('\n')}\n\n${body}`;
}

export async function outlookItemText(bytes: Uint8Array): Promise<string> {
  // Loaded for the first attached .msg only: its readers (msgreader, pst-extractor) were most of what a parse worker
  // loaded at its start, which every import pays once a worker and most never use.
  const { msgBytesToRfc822 } = await import('../sources/msgFile');
  const rfc822 = msgBytesToRfc822(Buffer.from(bytes));
  if (!rfc822) throw new Error('the .msg holds no Outlook message');
  return mailText(rfc822);
}
