// Mail in iso-2022-jp, big5 and windows-125x, in bodies, RFC 2047 encoded words and raw 8-bit header bytes, reads as
// the sender wrote it. Real messages from the shared corpora and fixtures where they exist; built ones otherwise, with
// expected text decoded here by the platform's own TextDecoder (not the parser the engine uses).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, sharedDir, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

interface Expectation {
  /** What the test calls it in failure messages. */
  name: string;
  messageId: string;
  subject?: string;
  fromName?: string;
  toName?: string;
  /** Text the stored body contains (whitespace runs compared as one space). */
  text?: string;
  /** A word of the decoded text that a search finds the message by. */
  word: string;
}

const SEPARATOR = 'From sender@example.com Mon Jan  6 10:00:00 2020\n';

/** Bytes of `text` in a single-byte charset, by inverting the platform's decoder over all 256 bytes. */
function encodeSingleByte(text: string, charset: string): Buffer {
  const decoder = new TextDecoder(charset);
  const byteOf = new Map<string, number>();
  for (let byte = 0; byte < 256; byte += 1) byteOf.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from(
    [...text].map((character) => {
      const byte = byteOf.get(character);
      if (byte === undefined) throw new Error(`${charset} has no byte for ${character}`);
      return byte;
    }),
  );
}

/** Decodes RFC 2047 encoded words, joining adjacent words of one charset before decoding (multi-byte text splits). */
function decodeEncodedWords(value: string): string {
  const pattern = /=\?([^?]+)\?([bq])\?([^?]*)\?=/gi;
  let result = '';
  let last = 0;
  let pending: { charset: string; bytes: Buffer[] } | null = null;
  const flush = (): void => {
    if (pending) result += new TextDecoder(pending.charset).decode(Buffer.concat(pending.bytes));
    pending = null;
  };
  for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
    const between = value.slice(last, match.index);
    if (!(pending && /^\s*$/.test(between))) {
      flush();
      result += between;
    }
    const [, charset, encoding, data] = match as unknown as [string, string, string, string];
    const bytes =
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          );
    if (pending && (pending as { charset: string }).charset.toLowerCase() !== charset.toLowerCase()) flush();
    pending ??= { charset, bytes: [] };
    (pending as { bytes: Buffer[] }).bytes.push(bytes);
    last = match.index + match[0].length;
  }
  flush();
  return result + value.slice(last);
}

function rawHeader(message: Buffer, name: string): string {
  const head = message
    .subarray(0, message.indexOf('\n\n'))
    .toString('latin1')
    .replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
}

function bodyOf(message: Buffer): Buffer {
  return message.subarray(message.indexOf('\n\n') + 2);
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A built single-part message; header values and body are bytes so they can be raw 8-bit. */
function builtMessage(messageId: string, headers: [string, Buffer | string][], contentType: string, body: Buffer | string): Buffer {
  const lines = [
    Buffer.from(SEPARATOR),
    Buffer.from(`Message-ID: <${messageId}>\nDate: Mon, 06 Jan 2020 10:00:00 +0000\nTo: reader@example.com\n`),
  ];
  for (const [name, value] of headers) lines.push(Buffer.from(`${name}: `), Buffer.from(value), Buffer.from('\n'));
  lines.push(Buffer.from(`MIME-Version: 1.0\n${contentType}\n\n`), Buffer.from(body), Buffer.from('\n'));
  return Buffer.concat(lines);
}

interface Corpus {
  messages: Buffer[];
  expectations: Expectation[];
}

async function buildCorpus(): Promise<Corpus> {
  const messages: Buffer[] = [];
  const expectations: Expectation[] = [];

  // mimekit's Japanese test mail: iso-2022-jp encoded words in the subject, a 7-bit iso-2022-jp body.
  const japanese = await readFile(join(sharedDir, 'fixtures/mimekit/UnitTests/TestData/messages/japanese.txt'));
  const japaneseMail = Buffer.concat([
    Buffer.from(SEPARATOR),
    japanese.toString('latin1').includes('\r\n') ? Buffer.from(japanese.toString('latin1').replace(/\r\n/g, '\n'), 'latin1') : japanese,
  ]);
  const japaneseBody = new TextDecoder('iso-2022-jp').decode(bodyOf(japaneseMail.subarray(SEPARATOR.length)));
  messages.push(japaneseMail);
  expectations.push({
    name: 'iso-2022-jp subject and body (mimekit)',
    messageId: '55AE6D15.4010805@veritas-vos-liberabit.com',
    subject: decodeEncodedWords(rawHeader(japaneseMail.subarray(SEPARATOR.length), 'subject')),
    text: japaneseBody,
    word: 'テスト',
  });

  // io-uring list: a sender name in iso-2022-jp; a reply whose subject mixes big5 B and Q words, body base64 big5.
  const ioUring = await readCorpusMessages('io-uring-list.mbox.gz', 9000);
  const byId = (id: string): Buffer => {
    const found = ioUring.find((message) => rawHeader(message, 'message-id') === `<${id}>`);
    if (!found) throw new Error(`io-uring corpus no longer holds <${id}>`);
    return found;
  };
  const carter = byId('87153725-2567-48F7-B810-293977C5C65E@eoitek.com');
  messages.push(carter);
  expectations.push({
    name: 'iso-2022-jp sender name (io-uring)',
    messageId: '87153725-2567-48F7-B810-293977C5C65E@eoitek.com',
    fromName: decodeEncodedWords(rawHeader(carter, 'from').replace(/\s*<[^>]*>$/, '')),
    word: 'IOSQE_IO_LINK',
  });
  const big5 = byId('DM6PR11MB42025CAC6D19741D7B1F782DFF359@DM6PR11MB4202.namprd11.prod.outlook.com');
  messages.push(big5);
  const big5Subject = decodeEncodedWords(rawHeader(big5, 'subject'));
  expectations.push({
    name: 'big5 subject and base64 body (io-uring)',
    messageId: 'DM6PR11MB42025CAC6D19741D7B1F782DFF359@DM6PR11MB4202.namprd11.prod.outlook.com',
    subject: big5Subject,
    text: new TextDecoder('big5').decode(Buffer.from(bodyOf(big5).toString('latin1'), 'base64')).slice(0, 600),
    word: '回复',
  });

  // usrp-users list: a recipient named in a windows-1252 encoded word.
  const mullerMail = (await readCorpusMessages('usrp-users-list.mbox.gz')).find((message) =>
    /=\?Windows-1252\?Q\?Marcus_M=FCller\?=/.test(rawHeader(message, 'to')),
  );
  if (!mullerMail) throw new Error('usrp-users corpus no longer holds a windows-1252 encoded recipient');
  messages.push(mullerMail);
  expectations.push({
    name: 'windows-1252 recipient name (usrp-users)',
    messageId: rawHeader(mullerMail, 'message-id').replace(/^<|>$/g, ''),
    toName: decodeEncodedWords('=?Windows-1252?Q?Marcus_M=FCller?='),
    word: 'Müller',
  });

  // No real windows-1251 or windows-1250 mail with non-ASCII text is in the shared data: these are built.
  const russian = 'Отчёт о квартальных продажах готов';
  messages.push(
    builtMessage(
      'cyrillic-1251@example.com',
      [
        [
          'From',
          `=?windows-1251?Q?${[...encodeSingleByte('Иван Петров', 'windows-1251')].map((byte) => (byte === 0x20 ? '_' : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('')}?= <ivan@example.com>`,
        ],
        ['Subject', `=?windows-1251?B?${encodeSingleByte('Квартальный отчёт', 'windows-1251').toString('base64')}?=`],
      ],
      'Content-Type: text/plain; charset=windows-1251\nContent-Transfer-Encoding: 8bit',
      encodeSingleByte(russian, 'windows-1251'),
    ),
  );
  expectations.push({
    name: 'windows-1251 encoded words and 8-bit body',
    messageId: 'cyrillic-1251@example.com',
    subject: 'Квартальный отчёт',
    fromName: 'Иван Петров',
    text: russian,
    word: 'продажах',
  });
  const polish = 'Zażółć gęślą jaźń w środę';
  messages.push(
    builtMessage(
      'polish-1250@example.com',
      [
        ['From', `=?windows-1250?B?${encodeSingleByte('Łukasz Wiśniewski', 'windows-1250').toString('base64')}?= <lukasz@example.com>`],
        [
          'Subject',
          `=?windows-1250?Q?${[...encodeSingleByte('Spotkanie w środę', 'windows-1250')].map((byte) => (byte === 0x20 ? '_' : byte > 0x7f ? `=${byte.toString(16).toUpperCase()}` : String.fromCharCode(byte))).join('')}?=`,
        ],
      ],
      'Content-Type: text/plain; charset=windows-1250\nContent-Transfer-Encoding: quoted-printable',
      [...encodeSingleByte(polish, 'windows-1250')]
        .map((byte) => (byte > 0x7f ? `=${byte.toString(16).toUpperCase()}` : String.fromCharCode(byte)))
        .join(''),
    ),
  );
  expectations.push({
    name: 'windows-1250 encoded words and quoted-printable body',
    messageId: 'polish-1250@example.com',
    subject: 'Spotkanie w środę',
    fromName: 'Łukasz Wiśniewski',
    text: polish,
    word: 'gęślą',
  });

  // Raw 8-bit headers (no encoded words), as old and careless mailers send them.
  messages.push(
    builtMessage(
      'raw-utf8@example.com',
      [
        ['From', Buffer.from('Jürgen Groß <juergen@example.com>')],
        ['Subject', Buffer.from('Привет из Мюнхена')],
      ],
      'Content-Type: text/plain; charset=windows-1251\nContent-Transfer-Encoding: 8bit',
      encodeSingleByte('Тело письма', 'windows-1251'),
    ),
  );
  expectations.push({
    name: 'raw UTF-8 headers, body in windows-1251',
    messageId: 'raw-utf8@example.com',
    subject: 'Привет из Мюнхена',
    fromName: 'Jürgen Groß',
    text: 'Тело письма',
    word: 'Мюнхена',
  });
  messages.push(
    builtMessage(
      'raw-1251@example.com',
      [
        ['From', Buffer.concat([encodeSingleByte('Ольга Смирнова', 'windows-1251'), Buffer.from(' <olga@example.com>')])],
        ['Subject', encodeSingleByte('Счёт за электричество', 'windows-1251')],
      ],
      'Content-Type: text/plain; charset=windows-1251\nContent-Transfer-Encoding: 8bit',
      encodeSingleByte('Оплатите до пятницы', 'windows-1251'),
    ),
  );
  expectations.push({
    name: 'raw windows-1251 headers, as the body declares',
    messageId: 'raw-1251@example.com',
    subject: 'Счёт за электричество',
    fromName: 'Ольга Смирнова',
    text: 'Оплатите до пятницы',
    word: 'электричество',
  });
  const koi8Part = encodeSingleByte('Встреча в четверг', 'koi8-r');
  messages.push(
    builtMessage(
      'raw-koi8@example.com',
      [
        ['From', Buffer.concat([encodeSingleByte('Пётр', 'koi8-r'), Buffer.from(' <petr@example.com>')])],
        ['Subject', encodeSingleByte('Повестка совещания', 'koi8-r')],
      ],
      'Content-Type: multipart/alternative; boundary="inner"',
      Buffer.concat([
        Buffer.from('--inner\nContent-Type: text/plain; charset="koi8-r"\nContent-Transfer-Encoding: 8bit\n\n'),
        koi8Part,
        Buffer.from('\n--inner--'),
      ]),
    ),
  );
  expectations.push({
    name: 'raw koi8-r headers, charset declared in the text part',
    messageId: 'raw-koi8@example.com',
    subject: 'Повестка совещания',
    fromName: 'Пётр',
    text: 'Встреча в четверг',
    word: 'совещания',
  });
  messages.push(
    builtMessage(
      'raw-1252@example.com',
      [
        // Written as bytes: Node 20's TextDecoder reads windows-1252's 0x80-0x9f (here the dash, 0x97) as latin1.
        ['From', Buffer.from('Fran\xe7ois M\xfcller <francois@example.com>', 'latin1')],
        ['Subject', Buffer.from('Caf\xe9 \x97 r\xe9union \xe0 Z\xfcrich \x93today\x94', 'latin1')],
      ],
      'Content-Type: text/plain',
      'plain ASCII body about the meeting',
    ),
  );
  expectations.push({
    name: 'raw windows-1252 headers, no charset declared',
    messageId: 'raw-1252@example.com',
    subject: 'Café — réunion à Zürich “today”',
    fromName: 'François Müller',
    word: 'réunion',
  });
  // The raw bytes behind real encoded words (big5 from io-uring, iso-2022-jp from mimekit), put in headers unencoded.
  const big5SubjectBytes = Buffer.from(/=\?big5\?B\?([^?]+)\?=/i.exec(rawHeader(big5, 'subject'))![1]!, 'base64');
  const japaneseSubjectBytes = Buffer.concat(
    [...rawHeader(japaneseMail.subarray(SEPARATOR.length), 'subject').matchAll(/=\?ISO-2022-JP\?B\?([^?]+)\?=/gi)].map((match) =>
      Buffer.from(match[1]!, 'base64'),
    ),
  );
  messages.push(
    builtMessage(
      'raw-big5@example.com',
      [
        ['From', 'Qiang <qiang@example.com>'],
        ['Subject', big5SubjectBytes],
      ],
      'Content-Type: text/plain; charset=big5',
      'see subject',
    ),
  );
  expectations.push({
    name: 'raw big5 subject, body declares big5',
    messageId: 'raw-big5@example.com',
    subject: new TextDecoder('big5').decode(big5SubjectBytes).trim(),
    word: '回复',
  });
  messages.push(
    builtMessage(
      'raw-iso2022jp@example.com',
      [
        ['From', 'Eno <eno@example.com>'],
        ['Subject', japaneseSubjectBytes],
      ],
      'Content-Type: text/plain; charset=iso-2022-jp',
      'see subject',
    ),
  );
  expectations.push({
    name: 'raw iso-2022-jp subject (escape sequences)',
    messageId: 'raw-iso2022jp@example.com',
    subject: new TextDecoder('iso-2022-jp').decode(japaneseSubjectBytes),
    word: 'testing',
  });

  return { messages, expectations };
}

describe('iso-2022-jp, big5, windows-125x and raw 8-bit headers', () => {
  let engine: Engine;
  let corpus: Corpus;

  beforeAll(async () => {
    corpus = await buildCorpus();
    const mbox = join(await makeTempDir(), 'legacy.mbox');
    await writeFile(mbox, toMbox(corpus.messages));
    engine = await openEngine({ dataDir: await makeTempDir() });
    const report = await engine.importPaths([mbox], 'legacy');
    expect(report.errors).toEqual([]);
    expect(report.imported).toBe(corpus.messages.length);
  }, 120_000);

  afterAll(async () => {
    await engine?.close();
  });

  it('the expected values are real non-ASCII text (the test decodes what it claims to)', () => {
    for (const expectation of corpus.expectations) {
      const values = [expectation.subject, expectation.fromName, expectation.toName, expectation.text].filter(
        (value): value is string => value !== undefined,
      );
      expect(
        values.some((value) => /[^ -~\s]/.test(value)),
        expectation.name,
      ).toBe(true);
      for (const value of values) expect(value, expectation.name).not.toContain('\ufffd');
    }
  });

  it('stores subject, names and text as decoded from each charset', async () => {
    for (const expectation of corpus.expectations) {
      const hit = (await engine.search({ query: `rfc822msgid:"${expectation.messageId}"`, limit: 1 })).hits[0];
      expect(hit, expectation.name).toBeDefined();
      const stored = (await engine.getMessage(hit!.id))!;
      if (expectation.subject !== undefined) expect(stored.subject, expectation.name).toBe(expectation.subject.trim());
      if (expectation.fromName !== undefined) expect(stored.from.name, expectation.name).toBe(expectation.fromName.trim());
      if (expectation.toName !== undefined)
        expect(
          stored.to.map((person) => person.name),
          expectation.name,
        ).toContain(expectation.toName);
      if (expectation.text !== undefined) expect(squash(stored.text), expectation.name).toContain(squash(expectation.text));
      expect(`${stored.subject} ${stored.from.name} ${stored.text}`, expectation.name).not.toContain('\ufffd');
    }
  });

  it('finds each message by a word of its decoded text', async () => {
    for (const expectation of corpus.expectations) {
      const hits = (await engine.search({ query: expectation.word, limit: 200 })).hits;
      const wanted = (await engine.search({ query: `rfc822msgid:"${expectation.messageId}"`, limit: 1 })).hits[0]!;
      expect(
        hits.map((hit) => hit.id),
        `${expectation.name}: "${expectation.word}"`,
      ).toContain(wanted.id);
    }
  });
});
