// The quick path for one-part text/plain mail reads every message it takes exactly as mailparser does.
import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, sharedDir } from '../../../test/corpus';
import { withUtf8Headers } from './eightBitHeaders';
import { parseWithMailparser } from './parseMail';
import { READ_HEADERS, readPlainMail } from './plainMail';

/** Fixture files above this are left out: mailparser alone takes seconds on each, and none is one plain part. */
const MAX_FIXTURE_BYTES = 2 * 1024 * 1024;

interface Sample {
  name: string;
  bytes: Buffer;
}

async function fixtureSamples(): Promise<Sample[]> {
  const folder = join(sharedDir, 'fixtures');
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  const samples: Sample[] = [];
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const path = join(entry.parentPath, entry.name);
    if ((await stat(path)).size > MAX_FIXTURE_BYTES) continue;
    samples.push({ name: relative(sharedDir, path), bytes: await readFile(path) });
  }
  return samples.sort((first, second) => first.name.localeCompare(second.name));
}

/** The archive's first messages without their mbox "From " line, as the mbox reader hands them on. */
async function archiveSamples(name: string, limit: number): Promise<Sample[]> {
  const messages = await readCorpusMessages(name, limit);
  return messages.map((message, index) => ({ name: `${name} message ${index + 1}`, bytes: message.subarray(message.indexOf(0x0a) + 1) }));
}

/**
 * A parse result as plain data to compare: a date mailparser could not read becomes the time of the parse, so two
 * parses a moment apart agree on it only as "now".
 */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return Math.abs(value.getTime() - Date.now()) < 600_000 ? 'now' : value.toISOString();
  if (value instanceof Map) return { map: [...value].map(([key, item]) => [key, comparable(item)]) };
  if (Buffer.isBuffer(value)) return { bytes: value.toString('hex') };
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, comparable(item)]));
  return value;
}

/** The header values the quick path decodes (READ_HEADERS), as mailparser decodes every field. */
function readHeaders(result: Record<string, unknown>): Record<string, unknown> {
  const headers = result.headers instanceof Map ? (result.headers as Map<string, unknown>) : new Map<string, unknown>();
  return { ...result, headers: new Map([...headers].filter(([key]) => READ_HEADERS.has(key))) };
}

/** The fields of two results that differ, for the failure message. */
function differences(quickResult: Record<string, unknown>, fullResult: Record<string, unknown>): string[] {
  const quick = readHeaders(quickResult);
  const full = 'error' in fullResult ? fullResult : readHeaders(fullResult);
  const keys = [...new Set([...Object.keys(quick), ...Object.keys(full)])];
  return keys.filter((key) => !isDeepStrictEqual(comparable(quick[key]), comparable(full[key])));
}

/** Compares the two readings of every sample the quick path takes; returns how many it took. */
async function compare(samples: Sample[]): Promise<{ taken: number; mismatches: string[] }> {
  const mismatches: string[] = [];
  let taken = 0;
  for (const sample of samples) {
    const utf8 = withUtf8Headers(sample.bytes);
    let quick: ReturnType<typeof readPlainMail>;
    try {
      quick = readPlainMail(utf8);
    } catch {
      // readMail gives such a message to mailparser
      continue;
    }
    if (!quick) continue;
    taken += 1;
    const full = await parseWithMailparser(utf8).catch((error: unknown) => ({ error: String(error) }));
    const fields = differences(quick as unknown as Record<string, unknown>, full as unknown as Record<string, unknown>);
    if (fields.length > 0) mismatches.push(`${sample.name}: ${fields.join(', ')}`);
  }
  return { taken, mismatches };
}

describe('readPlainMail', () => {
  it('reads every one-part text/plain message of the shared fixture suites as mailparser does', { timeout: 300_000 }, async () => {
    const samples = await fixtureSamples();
    expect(samples.length).toBeGreaterThan(150);
    const { taken, mismatches } = await compare(samples);
    expect(mismatches).toEqual([]);
    expect(taken).toBeGreaterThan(20);
  });

  it('reads the io-uring archive as mailparser does', { timeout: 300_000 }, async () => {
    const { taken, mismatches } = await compare(await archiveSamples('io-uring-list.mbox.gz', 3000));
    expect(mismatches).toEqual([]);
    // Most list mail is one plain part: the quick path matters only if it takes it.
    expect(taken).toBeGreaterThan(1500);
  });

  it(
    'reads the usrp-users archive (HTML mail, Korean, Russian and Chinese charsets) as mailparser does',
    { timeout: 300_000 },
    async () => {
      const { taken, mismatches } = await compare(await archiveSamples('usrp-users-list.mbox.gz', 1500));
      expect(mismatches).toEqual([]);
      expect(taken).toBeGreaterThan(100);
    },
  );

  it('leaves multipart mail, attachments and headers near the limit to mailparser', () => {
    const multipart = Buffer.from('Subject: a\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\nhi\n--b--\n');
    const attachment = Buffer.from('Subject: a\nContent-Type: text/plain\nContent-Disposition: attachment; filename=a.txt\n\nhi\n');
    const html = Buffer.from('Subject: a\nContent-Type: text/html\n\n<p>hi</p>\n');
    const bigHeader = Buffer.from(`${'X-Filler: a\n'.repeat(20_000)}Subject: a\n\nhi\n`);
    for (const message of [multipart, attachment, html, bigHeader]) expect(readPlainMail(message)).toBeNull();
    expect(readPlainMail(Buffer.from('Subject: a\n\nhi\n'))).toMatchObject({ subject: 'a', text: 'hi\n' });
  });

  it('reads address lines that messages share, repeat or interleave with other fields as mailparser does', async () => {
    const messages = [
      'From: "Ann B" <ann@example.com>\nTo: list@example.com\nSubject: one\nCc: =?utf-8?Q?J=C3=B6rg?= <j@example.com>\n\nhi\n',
      'From: "Ann B" <ann@example.com>\nTo: list@example.com\nTo: b@example.com, c@example.com\nSubject: two\n\nhi\n',
      'Subject: three\nReply-To: r@example.com\nFrom: x@example.com\nFrom: "Ann B" <ann@example.com>\nList-Id: <l.example.com>\nTo: list@example.com\n\nhi\n',
      'From: undisclosed-recipients:;\nTo: Group: a@example.com, b@example.com;\nSubject: four\n\nhi\n',
    ].map((text, index) => ({ name: `message ${index + 1}`, bytes: Buffer.from(text) }));
    // Twice: the second reading of each line comes from what the first read.
    const { taken, mismatches } = await compare([...messages, ...messages]);
    expect(mismatches).toEqual([]);
    expect(taken).toBe(messages.length * 2);
  });

  it('uses the copy of mailsplit that mailparser itself loads', () => {
    const ours = createRequire(import.meta.url).resolve('@zone-eu/mailsplit');
    const mailparsers = createRequire(createRequire(import.meta.url).resolve('mailparser')).resolve('@zone-eu/mailsplit');
    expect(ours).toBe(mailparsers);
  });
});
