// A conversation that holds a query's words between its messages is found by its best message, below a mail holding
// every word itself; every hit says how many other messages of its conversation match; a long thread does not fill
// the page. Real LanceDB, mail written as mbox.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import { DEFAULT_HITS_PER_THREAD } from './rank';

interface Mail {
  key: string;
  subject: string;
  body: string;
  day: number;
  inReplyTo?: string;
  folder?: string;
}

const MAILS: Mail[] = [
  { key: 'plans', subject: 'Q3 offsite plans', body: 'Here is the budget for the offsite in Houston.', day: 1 },
  { key: 'plans-reply', subject: 'Re: Q3 offsite plans', body: 'Approval granted, go ahead and book it.', day: 2, inReplyTo: 'plans' },
  { key: 'plans-thanks', subject: 'Re: Q3 offsite plans', body: 'Thanks, booking the rooms now.', day: 3, inReplyTo: 'plans-reply' },
  { key: 'lone', subject: 'Offsite', body: 'The budget approval came through today.', day: 4 },
  // A reply in Trash holds the other word: Trash takes no part in a search that does not ask for it.
  { key: 'trip', subject: 'Trip budget', body: 'The travel budget is attached.', day: 5 },
  { key: 'trip-reply', subject: 'Re: Trip budget', body: 'Approval pending.', day: 6, inReplyTo: 'trip', folder: 'Trash' },
  // Enough other mails holding both words to fill a page.
  ...Array.from({ length: 10 }, (_, index): Mail => ({
    key: `note-${index}`,
    subject: `Note ${index}`,
    body: `Budget approval note ${index}.`,
    day: 40 + index,
  })),
  ...Array.from({ length: 30 }, (_, index): Mail => ({
    key: `sync-${index}`,
    subject: index === 0 ? 'Weekly budget approval sync' : 'Re: Weekly budget approval sync',
    body: `Minutes ${index}: the budget approval items were reviewed.`,
    day: 7 + index,
    ...(index > 0 ? { inReplyTo: `sync-${index - 1}` } : {}),
  })),
];

function message(mail: Mail): string {
  const day = new Date(Date.UTC(2001, 2, mail.day, 9)).toUTCString().replace('GMT', '+0000');
  return [
    'From sender@example.com Mon Jan  1 10:00:00 2024',
    `X-Folder: ${mail.folder ?? 'inbox'}`,
    'From: Sally Beck <sally.beck@enron.com>',
    'To: louise.kitchen@enron.com',
    `Subject: ${mail.subject}`,
    `Date: ${day}`,
    `Message-ID: <${mail.key}@thyme>`,
    ...(mail.inReplyTo ? [`In-Reply-To: <${mail.inReplyTo}@thyme>`] : []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.body,
    '',
  ].join('\n');
}

describe('conversations are found whole', () => {
  let engine: Engine;

  beforeAll(async () => {
    const dataDir = await makeTempDir();
    const file = join(dataDir, 'threads.mbox');
    await writeFile(file, MAILS.map(message).join('\n'));
    engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'threads');
  });

  afterAll(async () => {
    await engine.close();
  });

  for (const sort of ['relevance', 'date'] as const) {
    it(`finds a conversation whose words are in different messages, by its best message (${sort})`, async () => {
      const result = await engine.search({ query: 'budget approval', mode: 'keyword', sort, limit: 100 });
      const plans = result.hits.filter((hit) => hit.subject.includes('Q3 offsite plans'));
      expect(plans.map((hit) => hit.messageId)).toEqual(['plans-reply@thyme']);
      expect(plans[0]).toMatchObject({ threadSize: 3, threadMatches: 1 });
      // The reply in Trash does not complete its conversation.
      expect(result.hits.some((hit) => hit.subject.includes('Trip budget'))).toBe(false);
      expect(result.total).toBe(result.hits.length);
      expect(result.total).toBe(42);
    });
  }

  it('ranks a mail holding every word above a conversation that holds them between its messages', async () => {
    const { hits } = await engine.search({ query: 'budget approval', mode: 'keyword', limit: 100 });
    const lone = hits.findIndex((hit) => hit.messageId === 'lone@thyme');
    const conversation = hits.findIndex((hit) => hit.messageId === 'plans-reply@thyme');
    expect(lone).toBeGreaterThanOrEqual(0);
    expect(conversation).toBeGreaterThan(lone);
    expect(hits[lone]!.threadMatches).toBeUndefined();
  });

  it('keeps a 30-message conversation to four of the first ten, each saying how many others match', async () => {
    const { hits } = await engine.search({ query: 'budget approval', mode: 'keyword', limit: 10 });
    const sync = hits.filter((hit) => hit.subject.includes('Weekly budget approval sync'));
    expect(sync).toHaveLength(DEFAULT_HITS_PER_THREAD);
    for (const hit of sync) expect(hit).toMatchObject({ threadSize: 30, threadMatches: 29 });
  });

  it('says nothing of matching others in a listing without words, where every message matches', async () => {
    const { hits } = await engine.search({ query: '', limit: 50 });
    const sync = hits.filter((hit) => hit.subject.includes('Weekly budget approval sync'));
    expect(sync.length).toBeGreaterThan(0);
    for (const hit of sync) expect(hit.threadSize).toBe(30);
    expect(hits.every((hit) => hit.threadMatches === undefined)).toBe(true);
  });

  it('needs every word in the conversation, and leaves one-word queries alone', async () => {
    // Three words in three messages: the one with the rarest ("rooms") stands for the conversation.
    const three = await engine.search({ query: 'budget rooms approval', mode: 'keyword', limit: 100 });
    expect(three.hits.map((hit) => [hit.messageId, hit.threadMatches])).toEqual([['plans-thanks@thyme', 2]]);
    // A term of several words is one thing: "granted" in the reply and "booking" in the next do not make "granted-booking".
    // Nothing holds every word, so keyword mode lists the messages with some of them instead, and says so.
    const someWords = 'no message has all of the words: showing messages with the most of them';
    const term = await engine.search({ query: 'budget granted-booking', mode: 'keyword', limit: 100 });
    expect(term.modeNote).toBe(someWords);
    const missing = await engine.search({ query: 'budget houston flights', mode: 'keyword', limit: 100 });
    expect(missing.modeNote).toBe(someWords);
    const single = await engine.search({ query: 'approval', mode: 'keyword', limit: 100 });
    expect(single.hits.filter((hit) => hit.subject.includes('Q3 offsite plans')).map((hit) => hit.messageId)).toEqual([
      'plans-reply@thyme',
    ]);
  });
});
