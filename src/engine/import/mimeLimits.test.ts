// A message past the MIME parser's limits is kept with its headers and first parts, and a note of what was cut.
import { describe, expect, it } from 'vitest';
import { testNormalizeContext } from '../../../test/normalizeContext';
import { fitToMimeLimits } from './mimeLimits';
import { CUT_NOTES_HEADER, normalizeMessage } from './normalize';

const context = testNormalizeContext;
const MEGABYTE = 1024 * 1024;

function message(headers: string[], body: string): Buffer {
  return Buffer.from(
    [
      'From: Ada Lovelace <ada@example.com>',
      'To: reader@example.com',
      'Subject: Kept within limits',
      'Date: Mon, 06 Jan 2020 10:00:00 +0000',
      'Message-ID: <limits@example.com>',
      ...headers,
      '',
      body,
      '',
    ].join('\r\n'),
  );
}

const MULTIPART = ['MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="outer"'];

async function kept(
  bytes: Buffer,
): Promise<{ subject: string; from: string; messageId: string; date: number; text: string; attachments: string[]; cut: string }> {
  const { record } = await normalizeMessage(bytes, context);
  const headers = JSON.parse(record.headersJson) as Record<string, string>;
  const attachments = (JSON.parse(record.attachmentsJson) as { filename: string }[]).map((attachment) => attachment.filename);
  return {
    subject: record.subject,
    from: record.fromAddress,
    messageId: record.messageId,
    date: record.date,
    text: record.text,
    attachments,
    cut: headers[CUT_NOTES_HEADER] ?? '',
  };
}

function expectHeadersKept(read: Awaited<ReturnType<typeof kept>>): void {
  expect(read).toMatchObject({
    subject: 'Kept within limits',
    from: 'ada@example.com',
    messageId: 'limits@example.com',
    date: Date.UTC(2020, 0, 6, 10),
  });
}

describe('messages past the MIME limits', () => {
  it('are read as they are when they keep within the limits', () => {
    const bytes = message(MULTIPART, '--outer\r\nContent-Type: text/plain\r\n\r\nhello\r\n--outer--');
    expect(fitToMimeLimits(bytes)).toEqual({ bytes, notes: [] });
  });

  it('keep a message with 5,000 parts: its first parts, and a note of the parts not read', async () => {
    let body = '--outer\r\nContent-Type: text/plain\r\n\r\nfirstpartword opens the message\r\n';
    for (let index = 0; index < 5000; index += 1)
      body += `--outer\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename="part${index}.txt"\r\n\r\npart ${index}\r\n`;
    const read = await kept(message(MULTIPART, `${body}--outer--`));
    expectHeadersKept(read);
    expect(read.text).toContain('firstpartword');
    expect(read.attachments.slice(0, 2)).toEqual(['part0.txt', 'part1.txt']);
    expect(read.attachments.length).toBe(998);
    expect(read.cut).toBe('cut: 4,002 of 5,002 MIME parts not read (limit 1,000, counting the message and nested parts)');
  });

  it('keep a message nested 10,000 levels deep: the parts above the depth limit, and a note', async () => {
    let body =
      '--outer\r\nContent-Type: text/plain\r\n\r\ntoplevelword before the nesting\r\n--outer\r\nContent-Type: multipart/mixed; boundary="level1"\r\n\r\n';
    for (let level = 1; level < 10_000; level += 1)
      body += `--level${level}\r\nContent-Type: multipart/mixed; boundary="level${level + 1}"\r\n\r\n`;
    body += '--level10000\r\nContent-Type: text/plain\r\n\r\ndeepestword\r\n';
    for (let level = 10_000; level >= 1; level -= 1) body += `--level${level}--\r\n`;
    const read = await kept(message(MULTIPART, `${body}--outer--`));
    expectHeadersKept(read);
    expect(read.text).toContain('toplevelword');
    expect(read.text).not.toContain('deepestword');
    expect(read.cut).toBe(
      'cut: MIME nested 10,001 levels deep; 9,901 of 10,003 parts not read, from the first one deeper than the limit (100 levels)',
    );
  });

  it('keep a message with a 50 MB header line, shortened, with its other headers and its body', async () => {
    const read = await kept(message([`X-Huge: ${'a'.repeat(50 * MEGABYTE)}`, 'X-After: still here'], 'hugelinebody words'));
    expectHeadersKept(read);
    expect(read.text).toContain('hugelinebody');
    expect(read.cut).toBe('cut: 1 header field shortened to 32 KB (limit 1 MB of header for the message and for each part)');
  });

  it('keep a message with a 50 MB header block: who, when and what stay, whatever comes after the filler', async () => {
    const filler = `X-Filler: ${'f'.repeat(70)}\r\n`.repeat(Math.ceil((50 * MEGABYTE) / 82)).trimEnd();
    const bytes = Buffer.from(
      [
        filler,
        'From: Ada Lovelace <ada@example.com>',
        'Subject: Kept within limits',
        'Date: Mon, 06 Jan 2020 10:00:00 +0000',
        'Message-ID: <limits@example.com>',
        '',
        'fillerbody words',
        '',
      ].join('\r\n'),
    );
    const read = await kept(bytes);
    expectHeadersKept(read);
    expect(read.text).toContain('fillerbody');
    expect(read.cut).toMatch(/^cut: 6\d\d,\d{3} header fields left out \(limit 1 MB/);
  });

  it('keep at least the headers of a message whose structure the rewrite reads otherwise than the parser', async () => {
    // An RFC 2231 boundary parameter: the parser finds the parts, the rewrite (which reads plain boundaries) does not.
    let body = '';
    for (let index = 0; index < 2000; index += 1) body += `--many\r\nContent-Type: text/plain\r\n\r\npart ${index}\r\n`;
    const read = await kept(message(['MIME-Version: 1.0', "Content-Type: multipart/mixed; boundary*=us-ascii''many"], `${body}--many--`));
    expectHeadersKept(read);
    expect(read.text).toBe('');
    expect(read.cut).toBe('cut: the body was not read: the message has more than 1,000 MIME parts, counting nested ones (the limit)');
  });

  it('keep the other parts of a message one of whose parts has a 2 MB header', async () => {
    const body = [
      '--outer',
      'Content-Type: text/plain',
      '',
      'beforepartword',
      '--outer',
      `Content-Type: text/plain; x-padding="${'p'.repeat(2 * MEGABYTE)}"`,
      '',
      'paddedpartword',
      '--outer',
      'Content-Type: text/plain',
      '',
      'afterpartword',
      '--outer--',
    ].join('\r\n');
    const read = await kept(message(MULTIPART, body));
    expectHeadersKept(read);
    for (const word of ['beforepartword', 'paddedpartword', 'afterpartword']) expect(read.text).toContain(word);
    expect(read.cut).toMatch(/^cut: 1 header field shortened to 32 KB/);
  });
});
