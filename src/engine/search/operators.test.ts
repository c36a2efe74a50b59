// Every operator, scope and boolean form executed against a store of real mail, with counts computed by the test itself.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { convert as htmlToText } from 'html-to-text';
import { simpleParser, type AddressObject } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { foldText } from '../../shared/query/fold';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

interface Known {
  messageId: string;
  from: string;
  to: string;
  cc: string;
  subject: string;
  date: number;
  files: { name: string; type: string }[];
  labels: string[];
  listId: string;
  words: string;
  bodyWords: string;
}

const LABEL_SETS = [['Inbox', 'Important'], ['Inbox', 'Starred'], ['Sent'], ['Inbox', 'Unread', 'Category updates'], ['Work/Projects']];

function people(field: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return foldText(
    list
      .flatMap((group) => group.value)
      .map((entry) => `${entry.name ?? ''} <${entry.address ?? ''}>`)
      .join(', '),
  );
}

async function know(raw: Buffer, labels: string[]): Promise<Known> {
  const parsed = await simpleParser(raw.subarray(raw.indexOf(0x0a) + 1));
  const text = parsed.text?.trim() ? parsed.text : typeof parsed.html === 'string' ? htmlToText(parsed.html, { wordwrap: false }) : '';
  const files = parsed.attachments
    .filter((attachment) => attachment.contentDisposition !== 'inline' || attachment.filename)
    // A nameless attachment is listed as unnamed.<subtype>, so filename:png finds pasted screenshots too.
    .map((attachment) => ({
      name: (attachment.filename ?? `unnamed.${attachment.contentType.split('/')[1] ?? 'bin'}`).toLowerCase(),
      type: attachment.contentType.toLowerCase(),
    }));
  // The raw line: mailparser files List-Id under `list`, so headers.get('list-id') was always empty (and so was the engine's).
  const listLine = parsed.headerLines.find((field) => field.key === 'list-id')?.line ?? '';
  const listText = listLine.slice(listLine.indexOf(':') + 1).trim();
  return {
    messageId: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
    from: people(parsed.from),
    to: people(parsed.to),
    cc: people(parsed.cc),
    subject: foldText(parsed.subject ?? ''),
    date: parsed.date?.getTime() ?? 0,
    files,
    labels,
    listId: listText.toLowerCase(),
    words: (foldText(`${parsed.subject ?? ''}\n${text}`).match(/[\p{L}\p{N}]+/gu) ?? []).join(' '),
    bodyWords: (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).join(' '),
  };
}

const has = (known: Known, pattern: RegExp) => known.files.some((file) => pattern.test(file.type) || pattern.test(file.name));
const inJune2019 = (known: Known) => known.date >= Date.UTC(2019, 5, 1) && known.date < Date.UTC(2019, 6, 1);
const word = (known: Known, value: string) => ` ${known.words} `.includes(` ${value} `);

describe('operators on real mail', () => {
  let engine: Engine;
  let known: Known[];
  let sourceId: string;

  beforeAll(async () => {
    const dir = await makeTempDir();
    const raw = await readCorpusMessages('usrp-users-list.mbox.gz', 400);
    const labelled = raw.map((message, index) => {
      const newline = message.indexOf(0x0a);
      const labels = LABEL_SETS[index % LABEL_SETS.length]!;
      return Buffer.concat([
        message.subarray(0, newline + 1),
        Buffer.from(`X-Gmail-Labels: ${labels.join(',')}\n`),
        message.subarray(newline + 1),
      ]);
    });
    known = await Promise.all(raw.map((message, index) => know(message, LABEL_SETS[index % LABEL_SETS.length]!)));
    const file = join(dir, 'labelled.mbox');
    await writeFile(file, toMbox(labelled));
    engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'ops');
    sourceId = (await engine.getStats()).sources[0]!.id;
  });

  afterAll(async () => {
    await engine.close();
  });

  const count = (predicate: (known: Known) => boolean) => new Set(known.filter(predicate).map((item) => item.messageId)).size;

  const cases: [string, (item: Known) => boolean][] = [
    ['from:marcus', (item) => item.from.includes('marcus')],
    ['from:MARCUS', (item) => item.from.includes('marcus')],
    ['from:"Marcus Müller"', (item) => item.from.includes('marcus muller')],
    ['from:muller', (item) => item.from.includes('muller')],
    ['to:usrp-users@lists.ettus.com', (item) => item.to.includes('usrp-users@lists.ettus.com')],
    ['cc:gmail.com', (item) => item.cc.includes('gmail.com')],
    ['bcc:anyone', () => false],
    ['participants:neel', (item) => `${item.from} ${item.to} ${item.cc}`.includes('neel')],
    ['subject:e310', (item) => item.subject.includes('e310')],
    ['subject:"sample rate"', (item) => item.subject.includes('sample rate')],
    ['body:fpga', (item) => ` ${item.bodyWords} `.includes(' fpga ')],
    ['fpga vivado', (item) => word(item, 'fpga') && word(item, 'vivado')],
    ['"sample rate"', (item) => word(item, 'sample rate')],
    ['filename:pdf', (item) => item.files.some((file) => file.name.includes('pdf'))],
    ['filename:.png', (item) => item.files.some((file) => file.name.includes('.png'))],
    ['has:attachment', (item) => item.files.length > 0],
    ['has:pdf', (item) => has(item, /^application\/pdf$|\.pdf$/)],
    ['has:image', (item) => has(item, /^image\/|\.(png|jpe?g|gif|bmp|webp|heic|tiff?)$/)],
    ['has:spreadsheet', (item) => has(item, /ms-excel|spreadsheetml|opendocument\.spreadsheet|text\/csv|\.(xlsx?|ods|csv|numbers)$/)],
    ['in:inbox', (item) => item.labels.includes('Inbox')],
    ['label:important', (item) => item.labels.includes('Important')],
    ['in:projects', (item) => item.labels.includes('Work/Projects')],
    ['category:updates', (item) => item.labels.includes('Category updates')],
    ['is:starred', (item) => item.labels.includes('Starred')],
    ['is:unread', (item) => item.labels.includes('Unread')],
    ['is:read', (item) => !item.labels.includes('Unread')],
    ['is:important', (item) => item.labels.includes('Important')],
    ['list:usrp-users', (item) => item.listId.includes('usrp-users')],
    ['after:2019-06-01 before:2019-07-01', inJune2019],
    ['after:2019/06/01 before:2019/07/01', inJune2019],
    ['date:2019-06', inJune2019],
    ['date:2019-05..2019-06', (item) => item.date >= Date.UTC(2019, 4, 1) && item.date < Date.UTC(2019, 6, 1)],
    ['date:2019-06-13', (item) => item.date >= Date.UTC(2019, 5, 13) && item.date < Date.UTC(2019, 5, 14)],
    ['older_than:1y', (item) => item.date < Date.now() - 365 * 86_400_000],
    ['newer_than:1y', (item) => item.date >= Date.now() - 365 * 86_400_000],
    ['from:marcus OR from:neel', (item) => item.from.includes('marcus') || item.from.includes('neel')],
    ['{from:marcus from:neel}', (item) => item.from.includes('marcus') || item.from.includes('neel')],
    [
      '(from:marcus OR from:neel) has:attachment',
      (item) => (item.from.includes('marcus') || item.from.includes('neel')) && item.files.length > 0,
    ],
    ['-has:attachment', (item) => item.files.length === 0],
    ['NOT from:marcus', (item) => !item.from.includes('marcus')],
    ['from:marcus AND in:inbox', (item) => item.from.includes('marcus') && item.labels.includes('Inbox')],
    ['-from:marcus OR has:pdf', (item) => !item.from.includes('marcus') || has(item, /^application\/pdf$|\.pdf$/)],
    ['fpga -vivado', (item) => word(item, 'fpga') && !word(item, 'vivado')],
    ['@label:starred', (item) => item.labels.includes('Starred')],
    ['@tag:sent,starred', (item) => item.labels.includes('Sent') || item.labels.includes('Starred')],
    ['@folder:labelled', () => true],
    ['-@folder:labelled', () => false],
    ['@* from:marcus', (item) => item.from.includes('marcus')],
  ];
  for (const [query, predicate] of cases) {
    it(`${query}`, async () => {
      const result = await engine.search({ query, limit: 1, mode: 'keyword' });
      expect(result.parsed.warnings).toEqual([]);
      expect(result.total).toBe(count(predicate));
    });
  }

  it('@collection: is one imported source, and source: finds it by name', async () => {
    expect((await engine.search({ query: `@collection:${sourceId}`, limit: 1 })).total).toBe(count(() => true));
    expect((await engine.search({ query: 'source:labelled', limit: 1 })).total).toBe(count(() => true));
    expect((await engine.search({ query: '@collection:some-other-archive', limit: 1 })).total).toBe(0);
  });

  it('thread:, @thread:, id: and @document: name one thread or one message', async () => {
    const { hits } = await engine.search({ query: 'subject:"e320 numpy"', limit: 50, sort: 'date' });
    const threadId = hits[0]!.threadId;
    const inThread = hits.filter((hit) => hit.threadId === threadId).length;
    expect((await engine.search({ query: `thread:${threadId} subject:"e320 numpy"`, limit: 1 })).total).toBe(inThread);
    expect((await engine.search({ query: `@thread:${threadId} subject:"e320 numpy"`, limit: 1 })).total).toBe(inThread);
    expect((await engine.search({ query: `id:<${hits[0]!.messageId}>`, limit: 5 })).hits.map((hit) => hit.id)).toEqual([hits[0]!.id]);
    expect((await engine.search({ query: `@document:${hits[0]!.id}`, limit: 5 })).hits.map((hit) => hit.id)).toEqual([hits[0]!.id]);
  });

  it('warns about what it cannot read and still searches the rest', async () => {
    const unknown = await engine.search({ query: 'custom:value fpga', limit: 1 });
    expect(unknown.parsed.warnings.join(' ')).toMatch(/custom/);
    const badDate = await engine.search({ query: 'after:not-a-date fpga', limit: 1 });
    expect(badDate.parsed.warnings.join(' ')).toMatch(/not-a-date/);
    expect(badDate.total).toBe(count((item) => word(item, 'fpga')));
    const empty = await engine.search({ query: 'from: fpga', limit: 1 });
    expect(empty.parsed.filters).toEqual([]);
  });
});
