// Copies of one mail filed in several folders (each with its own Message-ID, Dates in different time zones) are one
// hit listing every folder, in keyword and hybrid modes, and the total counts distinct mails. Real LanceDB and vectors.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

interface Mail {
  key: string;
  folder: string;
  date: string;
  body: string;
  subject?: string;
}

const FORECAST = 'Phillip,\n\nThe gas price forecast for the west desk is attached below.\n\nThanks, John';
const MAILS: Mail[] = [
  { key: 'all-documents', folder: 'allen-p/all_documents', date: 'Tue, 14 Nov 2000 09:30:00 -0800', body: FORECAST },
  { key: 'sent', folder: 'allen-p/sent', date: 'Tue, 14 Nov 2000 17:30:00 +0000', body: `${FORECAST}\n` },
  {
    key: 'threads',
    folder: 'allen-p/discussion_threads',
    // The Date written in another zone than the other copies': three hours apart, a whole number of zone steps.
    date: 'Tue, 14 Nov 2000 09:30:00 -0500',
    body: FORECAST.replace(/\n\n/g, '\n \n'),
  },
  // Same sender and subject the same day, but another text: a mail of its own.
  {
    key: 'revised',
    folder: 'allen-p/sent',
    date: 'Tue, 14 Nov 2000 18:00:00 +0000',
    body: 'Phillip, a revised gas price forecast: the west desk numbers moved up.',
  },
  // The same text a month later: sent again, not a copy.
  { key: 'resent', folder: 'allen-p/sent', date: 'Thu, 14 Dec 2000 09:30:00 -0800', body: FORECAST },
  // Two mails without text under one subject the same day: nothing tells them apart, so neither hides the other.
  { key: 'blank-one', folder: 'allen-p/inbox', date: 'Wed, 15 Nov 2000 08:00:00 -0800', body: '', subject: 'Blank' },
  { key: 'blank-two', folder: 'allen-p/inbox', date: 'Wed, 15 Nov 2000 09:00:00 -0800', body: ' ', subject: 'Blank' },
  { key: 'other', folder: 'allen-p/inbox', date: 'Wed, 15 Nov 2000 10:00:00 -0800', body: 'Lunch on Friday at noon?', subject: 'Lunch' },
];

function message(mail: Mail): string {
  return [
    'From sender@example.com Mon Jan  1 10:00:00 2024',
    `X-Folder: ${mail.folder}`,
    'From: John Arnold <john.arnold@enron.com>',
    'To: phillip.allen@enron.com',
    `Subject: ${mail.subject ?? 'West desk gas price forecast'}`,
    `Date: ${mail.date}`,
    `Message-ID: <${mail.key}.JavaMail.evans@thyme>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.body,
    '',
  ].join('\n');
}

describe('copies of one mail are one hit', () => {
  let engine: Engine;
  let storeDir: string;

  beforeAll(async () => {
    const dataDir = await makeTempDir();
    const file = join(dataDir, 'copies.mbox');
    await writeFile(file, MAILS.map(message).join('\n'));
    storeDir = join(dataDir, 'store');
    engine = await openEngine({ dataDir: storeDir, timeZone: 'UTC' });
    await engine.importPaths([file], 'copies');
    await engine.embed();
  });

  afterAll(async () => {
    await engine.close();
  });

  for (const mode of ['keyword', 'hybrid'] as const) {
    for (const sort of ['relevance', 'date'] as const) {
      it(`shows three copies as one hit listing their folders (${mode}, ${sort})`, async () => {
        const result = await engine.search({ query: 'gas price forecast', mode, sort });
        expect(result.mode).toBe(mode);
        const keys = result.hits.map((hit) => hit.messageId.split('.')[0]);
        expect(keys.filter((key) => ['all-documents', 'sent', 'threads'].includes(key!))).toHaveLength(1);
        expect(keys).toEqual(expect.arrayContaining(['revised', 'resent']));
        // By meaning the lunch mail may join; the total counts the copies once either way.
        expect(result.total).toBe(mode === 'keyword' ? 3 : result.hits.length);
        const copy = result.hits.find((hit) => hit.folders !== undefined)!;
        expect([...copy.folders!].sort()).toEqual(['allen-p/all_documents', 'allen-p/discussion_threads', 'allen-p/sent']);
        expect(copy.folders![0]).toBe(copy.folder);
        expect([copy.messageId, ...copy.copyMessageIds!].map((messageId) => messageId.split('.')[0]).sort()).toEqual([
          'all-documents',
          'sent',
          'threads',
        ]);
        expect(result.hits.filter((hit) => hit.folders !== undefined)).toHaveLength(1);
      });
    }
  }

  it('collapses copies in a listing by sender too, and the same search twice gives the same total', async () => {
    const first = await engine.search({ query: 'from:john.arnold@enron.com', mode: 'keyword' });
    const second = await engine.search({ query: 'from:john.arnold@enron.com', mode: 'keyword' });
    expect(first.total).toBe(6);
    expect(first.hits).toHaveLength(6);
    expect(second.total).toBe(first.total);
  });

  it('keeps mails without text apart', async () => {
    expect((await engine.search({ query: 'subject:blank', mode: 'keyword' })).total).toBe(2);
  });

  it('collapses copies among a few matches before the catalog is grouped, as a one-off command searches', async () => {
    // A reader of its own: its catalog's groups are not built, and four matches of eight are keyed one by one.
    const reader = await openEngine({ dataDir: storeDir, timeZone: 'UTC', access: 'read' });
    try {
      const result = await reader.search({ query: 'forecast before:2000-11-15', mode: 'keyword' });
      expect(result.total).toBe(2);
      const copy = result.hits.find((hit) => hit.folders !== undefined)!;
      expect([...copy.folders!].sort()).toEqual(['allen-p/all_documents', 'allen-p/discussion_threads', 'allen-p/sent']);
      expect(result.hits.map((hit) => hit.messageId.split('.')[0])).toContain('revised');
    } finally {
      await reader.close();
    }
  });

  it('finds each copy by its own folder', async () => {
    const result = await engine.search({ query: 'gas in:allen-p/discussion_threads', mode: 'keyword' });
    expect(result.hits.map((hit) => hit.folder)).toEqual(['allen-p/discussion_threads']);
  });
});

describe('copies imported after the catalog was grouped', () => {
  it('are collapsed with the copy imported before them, as the groups are extended rather than built again', async () => {
    const dataDir = await makeTempDir();
    const [first, ...later] = MAILS;
    const firstFile = join(dataDir, 'first.mbox');
    const laterFile = join(dataDir, 'later.mbox');
    await writeFile(firstFile, message(first!));
    await writeFile(laterFile, later.map(message).join('\n'));
    const grouped = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    try {
      await grouped.importPaths([firstFile], 'first');
      // Every message matches: more than half the catalog, so the groups are built now, over one message.
      expect((await grouped.search({ query: 'from:john.arnold@enron.com', mode: 'keyword' })).total).toBe(1);
      await grouped.importPaths([laterFile], 'later');
      const result = await grouped.search({ query: 'from:john.arnold@enron.com', mode: 'keyword' });
      expect(result.total).toBe(6);
      const copy = result.hits.find((hit) => hit.folders !== undefined)!;
      expect([...copy.folders!].sort()).toEqual(['allen-p/all_documents', 'allen-p/discussion_threads', 'allen-p/sent']);
    } finally {
      await grouped.close();
    }
  });
});

/** Imports `mails` into a fresh store and runs `check` on its engine, closed afterwards whatever happens. */
async function withImported(mails: Mail[], check: (engine: Engine) => Promise<void>): Promise<void> {
  const dataDir = await makeTempDir();
  const file = join(dataDir, 'mails.mbox');
  await writeFile(file, mails.map(message).join('\n'));
  const engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
  try {
    await engine.importPaths([file], 'mails');
    await check(engine);
  } finally {
    await engine.close();
  }
}

describe('copies among many mails of one text', () => {
  it('are collapsed when more mails share a text than are compared one by one', async () => {
    const date = 'Wed, 15 Nov 2000 08:00:00 -0800';
    const notes: Mail[] = Array.from({ length: 70 }, (_, index) => ({
      key: `note-${index}`,
      folder: 'allen-p/inbox',
      date,
      body: 'Thanks!',
      subject: `Note ${index}`,
    }));
    const copies: Mail[] = ['allen-p/inbox', 'allen-p/sent'].map((folder, index) => ({
      key: `copy-${index}`,
      folder,
      date,
      body: 'Thanks!',
      subject: 'Note copied',
    }));
    await withImported([...notes, ...copies], async (engine) => {
      const result = await engine.search({ query: 'thanks', mode: 'keyword', limit: 100 });
      expect(result.total).toBe(71);
      const copy = result.hits.find((hit) => hit.folders !== undefined)!;
      expect([...copy.folders!].sort()).toEqual(['allen-p/inbox', 'allen-p/sent']);
    });
  });
});

describe('copies among mails of one text sent again every day', () => {
  it('are collapsed across midnight, and the same text on other days stays apart', async () => {
    const body = 'Your statement is ready to view online.';
    // One text every other day at noon: more of it than are compared one by one, few near any one day.
    const statements: Mail[] = Array.from({ length: 100 }, (_, index) => ({
      key: `statement-${index}`,
      folder: 'allen-p/inbox',
      date: new Date(Date.UTC(2001, 0, 1 + 2 * index, 12)).toUTCString().replace('GMT', '+0000'),
      body,
      subject: 'Your statement',
    }));
    // A copy filed in another folder, its Date written an hour after midnight where the first was before it.
    const copies: Mail[] = [
      { key: 'late', folder: 'allen-p/inbox', date: 'Tue, 14 Aug 2001 23:30:00 +0000', body, subject: 'Your statement' },
      { key: 'early', folder: 'allen-p/sent', date: 'Wed, 15 Aug 2001 00:30:00 +0000', body, subject: 'Your statement' },
    ];
    await withImported([...statements, ...copies], async (engine) => {
      const result = await engine.search({ query: 'statement', mode: 'keyword', limit: 200 });
      expect(result.total).toBe(101);
      const copied = result.hits.filter((hit) => hit.folders !== undefined);
      expect(copied).toHaveLength(1);
      expect([...copied[0]!.folders!].sort()).toEqual(['allen-p/inbox', 'allen-p/sent']);
    });
  });
});
