// Builds RFC 822 bytes from an Outlook item (PST/OST message or .msg file) so the one mail parser reads every source.

/** A mailbox as Outlook stores it; `address` is empty when only an Exchange name is known. */
export interface MailboxAddress {
  name: string;
  address: string;
}

export type OutlookAttachment =
  | { kind: 'file'; filename: string; contentType: string; content: Buffer; contentId: string }
  | { kind: 'message'; filename: string; message: OutlookMessage };

/** The fields of an Outlook item that make up a mail message, independent of the file format it came from. */
export interface OutlookMessage {
  /** The original internet headers (PR_TRANSPORT_MESSAGE_HEADERS); empty for mail that never crossed SMTP. */
  transportHeaders: string;
  subject: string;
  from: MailboxAddress | null;
  to: MailboxAddress[];
  cc: MailboxAddress[];
  bcc: MailboxAddress[];
  date: Date | null;
  messageId: string;
  inReplyTo: string;
  text: string;
  html: string;
  attachments: OutlookAttachment[];
}

const CRLF = '\r\n';
/** Headers that describe the original MIME structure: ours replaces it, so theirs would mislead the parser. */
const STRUCTURE_HEADER = /^(content-[a-z-]+|mime-version)$/i;
const FIELD_LINE = /^([!-9;-~]+):/;
const SINGLE_FIELDS = new Set([
  'date',
  'from',
  'sender',
  'reply-to',
  'to',
  'cc',
  'bcc',
  'subject',
  'message-id',
  'in-reply-to',
  'references',
]);

let boundaryCounter = 0;

function boundary(): string {
  boundaryCounter += 1;
  return `----=_Lantern_${process.pid}_${Date.now().toString(36)}_${boundaryCounter}`;
}

function isAscii(text: string): boolean {
  return /^[\x20-\x7e\t]*$/.test(text);
}

/** RFC 2047 encoded words, each under 75 characters and never splitting a character. */
export function encodeWords(text: string): string {
  if (isAscii(text)) return text;
  const words: string[] = [];
  let chunk = '';
  for (const character of text) {
    if (Buffer.byteLength(chunk + character) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  if (chunk !== '') words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join(' ');
}

function quoted(text: string): string {
  return `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

function mailbox({ name, address }: MailboxAddress): string {
  const cleanName = name.replace(/[\r\n]+/g, ' ').trim();
  const phrase = cleanName === '' ? '' : isAscii(cleanName) ? quoted(cleanName) : encodeWords(cleanName);
  // "Name <>" keeps the name of a sender known only by an Exchange path, where the parser reads a group as no one.
  if (address === '') return phrase === '' ? '' : `${phrase} <>`;
  return phrase === '' ? `<${address}>` : `${phrase} <${address}>`;
}

function addressList(addresses: MailboxAddress[]): string {
  return addresses
    .map(mailbox)
    .filter((entry) => entry !== '')
    .join(', ');
}

function messageIdValue(id: string): string {
  const bare = id.trim().replace(/^<|>$/g, '');
  return bare === '' ? '' : `<${bare}>`;
}

/** A parameter value (file name) that mail parsers decode whether or not they know RFC 2231. */
function parameter(name: string, value: string): string {
  const clean = value.replace(/[\r\n"]+/g, ' ');
  return `${name}=${quoted(isAscii(clean) ? clean : encodeWords(clean))}`;
}

function base64Lines(content: Buffer): string {
  const encoded = content.toString('base64');
  const lines: string[] = [];
  for (let start = 0; start < encoded.length; start += 76) lines.push(encoded.slice(start, start + 76));
  return lines.join(CRLF);
}

function part(headers: string[], body: string): string {
  return [...headers, '', body].join(CRLF);
}

function multipart(subtype: string, parts: string[]): string {
  const separator = boundary();
  const body = parts.map((entry) => `--${separator}${CRLF}${entry}${CRLF}`).join('') + `--${separator}--`;
  return part([`Content-Type: multipart/${subtype}; boundary="${separator}"`], body);
}

function textPart(subtype: 'plain' | 'html', text: string): string {
  return part(
    [`Content-Type: text/${subtype}; charset=utf-8`, 'Content-Transfer-Encoding: base64'],
    base64Lines(Buffer.from(text, 'utf8')),
  );
}

function bodyPart(message: OutlookMessage): string {
  if (message.html !== '' && message.text !== '')
    return multipart('alternative', [textPart('plain', message.text), textPart('html', message.html)]);
  if (message.html !== '') return textPart('html', message.html);
  return textPart('plain', message.text);
}

/** Images the HTML shows by content id are inline: no file name, so they are not listed as attachments. */
function isInline(attachment: OutlookAttachment, html: string): boolean {
  return attachment.kind === 'file' && attachment.contentId !== '' && html.includes(`cid:${attachment.contentId}`);
}

function attachmentPart(attachment: OutlookAttachment, html: string): string {
  if (attachment.kind === 'message') {
    const inner = buildRfc822(attachment.message).toString('utf8');
    return part(
      [
        `Content-Type: message/rfc822; ${parameter('name', attachment.filename)}`,
        `Content-Disposition: attachment; ${parameter('filename', attachment.filename)}`,
        'Content-Transfer-Encoding: 8bit',
      ],
      inner,
    );
  }
  const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(attachment.contentType) ? attachment.contentType : 'application/octet-stream';
  const headers = isInline(attachment, html)
    ? [`Content-Type: ${contentType}`, 'Content-Disposition: inline', `Content-ID: <${attachment.contentId.replace(/[<>\r\n]/g, '')}>`]
    : [
        `Content-Type: ${contentType}; ${parameter('name', attachment.filename)}`,
        `Content-Disposition: attachment; ${parameter('filename', attachment.filename)}`,
      ];
  return part([...headers, 'Content-Transfer-Encoding: base64'], base64Lines(attachment.content));
}

/** The original header fields minus broken lines and MIME-structure fields, each field with its folded lines. */
function originalFields(transportHeaders: string): { name: string; lines: string[] }[] {
  const fields: { name: string; lines: string[] }[] = [];
  for (const line of transportHeaders.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const last = fields.at(-1);
    if (/^[ \t]/.test(line)) {
      last?.lines.push(line);
      continue;
    }
    const name = FIELD_LINE.exec(line)?.[1];
    // A line that is neither a field nor a continuation (seen in Exchange-mangled headers) would end the header block.
    if (name !== undefined) fields.push({ name, lines: [line] });
  }
  return fields.filter((field) => !STRUCTURE_HEADER.test(field.name));
}

function fieldValue(field: { lines: string[] }): string {
  return field.lines.join(' ').replace(FIELD_LINE, '').trim();
}

/**
 * Fields the parser takes one of: Exchange-converted headers (the Enron PSTs) repeat them, sometimes with two dates glued
 * into one value, which the parser would replace with today's date. The first usable one is kept.
 */
function withoutRepeats(fields: { name: string; lines: string[] }[]): { name: string; lines: string[] }[] {
  const seen = new Set<string>();
  return fields.filter((field) => {
    const name = field.name.toLowerCase();
    if (name === 'date' && Number.isNaN(new Date(fieldValue(field)).getTime())) return false;
    if (!SINGLE_FIELDS.has(name)) return true;
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

/** Header lines: the original ones where Outlook kept them, the MAPI fields for whatever they lack. */
function headerLines(message: OutlookMessage): string[] {
  const fields = withoutRepeats(originalFields(message.transportHeaders));
  const has = (name: string): boolean => fields.some((field) => field.name.toLowerCase() === name);
  const lines = fields.flatMap((field) => field.lines);
  const add = (name: string, value: string): void => {
    if (value !== '' && !has(name.toLowerCase())) lines.push(`${name}: ${value}`);
  };
  if (message.from) add('From', mailbox(message.from));
  add('To', addressList(message.to));
  add('Cc', addressList(message.cc));
  add('Bcc', addressList(message.bcc));
  add('Subject', encodeWords(message.subject.replace(/[\r\n]+/g, ' ')));
  if (message.date && !Number.isNaN(message.date.getTime())) add('Date', message.date.toUTCString().replace('GMT', '+0000'));
  add('Message-ID', messageIdValue(message.messageId));
  add('In-Reply-To', messageIdValue(message.inReplyTo));
  lines.push('MIME-Version: 1.0');
  return lines;
}

/** One message as RFC 822 bytes: body as text and HTML alternatives, attachments as parts with their bytes. */
export function buildRfc822(message: OutlookMessage): Buffer {
  const body = bodyPart(message);
  const entity =
    message.attachments.length === 0
      ? body
      : multipart('mixed', [body, ...message.attachments.map((attachment) => attachmentPart(attachment, message.html))]);
  return Buffer.from([...headerLines(message), entity].join(CRLF) + CRLF, 'utf8');
}
