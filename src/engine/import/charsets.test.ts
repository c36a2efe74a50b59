// Mail in legacy charsets (gb2312, ks_c_5601, koi8-r, windows-1252/1256, iso-8859-1) reads as the sender wrote it:
// the stored text is compared with the raw body decoded here by the platform's own TextDecoder.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';

const CHARSETS = ['gb2312', 'gbk', 'ks_c_5601-1987', 'koi8-r', 'windows-1252', 'windows-1256', 'iso-8859-1'];
const PER_CHARSET = 3;

interface Sample {
  raw: Buffer;
  charset: string;
  messageId: string;
  expected: string;
}

function headerBlock(message: Buffer, hasSeparator = true): { headers: Map<string, string>; body: Buffer } {
  const withoutSeparator = hasSeparator ? message.subarray(message.indexOf(0x0a) + 1) : message;
  let end = withoutSeparator.indexOf('\n\n');
  let gap = 2;
  const crlf = withoutSeparator.indexOf('\r\n\r\n');
  if (crlf >= 0 && (end < 0 || crlf < end)) {
    end = crlf;
    gap = 4;
  }
  const headerText = withoutSeparator
    .subarray(0, end)
    .toString('latin1')
    .replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of headerText.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: withoutSeparator.subarray(end + gap) };
}

function quotedPrintable(body: Buffer): Buffer {
  const text = body.toString('latin1').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(index + 1, index + 3))) {
      bytes.push(parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else bytes.push(text.charCodeAt(index));
  }
  return Buffer.from(bytes);
}

/** The text/plain part of a mail: the mail itself, or the first such part of a (nested) multipart. */
function textPart(headers: Map<string, string>, body: Buffer, depth = 0): { type: string; encoding: string; body: Buffer } | null {
  const type = headers.get('content-type') ?? 'text/plain';
  if (/^text\/plain/i.test(type)) return { type, encoding: (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase(), body };
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary || depth > 3) return null;
  for (const part of body.toString('latin1').split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const inner = headerBlock(Buffer.from(part.replace(/^\r?\n/, ''), 'latin1'), false);
    const found = textPart(inner.headers, inner.body, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Mail whose text/plain part holds non-ASCII text in one of CHARSETS, decoded independently of the engine. */
function samples(messages: Buffer[]): Sample[] {
  const found: Sample[] = [];
  const perCharset = new Map<string, number>();
  for (const raw of messages) {
    const { headers, body } = headerBlock(raw);
    const part = textPart(headers, body);
    const charset = part ? /charset="?([^";\s]+)/i.exec(part.type)?.[1]?.toLowerCase() : undefined;
    // format=flowed text is re-joined by the parser (correctly), so its lines cannot be compared as they are.
    if (
      !part ||
      !charset ||
      !CHARSETS.includes(charset) ||
      /format="?flowed/i.test(part.type) ||
      (perCharset.get(charset) ?? 0) >= PER_CHARSET
    )
      continue;
    const bytes =
      part.encoding === 'base64'
        ? Buffer.from(part.body.toString('latin1'), 'base64')
        : part.encoding === 'quoted-printable'
          ? quotedPrintable(part.body)
          : part.body;
    if (!bytes.some((byte) => byte > 0x7f)) continue;
    const expected = new TextDecoder(charset).decode(bytes);
    const messageId = (headers.get('message-id') ?? '').replace(/^<|>$/g, '');
    if (!messageId) continue;
    found.push({ raw, charset, messageId, expected });
    perCharset.set(charset, (perCharset.get(charset) ?? 0) + 1);
  }
  return found;
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe('legacy charsets', () => {
  it('stores the text as decoded by the charset each mail names', async () => {
    const chosen = samples(await readCorpusMessages('usrp-users-list.mbox.gz'));
    const charsets = new Set(chosen.map((sample) => sample.charset));
    expect([...charsets].sort()).toEqual(expect.arrayContaining(['gb2312', 'iso-8859-1', 'koi8-r', 'ks_c_5601-1987', 'windows-1252']));
    const mbox = join(await makeTempDir(), 'charsets.mbox');
    await writeFile(mbox, toMbox(chosen.map((sample) => sample.raw)));
    const engine = await openEngine({ dataDir: await makeTempDir() });
    try {
      await engine.importPaths([mbox], 'charsets');
      for (const sample of chosen) {
        const hit = (await engine.search({ query: `rfc822msgid:"${sample.messageId}"`, limit: 1 })).hits[0];
        expect(hit, sample.messageId).toBeDefined();
        const stored = await engine.getMessage(hit!.id);
        const nonAscii = [...sample.expected]
          .filter((character) => character.charCodeAt(0) > 0x7f)
          .slice(0, 20)
          .join('');
        expect(nonAscii.length, `${sample.charset} ${sample.messageId}`).toBeGreaterThan(0);
        expect(squash(stored!.text), `${sample.charset} ${sample.messageId}`).toContain(squash(sample.expected).slice(0, 200));
        expect(stored!.text).not.toContain('\ufffd');
      }
    } finally {
      await engine.close();
    }
  });
});
