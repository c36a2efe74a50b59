// Integration: the engine on real corpora, with expected counts computed in the test by its own parsing.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@lancedb/lancedb';
import { corpusPath, makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from './engine';
import type { Engine } from './engineTypes';

interface Expected {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  date: number;
  attachments: number;
  hasPdf: boolean;
  labels: string[];
  /** The text with its spacing folded, to tell copies of one mail (see distinctCount). */
  body: string;
}

function people(field: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((group) => group.value)
    .map((entry) => `${entry.name ?? ''} <${entry.address ?? ''}>`)
    .join(', ')
    .toLowerCase();
}

async function describeMessage(bytes: Buffer): Promise<Expected> {
  const withoutSeparator = bytes.subarray(bytes.indexOf(0x0a) + 1);
  const parsed: ParsedMail = await simpleParser(withoutSeparator);
  const labelsHeader = parsed.headers.get('x-gmail-labels');
  return {
    messageId: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
    from: people(parsed.from),
    to: people(parsed.to),
    subject: (parsed.subject ?? '').toLowerCase(),
    date: parsed.date?.getTime() ?? 0,
    attachments: parsed.attachments.filter((attachment) => attachment.contentDisposition !== 'inline' || attachment.filename).length,
    hasPdf: parsed.attachments.some(
      (attachment) => attachment.contentType === 'application/pdf' || /\.pdf$/i.test(attachment.filename ?? ''),
    ),
    labels: typeof labelsHeader === 'string' ? labelsHeader.split(',').map((label) => label.trim()) : [],
    body: (parsed.text ?? '').replace(/\s+/g, ' ').trim().toLowerCase(),
  };
}

/** The sender's address alone: a list may write a copy's name differently. */
function sender(message: Expected): string {
  return /<([^>]*)>/.exec(message.from)?.[1] ?? message.from;
}

/** Mails a search counts: one per Message-ID, and copies of one mail (same sender, subject and text, dates within a day) once; mails without text are never copies. */
function distinctCount(messages: Expected[], predicate: (message: Expected) => boolean): number {
  const kept: Expected[] = [];
  for (const message of new Map(messages.filter(predicate).map((message) => [message.messageId, message])).values()) {
    const isCopy =
      message.body !== '' &&
      kept.some(
        (other) =>
          sender(other) === sender(message) &&
          other.subject === message.subject &&
          other.body === message.body &&
          Math.abs(other.date - message.date) <= 86_400_000,
      );
    if (!isCopy) kept.push(message);
  }
  return kept.length;
}

describe('engine on the usrp-users archive', () => {
  let engine: Engine;
  let expected: Expected[];
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    engine = await openEngine({ dataDir, timeZone: 'UTC' });
    const raw = await readCorpusMessages('usrp-users-list.mbox.gz');
    expected = await Promise.all(raw.map(describeMessage));
  });

  afterAll(async () => {
    await engine.close();
  });

  it('imports every message once and reports the copies the archive holds twice', async () => {
    const report = await engine.importPaths([corpusPath('usrp-users-list.mbox.gz')], 'first');
    const distinct = new Set(expected.map((message) => message.messageId)).size;
    expect(report.failed).toBe(0);
    expect(report.imported).toBe(distinct);
    expect(report.imported + report.duplicates).toBe(expected.length);
    expect(report.messages).toBe(distinct);
  });

  it('adds nothing when the same file is imported again', async () => {
    const report = await engine.importPaths([corpusPath('usrp-users-list.mbox.gz')], 'again');
    expect(report.imported).toBe(0);
    expect(report).toMatchObject({ alreadyImported: expected.length, duplicates: 0 });
  });

  const cases: [string, (message: Expected) => boolean][] = [
    ['from:marcus', (message) => message.from.includes('marcus')],
    ['from:ettus.com', (message) => message.from.includes('ettus.com')],
    ['to:usrp-users', (message) => message.to.includes('usrp-users')],
    ['subject:b210', (message) => message.subject.includes('b210')],
    ['subject:"x310 1-pps"', (message) => message.subject.includes('x310 1-pps')],
    ['has:attachment', (message) => message.attachments > 0],
    ['after:2020-01-01', (message) => message.date >= Date.UTC(2020, 0, 1)],
    ['before:2019-06-01', (message) => message.date < Date.UTC(2019, 5, 1)],
    ['after:2019-01-01 before:2019-02-01', (message) => message.date >= Date.UTC(2019, 0, 1) && message.date < Date.UTC(2019, 1, 1)],
    ['in:usrp-users-list', () => true],
    ['subject:b210 has:attachment', (message) => message.subject.includes('b210') && message.attachments > 0],
    ['from:marcus -subject:re', (message) => message.from.includes('marcus') && !message.subject.includes('re')],
  ];
  for (const [query, predicate] of cases) {
    it(`"${query}" returns exactly the matching messages`, async () => {
      const result = await engine.search({ query, limit: 5 });
      expect(result.parsed.warnings).toEqual([]);
      expect(result.total).toBe(distinctCount(expected, predicate));
      expect(result.hits.length).toBe(Math.min(5, result.total));
    });
  }

  it('understands "3 latest pdfs": three PDF mails, newest first', async () => {
    const result = await engine.search({ query: '3 latest pdfs', limit: 20 });
    const newestPdfDates = expected
      .filter((message) => message.hasPdf)
      .map((message) => message.date)
      .sort((first, second) => second - first)
      .slice(0, 3);
    expect(result.total).toBe(3);
    expect(result.hits.map((hit) => Date.parse(hit.date))).toEqual(newestPdfDates);
    expect(
      result.hits.every((hit) => hit.attachments.some((attachment) => /pdf/i.test(attachment.contentType + attachment.filename))),
    ).toBe(true);
  });

  it('understands "mails from Marcus in June 2019" with the person resolved against known contacts', async () => {
    const result = await engine.search({ query: 'mails from Marcus in June 2019', limit: 100 });
    const june = (message: Expected) => message.date >= Date.UTC(2019, 5, 1) && message.date < Date.UTC(2019, 6, 1);
    expect(result.parsed.filters.map((filter) => filter.operator).sort()).toEqual(['date', 'from']);
    expect(result.total).toBe(distinctCount(expected, (message) => message.from.includes('marcus') && june(message)));
  });

  it('completes operators, then people of the archive ranked by how often they write', async () => {
    expect((await engine.complete('fro', 3)).map((suggestion) => suggestion.insert)).toContain('from:');
    const people = await engine.complete('from:marc', 9);
    expect(people.length).toBeGreaterThan(0);
    expect(people[0]!.replace).toEqual({ start: 5, end: 9 });
    expect(
      people.every((suggestion) => `${suggestion.label} ${suggestion.detail} ${suggestion.insert}`.toLowerCase().includes('marc')),
    ).toBe(true);
    expect((await engine.complete('in:usrp', 7)).map((suggestion) => suggestion.insert)).toContain('usrp-users-list');
  });

  it('sorts by date newest first with a stable order', async () => {
    const result = await engine.search({ query: 'has:attachment', sort: 'date', limit: 50 });
    const dates = result.hits.map((hit) => Date.parse(hit.date));
    expect(dates).toEqual([...dates].sort((first, second) => second - first));
    const again = await engine.search({ query: 'has:attachment', sort: 'date', limit: 50 });
    expect(again.hits.map((hit) => hit.id)).toEqual(result.hits.map((hit) => hit.id));
  });

  it('finds free text with highlighted snippets and pages through all matches', async () => {
    const first = await engine.search({ query: 'gnuradio', limit: 10 });
    expect(first.total).toBeGreaterThan(100);
    const hit = first.hits[0]!;
    expect(hit.highlights.length).toBeGreaterThan(0);
    expect(hit.snippet.slice(hit.highlights[0]!.start, hit.highlights[0]!.end).toLowerCase()).toBe('gnuradio');
    const second = await engine.search({ query: 'gnuradio', limit: 10, offset: 10 });
    expect(second.total).toBe(first.total);
    expect(second.hits.map((item) => item.id)).not.toContain(hit.id);
  });

  it('opens a message with headers, text and sanitised html', async () => {
    const { hits } = await engine.search({ query: 'has:attachment', limit: 1 });
    const message = await engine.getMessage(hits[0]!.id);
    expect(message?.subject).toBe(hits[0]!.subject);
    expect(message?.text.length).toBeGreaterThan(0);
    expect(message?.headers['message-id']).toContain(hits[0]!.messageId);
    expect(message?.attachments.length).toBeGreaterThan(0);
    expect(message?.html ?? '').not.toMatch(/<script/i);
    expect(await engine.getMessage('no-such-id')).toBeNull();
  });

  it('lists the folder with its count and reports stats', async () => {
    const folders = await engine.listFolders();
    const distinct = new Set(expected.map((message) => message.messageId)).size;
    expect(folders).toEqual([expect.objectContaining({ name: 'usrp-users-list', kind: 'folder', count: distinct })]);
    const stats = await engine.getStats();
    expect(stats.messages).toBe(distinct);
    expect(stats.sources).toHaveLength(1);
    expect(stats.threads).toBeGreaterThan(100);
  });

  it('rebuilds a damaged keyword index from the stored messages, with the same results', async () => {
    const before = await engine.search({ query: 'gnuradio from:marcus', limit: 20 });
    await engine.close();
    const { readFile: read, writeFile: write } = await import('node:fs/promises');
    // The file the manifest names (a save writes new names each time).
    const { fields } = JSON.parse(await read(join(dataDir, 'keyword-index', 'manifest.json'), 'utf8')) as {
      fields: { content: { file: string } };
    };
    await write(join(dataDir, 'keyword-index', fields.content.file), 'not an index');
    engine = await openEngine({ dataDir, timeZone: 'UTC' });
    const after = await engine.search({ query: 'gnuradio from:marcus', limit: 20 });
    expect(after.hits.map((hit) => hit.id)).toEqual(before.hits.map((hit) => hit.id));
    expect(after.total).toBe(before.total);
  });

  it('reopens from disk with the same results', async () => {
    const before = await engine.search({ query: 'gnuradio from:marcus', limit: 20 });
    await engine.close();
    engine = await openEngine({ dataDir, timeZone: 'UTC' });
    const after = await engine.search({ query: 'gnuradio from:marcus', limit: 20 });
    expect(after.total).toBe(before.total);
    expect(after.hits.map((hit) => hit.id)).toEqual(before.hits.map((hit) => hit.id));
  });
});

describe('engine with Gmail labels', () => {
  it('reads X-Gmail-Labels and X-GM-THRID and filters by label', async () => {
    const dataDir = await makeTempDir();
    const raw = await readCorpusMessages('io-uring-list.mbox.gz', 120);
    const labelled = raw.map((message, index) => {
      const newline = message.indexOf(0x0a);
      const labels = index % 3 === 0 ? 'Inbox,Important,"Project, Zero"' : index % 3 === 1 ? 'Sent' : 'Inbox,Category updates';
      const headers = `X-GM-THRID: ${1000 + Math.floor(index / 4)}\nX-Gmail-Labels: ${labels}\n`;
      return Buffer.concat([message.subarray(0, newline + 1), Buffer.from(headers), message.subarray(newline + 1)]);
    });
    const file = join(dataDir, 'All mail Including Spam and Trash.mbox');
    await writeFile(file, toMbox(labelled));
    const engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    try {
      const report = await engine.importPaths([file], 'takeout');
      expect(report.imported).toBe(120);
      expect((await engine.search({ query: 'label:important' })).total).toBe(40);
      expect((await engine.search({ query: 'in:inbox' })).total).toBe(80);
      expect((await engine.search({ query: 'label:project-zero' })).total).toBe(40);
      expect((await engine.search({ query: 'in:sent OR label:important' })).total).toBe(80);
      expect((await engine.search({ query: 'is:important' })).total).toBe(40);
      expect((await engine.search({ query: 'category:updates' })).total).toBe(40);
      const stats = await engine.getStats();
      expect(stats.threads).toBe(30);
      const labels = (await engine.listFolders()).filter((folder) => folder.kind === 'label');
      expect(labels.find((label) => label.name === 'Project, Zero')?.count).toBe(40);
    } finally {
      await engine.close();
    }
  });

  it('unites the labels of a message seen twice in one file, wherever the first copy is on its way to the store', async () => {
    const dataDir = await makeTempDir();
    const raw = await readCorpusMessages('io-uring-list.mbox.gz', 1200);
    const withLabels = (message: Buffer, labels: string): Buffer => {
      const newline = message.indexOf(0x0a);
      return Buffer.concat([message.subarray(0, newline + 1), Buffer.from(`X-Gmail-Labels: ${labels}\n`), message.subarray(newline + 1)]);
    };
    const inbox = raw.map((message) => withLabels(message, 'Inbox'));
    // Imports store 500 messages at a time and write one batch while reading the next: the copy of message 3 comes while
    // its first copy waits in the batch being filled, the copy of message 100 while its batch is being written or just
    // after, and the copy of message 20 once it is stored and indexed.
    const file = join(dataDir, 'All mail Including Spam and Trash.mbox');
    await writeFile(
      file,
      toMbox([
        ...inbox.slice(0, 4),
        withLabels(raw[3]!, 'Alpha'),
        ...inbox.slice(4, 700),
        withLabels(raw[100]!, 'Beta'),
        ...inbox.slice(700),
        withLabels(raw[20]!, 'Gamma'),
      ]),
    );
    const engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    try {
      const report = await engine.importPaths([file], 'takeout');
      expect(report.failed).toBe(0);
      expect(report.imported + report.duplicates).toBe(1203);
      for (const [label, index] of [
        ['alpha', 3],
        ['beta', 100],
        ['gamma', 20],
      ] as const) {
        const result = await engine.search({ query: `label:${label} in:inbox`, limit: 5 });
        expect(result.total).toBe(1);
        expect(result.hits[0]!.messageId).toBe(/^Message-ID:\s*<([^>]+)>/im.exec(raw[index]!.toString('latin1'))?.[1]);
      }
    } finally {
      await engine.close();
    }
  });

  it('reports files that are not mail and changes nothing', async () => {
    const dataDir = await makeTempDir();
    const file = join(dataDir, 'photo.png');
    await writeFile(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    const engine = await openEngine({ dataDir: join(dataDir, 'store') });
    try {
      const report = await engine.importPaths([file, join(dataDir, 'missing.mbox')], 'bad');
      expect(report.imported).toBe(0);
      expect(report.failed).toBe(2);
      expect(report.errors[0]!.reason).toMatch(/not a mail file/);
      expect(report.errors[1]!.reason).toMatch(/cannot read/);
      expect((await engine.getStats()).sources).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});

describe('engine tidying the messages table', () => {
  it('drops the table versions imports left once their grace has passed, with the same results before and after', async () => {
    const dataDir = await makeTempDir();
    const raw = await readCorpusMessages('io-uring-list.mbox.gz', 1200);
    const files = [0, 1, 2].map((part) => join(dataDir, `part-${part}.mbox`));
    for (const [part, file] of files.entries()) await writeFile(file, toMbox(raw.slice(part * 400, part * 400 + 400)));
    const storeDir = join(dataDir, 'store');
    const versions = async (): Promise<number> =>
      (await (await connect(join(storeDir, 'lancedb'))).openTable('messages')).listVersions().then((list) => list.length);
    const engine = await openEngine({ dataDir: storeDir, timeZone: 'UTC', versionGraceMs: 1000 });
    try {
      for (const file of files) await engine.importPaths([file], file);
      const before = await engine.search({ query: 'io_uring submission queue', limit: 50 });
      expect(before.total).toBeGreaterThan(0);
      expect(await versions()).toBeGreaterThan(3);
      const deadline = Date.now() + 15_000;
      while ((await versions()) > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await versions()).toBe(1);
      const after = await engine.search({ query: 'io_uring submission queue', limit: 50 });
      expect(after.hits.map((hit) => hit.id)).toEqual(before.hits.map((hit) => hit.id));
      expect((await engine.getMessage(before.hits[0]!.id))?.id).toBe(before.hits[0]!.id);
    } finally {
      await engine.close();
    }
    const reopened = await openEngine({ dataDir: storeDir, timeZone: 'UTC' });
    try {
      expect((await reopened.getStats()).messages).toBe(1200);
    } finally {
      await reopened.close();
    }
  });

  it('drops, soon after opening, the versions a session left when it closed within their grace', async () => {
    const dataDir = await makeTempDir();
    const file = join(dataDir, 'part.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('io-uring-list.mbox.gz', 600)));
    const storeDir = join(dataDir, 'store');
    const versions = async (): Promise<number> =>
      (await (await connect(join(storeDir, 'lancedb'))).openTable('messages')).listVersions().then((list) => list.length);
    const first = await openEngine({ dataDir: storeDir, timeZone: 'UTC' });
    try {
      await first.importPaths([file], 'part');
    } finally {
      await first.close();
    }
    expect(await versions()).toBeGreaterThan(1);
    const reopened = await openEngine({ dataDir: storeDir, timeZone: 'UTC', versionGraceMs: 0 });
    try {
      const deadline = Date.now() + 15_000;
      while ((await versions()) > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await versions()).toBe(1);
      expect((await reopened.search({ query: 'io_uring', limit: 5 })).total).toBeGreaterThan(0);
    } finally {
      await reopened.close();
    }
  });
});
