// Trash and Spam are left out of every search mode, total and answer unless the query asks for them; a pasted subject
// with lone punctuation ("Dell & Enron", "Resume - for") finds its message. A Takeout-style mbox built here, real LanceDB.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, toMbox } from '../../../test/corpus';
import type { SearchMode, SearchResult } from '../../shared/model/search';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

interface Mail {
  key: string;
  subject: string;
  body: string;
  from?: string;
  labels?: string;
  folder?: string;
}

const MAILS: Mail[] = [
  {
    key: 'dell',
    subject: 'Dell & Enron Order Confirmation',
    body: 'Your order of two laptops is confirmed and ships next week.',
    labels: 'Inbox',
  },
  {
    key: 'resume',
    subject: 'Resume - for your perusal',
    body: 'Attached is my curriculum vitae, thank you for considering it.',
    labels: 'Inbox',
  },
  {
    key: 'plan',
    subject: 'Budget plan for the new year',
    body: 'The budget plan covers travel, hardware and salaries.',
    from: 'Alice Adams <alice@example.com>',
    labels: 'Inbox',
  },
  {
    key: 'review',
    subject: 'Budget review on Friday',
    body: 'We review the budget numbers on Friday afternoon.',
    from: 'Bob Brown <bob@example.com>',
    labels: 'Inbox,Important',
  },
  { key: 'release', subject: 'Release alpha - beta notes', body: 'What changed between the alpha and the beta release.', labels: 'Inbox' },
  { key: 'trash', subject: 'Budget draft, thrown away', body: 'An old draft of the budget that nobody needs.', labels: 'Trash' },
  {
    key: 'trashImportant',
    subject: 'Budget meeting notes',
    body: 'Notes of the budget meeting, deleted later.',
    labels: 'Trash,Important',
  },
  { key: 'spam', subject: 'Cheap budget watches', body: 'Buy budget watches now, limited offer.', labels: 'Spam' },
  {
    key: 'deleted',
    subject: 'Budget forecast, deleted in Outlook',
    body: 'The budget forecast for the second quarter.',
    folder: 'Deleted Items',
  },
  { key: 'junk', subject: 'Budget loans approved', body: 'Your budget loan is approved, click here.', folder: 'Junk E-mail' },
];

const EXCLUDED = ['trash', 'trashImportant', 'spam', 'deleted', 'junk'];

function message(mail: Mail, index: number): Buffer {
  const headers = [
    `From sender@example.com Mon Jan  ${index + 1} 10:00:00 2024`,
    ...(mail.labels ? [`X-Gmail-Labels: ${mail.labels}`] : []),
    ...(mail.folder ? [`X-Folder: ${mail.folder}`] : []),
    `From: ${mail.from ?? 'Carol Clark <carol@example.com>'}`,
    'To: me@example.com',
    `Subject: ${mail.subject}`,
    `Date: Mon, ${String(index + 1).padStart(2, '0')} Jan 2024 10:00:00 +0000`,
    `Message-ID: <${mail.key}@example.com>`,
    'Content-Type: text/plain; charset=utf-8',
  ];
  return Buffer.from(`${headers.join('\n')}\n\n${mail.body}\n`);
}

describe('Trash and Spam left out unless asked; punctuation never a required word', () => {
  let engine: Engine;
  const keys = (result: SearchResult): string[] => result.hits.map((hit) => hit.messageId.replace('@example.com', '')).sort();
  const search = (query: string, mode: SearchMode = 'keyword'): Promise<SearchResult> => engine.search({ query, mode, limit: 50 });

  beforeAll(async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'All mail Including Spam and Trash.mbox');
    await writeFile(file, toMbox(MAILS.map(message)));
    engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'takeout');
    await engine.embed();
  });

  afterAll(async () => {
    await engine.close();
  });

  it('leaves Trash, Spam, Deleted Items and Junk E-mail out of the all-mail listing and its total', async () => {
    const listing = await engine.search({ query: '', limit: 50 });
    expect(keys(listing)).toEqual(['dell', 'plan', 'release', 'resume', 'review']);
    expect(listing.total).toBe(5);
  });

  it.each<SearchMode>(['keyword', 'semantic', 'hybrid', 'auto', 'rerank'])('leaves them out of a %s search and its total', async (mode) => {
    const result = await search('budget', mode);
    expect(keys(result).filter((key) => EXCLUDED.includes(key))).toEqual([]);
    expect(result.total).toBe(result.hits.length);
    if (mode === 'semantic' || mode === 'hybrid') expect(result.mode).toBe(mode);
    if (mode === 'keyword') expect(keys(result)).toEqual(['plan', 'review']);
  });

  it('finds them when asked: in:trash, in:spam, a folder by name, @folder:, in:anywhere', async () => {
    expect(keys(await search('in:trash'))).toEqual(['trash', 'trashImportant']);
    expect(keys(await search('in:spam budget'))).toEqual(['spam']);
    expect(keys(await search('in:"Deleted Items"'))).toEqual(['deleted']);
    expect(keys(await search('@folder:"Junk E-mail"'))).toEqual(['junk']);
    const anywhere = await search('in:anywhere budget');
    expect(keys(anywhere)).toEqual(['deleted', 'junk', 'plan', 'review', 'spam', 'trash', 'trashImportant']);
    expect(anywhere.total).toBe(7);
    // By meaning only the mail near enough to "budget" is listed (the similarity floor), Trash and Spam among it.
    expect(keys(await search('in:anywhere budget', 'semantic')).filter((key) => EXCLUDED.includes(key)).length).toBeGreaterThan(0);
    const trashedByMeaning = keys(await search('in:trash budget', 'semantic'));
    expect(trashedByMeaning.length).toBeGreaterThan(0);
    expect(['trash', 'trashImportant']).toEqual(expect.arrayContaining(trashedByMeaning));
  });

  it('counts a message in Inbox and Trash as in Trash, as Gmail does, but finds it by its thread', async () => {
    expect(keys(await search('label:important'))).toEqual(['review']);
    const trashed = (await search('in:trash meeting')).hits[0]!;
    expect(keys(await search(`thread:${trashed.threadId}`))).toEqual(['trashImportant']);
  });

  it('leaves them out of the passages an answer is drawn from', async () => {
    const answer = await engine.ask({ question: 'what about the budget?', requestId: 'budget', provider: 'extractive' });
    const cited = answer.citations.map((citation) => MAILS.find((mail) => mail.subject === citation.subject)!.key);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((key) => EXCLUDED.includes(key))).toEqual([]);
  });

  it('finds a pasted subject whose lone punctuation holds no word', async () => {
    expect(keys(await search('Dell & Enron Order Confirmation'))).toEqual(['dell']);
    expect(keys(await search('Resume - for your perusal'))).toEqual(['resume']);
    expect(keys(await search('Dell & Enron Order Confirmation', 'auto'))).toEqual(expect.arrayContaining(['dell']));
    expect((await search('Dell & Enron Order Confirmation', 'auto')).modeNote ?? '').not.toMatch(/no message has all of the words/);
  });

  it('still negates with -from: and -word, and matches "a - b" as a phrase', async () => {
    expect(keys(await search('budget -from:alice'))).toEqual(['review']);
    expect(keys(await search('budget -friday'))).toEqual(['plan']);
    expect(keys(await search('"alpha - beta"'))).toEqual(['release']);
    expect(keys(await search('"alpha beta"'))).toEqual(['release']);
    expect(keys(await search('"beta - alpha"'))).toEqual([]);
  });
});
