// Property tests of the mbox splitter and the message pipeline: round trips, and no crash or hang on any input.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MboxFormatError, splitMboxStream } from './mbox';
import { normalizeMessage } from '../normalize';

/** `npm run fuzz` raises this to 100,000; `npm test` runs a few thousand. */
const RUNS = Number(process.env.LANTERN_FUZZ_RUNS ?? 2000);

async function split(bytes: Buffer, chunkSize: number): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += chunkSize) chunks.push(bytes.subarray(start, start + chunkSize));
  const messages: Buffer[] = [];
  for await (const mail of splitMboxStream(Readable.from(chunks), 'fuzz', new AbortController().signal)) {
    if (mail.kind === 'message') messages.push(mail.bytes);
  }
  return messages;
}

/** Body lines that stress the format: "From " lines, quoted ones, blank lines, CR. */
const bodyLine = fc.oneof(
  fc.string({ maxLength: 40 }).map((text) => text.replace(/[\r\n]/g, ' ')),
  fc.constantFrom('From here on', '>From the start', '>>From deep', '', ' ', 'From ', 'From x Mon Jan  1 00:00:00 2024'),
);
const message = fc.array(bodyLine, { maxLength: 12 }).map((lines) => ['Subject: fuzz', '', ...lines].join('\n'));

function toMboxrd(messages: string[], newline: string): Buffer {
  const escaped = messages.map((text) =>
    text
      .split('\n')
      .map((line) => (/^>*From /.test(line) ? `>${line}` : line))
      .join(newline),
  );
  return Buffer.from(
    escaped
      .map((text, index) => `From fuzz@example.com Mon Jan  1 00:00:0${index % 10} 2024${newline}${text}${newline}${newline}`)
      .join(''),
  );
}

describe('mbox splitter (property)', () => {
  it('gives back exactly the messages an mboxrd writer wrote, for LF and CRLF and any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(message, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\n', '\r\n'),
        fc.integer({ min: 1, max: 300 }),
        async (messages, newline, chunkSize) => {
          const result = await split(toMboxrd(messages, newline), chunkSize);
          expect(result.map((bytes) => bytes.toString().replace(/\n+$/, ''))).toEqual(messages.map((text) => text.replace(/\n+$/, '')));
        },
      ),
      { numRuns: Math.max(200, Math.round(RUNS / 4)) },
    );
  });

  it('never throws anything but a format error on arbitrary bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), fc.boolean(), async (bytes, withSeparator) => {
        const input = Buffer.concat([
          withSeparator ? Buffer.from('From a@b Mon Jan  1 00:00:00 2024\n') : Buffer.alloc(0),
          Buffer.from(bytes),
        ]);
        try {
          await split(input, 97);
        } catch (error) {
          expect(error).toBeInstanceOf(MboxFormatError);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('message pipeline (property)', () => {
  const context = { sourceId: 'fuzz', sourceFile: 'fuzz.mbox', offset: 0, placement: { folder: null, labels: [] }, defaultFolder: 'fuzz' };

  it('parses or rejects with an Error any mutation of a real-looking message, without hanging', async () => {
    const header = fc.constantFrom(
      'From',
      'To',
      'Cc',
      'Subject',
      'Date',
      'Message-ID',
      'References',
      'Content-Type',
      'Content-Transfer-Encoding',
      'X-Gmail-Labels',
      'X-GM-THRID',
    );
    const value = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom(
        'multipart/mixed; boundary=b',
        'text/html; charset=koi8-r',
        'base64',
        'quoted-printable',
        '=?utf-8?B?w6lyaWM=?=',
        '<a@b> <c@d>',
        'not a date',
        '"Quoted, Label",Inbox',
      ),
    );
    const body = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.constantFrom('--b\nContent-Type: text/plain\n\nhi\n--b--\n', '<html><script>x</script><p>hi</p>', '=E9=\n'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(header, value), { maxLength: 10 }), body, async (headers, text) => {
        const raw = Buffer.from(`${headers.map(([name, content]) => `${name}: ${content.replace(/[\r\n]/g, ' ')}`).join('\n')}\n\n${text}`);
        try {
          const { record } = await normalizeMessage(raw, context);
          expect(typeof record.id).toBe('string');
          expect(record.id.length).toBeGreaterThan(0);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
        }
      }),
      { numRuns: Math.max(200, Math.round(RUNS / 4)) },
    );
  });
});
