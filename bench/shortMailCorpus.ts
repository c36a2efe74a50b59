// Builds the bench's short-mail archive: list mail cut to its first paragraph of own text, filed in a nested maildir tree.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eachMessage } from './corpus';

/**
 * What a business mailbox looks like to an importer (issue 25): many short messages in a few hundred nested folders,
 * where the io-uring list's long patches hide the per-message and per-folder costs. Made at bench time from the shared
 * archives, never committed.
 */
export interface ShortMailOptions {
  /** Gzipped mbox archives to take messages from, read in order. */
  sources: string[];
  /** The maildir tree's root (created). */
  target: string;
  /** How many messages to write, picked evenly over every usable message of the sources. */
  messages: number;
  /** How many maildir folders hold them, nested up to three deep. */
  folders: number;
}

export interface ShortMailArchive {
  messages: number;
  folders: string[];
}

/** The headers a short message keeps: who, when, what and its place in a thread. */
const KEPT_HEADERS = new Set(['from', 'to', 'cc', 'date', 'subject', 'message-id', 'in-reply-to', 'references']);

const AREAS = ['Clients', 'Projects', 'Vendors', 'Finance', 'Legal', 'Sales', 'Support', 'Team', 'Travel', 'Archive'];
const GROUPS = ['North', 'South', 'East', 'West', 'Central', 'Overseas'];
const TOPICS = ['Contracts', 'Invoices', 'Meetings', 'Reports', 'Orders'];

/** Folder paths depth first (an area, then its groups, then their topics), as a mail client lists them. */
export function folderPaths(count: number): string[] {
  const paths = ['INBOX', 'Sent'];
  for (const area of AREAS) {
    paths.push(area);
    for (const group of GROUPS) {
      paths.push(`${area}/${group}`);
      for (const topic of TOPICS) paths.push(`${area}/${group}/${topic}`);
    }
  }
  if (count > paths.length) throw new Error(`shortMailCorpus: at most ${paths.length} folders can be made, not ${count}`);
  return paths.slice(0, count);
}

interface Part {
  headers: string;
  body: string;
}

function splitPart(text: string): Part {
  const end = text.indexOf('\n\n');
  return end === -1 ? { headers: text, body: '' } : { headers: text.slice(0, end), body: text.slice(end + 2) };
}

/** A header's value, its folded lines joined; '' when absent. */
function headerValue(headers: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\n[ \\t].*)*)`, 'im').exec(headers);
  return match ? match[1]!.replace(/\n[ \t]+/g, ' ').trim() : '';
}

function parameter(value: string, name: string): string {
  return new RegExp(`${name}\\s*=\\s*"?([^";]+)"?`, 'i').exec(value)?.[1]?.trim() ?? '';
}

/** A part's bytes (as latin1 text) after its transfer encoding. */
function decodeBody(part: Part): string {
  const encoding = headerValue(part.headers, 'content-transfer-encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('latin1');
  if (encoding === 'quoted-printable')
    return part.body.replace(/=\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return part.body;
}

function htmlText(html: string): string {
  return html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|tr|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The message's first text part, plain text preferred over HTML, with its charset. */
function textOf(part: Part, depth = 0): { text: string; charset: string; isHtml: boolean } | null {
  const type = headerValue(part.headers, 'content-type') || 'text/plain';
  const lower = type.toLowerCase();
  if (lower.startsWith('multipart/') && depth < 4) {
    const boundary = parameter(type, 'boundary');
    if (!boundary) return null;
    const pieces = part.body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((piece) => splitPart(piece.replace(/^[^\n]*\n/, '')));
    const found = pieces.map((piece) => textOf(piece, depth + 1)).filter((text) => text !== null);
    return found.find((text) => !text.isHtml) ?? found[0] ?? null;
  }
  if (/attachment/i.test(headerValue(part.headers, 'content-disposition'))) return null;
  const charset = parameter(type, 'charset') || 'us-ascii';
  if (lower.startsWith('text/plain')) return { text: decodeBody(part), charset, isHtml: false };
  if (lower.startsWith('text/html')) return { text: htmlText(decodeBody(part)), charset, isHtml: true };
  return null;
}

/** The first paragraph the sender wrote: quoted lines, their "… wrote:" line and the signature left out. */
export function firstParagraph(text: string): string {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trimEnd();
    if (trimmed === '--' || trimmed === '-- ') break;
    if (/^\s*>/.test(trimmed) || /wrote:\s*$/.test(trimmed)) continue;
    if (trimmed.trim() === '') {
      if (lines.length > 0) break;
      continue;
    }
    lines.push(trimmed);
  }
  return lines.join('\n');
}

/** One mbox message as a short text/plain message, or null when it has no text of its own. */
export function shortMessage(mboxMessage: string): string | null {
  const unescaped = mboxMessage
    .slice(mboxMessage.indexOf('\n') + 1)
    .replace(/\r\n/g, '\n')
    .replace(/^>(>*From )/gm, '$1');
  const message = splitPart(unescaped);
  const found = textOf(message);
  if (!found) return null;
  const paragraph = firstParagraph(found.text);
  if (paragraph === '') return null;
  const kept = message.headers
    .split(/\n(?![ \t])/)
    .filter((header) => KEPT_HEADERS.has(header.slice(0, header.indexOf(':')).trim().toLowerCase()));
  if (!kept.some((header) => /^message-id:/i.test(header))) return null;
  const headers = [...kept, 'MIME-Version: 1.0', `Content-Type: text/plain; charset="${found.charset}"`, 'Content-Transfer-Encoding: 8bit'];
  return `${headers.join('\n')}\n\n${paragraph}\n`;
}

/** A small deterministic generator (mulberry32), so every run files each message in the same folder. */
function randomNumbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes the archive: every folder holds at least one message, a few hold many (weights falling as 1/rank). */
export async function writeShortMailMaildir(options: ShortMailOptions): Promise<ShortMailArchive> {
  const candidates: string[] = [];
  for (const source of options.sources)
    await eachMessage(source, (message) => {
      const short = shortMessage(message);
      if (short !== null) candidates.push(short);
    });
  if (candidates.length < options.messages)
    throw new Error(`shortMailCorpus: the sources hold ${candidates.length} usable messages, fewer than the ${options.messages} asked`);
  const folders = folderPaths(options.folders);
  if (options.messages < folders.length) throw new Error('shortMailCorpus: every folder needs at least one message');
  for (const folder of folders)
    for (const sub of ['cur', 'new', 'tmp']) await mkdir(join(options.target, ...folder.split('/'), sub), { recursive: true });
  const weights = folders.map((_, rank) => 1 / (rank + 1));
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const random = randomNumbers(25);
  const pickFolder = (): string => {
    let left = random() * totalWeight;
    for (let index = 0; index < weights.length; index += 1) {
      left -= weights[index]!;
      if (left <= 0) return folders[index]!;
    }
    return folders.at(-1)!;
  };
  for (let index = 0; index < options.messages; index += 1) {
    // Evenly over the candidates, so the archive spans every source and its whole time.
    const message = candidates[Math.floor((index * candidates.length) / options.messages)]!;
    const folder = index < folders.length ? folders[index]! : pickFolder();
    const name = `${String(index).padStart(8, '0')}.short:2,S`;
    await writeFile(join(options.target, ...folder.split('/'), 'cur', name), message, 'latin1');
  }
  return { messages: options.messages, folders };
}
