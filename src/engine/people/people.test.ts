// Integration: the people of a real list archive counted against an independent count of its headers, and aliases merged, split and rejoined.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { withEngine } from '../../../test/engine';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

const CORPUS_MESSAGES = 400;

/** Header fields of a raw message, unfolded, by lower-cased name (the first of each). */
function headers(raw: Buffer): Map<string, string> {
  const text = raw.toString('latin1');
  const head = text.slice(text.indexOf('\n') + 1, text.search(/\r?\n\r?\n/));
  const fields = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

/** Addresses in a header value by a plain pattern, not the engine's address parser. */
function addressesIn(value: string | undefined): string[] {
  return [
    ...new Set((value ?? '').match(/[A-Za-z0-9._%+=-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g)?.map((address) => address.toLowerCase()) ?? []),
  ];
}

describe('people of a real archive', () => {
  let engine: Engine;
  const onMessages = new Map<string, number>();
  const sentMessages = new Map<string, number>();
  /** Per Message-ID of Jens Axboe's mail, the addresses on it (copies of one mail are one search match). */
  const axboeMail = new Map<string, Set<string>>();

  beforeAll(async () => {
    const dir = await makeTempDir();
    const raw = await readCorpusMessages('io-uring-list.mbox.gz', CORPUS_MESSAGES);
    for (const message of raw) {
      const fields = headers(message);
      const from = addressesIn(fields.get('from'));
      for (const address of from) sentMessages.set(address, (sentMessages.get(address) ?? 0) + 1);
      const everyone = new Set([...from, ...addressesIn(fields.get('to')), ...addressesIn(fields.get('cc'))]);
      for (const address of everyone) onMessages.set(address, (onMessages.get(address) ?? 0) + 1);
      if (from.includes('axboe@kernel.dk')) axboeMail.set(fields.get('message-id') ?? String(axboeMail.size), everyone);
    }
    await writeFile(join(dir, 'list.mbox'), toMbox(raw));
    engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });
    const report = await engine.importPaths([join(dir, 'list.mbox')], 'people');
    expect(report.imported).toBe(CORPUS_MESSAGES);
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('counts each address on as many messages, and as the sender of as many, as the headers say', async () => {
    const list = await engine.listPeople({ limit: 1_000 });
    const addresses = list.people.flatMap((person) => person.addresses);
    const top = [...onMessages.entries()].sort((first, second) => second[1] - first[1]).slice(0, 25);
    for (const [address, count] of top) {
      expect(addresses.find((known) => known.address === address)?.messages, address).toBe(count);
    }
    for (const person of list.people.filter((known) => known.addresses.length === 1).slice(0, 25)) {
      expect(person.fromThem, person.id).toBe(sentMessages.get(person.id) ?? 0);
    }
    expect(list.owner.id).toBeNull();
    expect(list.people[0]!.id).toBe('io-uring@vger.kernel.org');
    // Its List-Id (<io-uring.vger.kernel.org>) makes the list's own address a list, and list: finds every message.
    expect(list.people[0]!.isList).toBe(true);
    expect((await engine.search({ query: 'list:io-uring.vger.kernel.org', mode: 'keyword', limit: 1 })).total).toBeGreaterThan(
      CORPUS_MESSAGES * 0.9,
    );
  });

  it('counts the people of a search over exactly its matches', async () => {
    const query = 'from:axboe@kernel.dk';
    const found = await engine.search({ query, mode: 'keyword', limit: 1 });
    const scoped = await engine.listPeople({ query, mode: 'keyword', limit: 1_000 });
    expect(scoped.query).toBe(query);
    expect(scoped.messages).toBe(found.total);
    // Search shows copies of one mail (even under two Message-IDs) as one match: the headers' count may be that much higher.
    const copies = axboeMail.size - found.total;
    expect(copies).toBeGreaterThanOrEqual(0);
    expect(copies).toBeLessThanOrEqual(2);
    const jens = scoped.people.find((person) => person.id === 'axboe@kernel.dk')!;
    expect(jens.messages).toBe(found.total);
    expect(jens.fromThem).toBe(found.total);
    for (const person of scoped.people.filter((known) => known.addresses.length === 1 && known.id !== 'axboe@kernel.dk').slice(0, 10)) {
      const inHeaders = [...axboeMail.values()].filter((everyone) => everyone.has(person.id)).length;
      expect(inHeaders - person.messages, person.id).toBeGreaterThanOrEqual(0);
      expect(inHeaders - person.messages, person.id).toBeLessThanOrEqual(copies);
      const between = await engine.search({ query: `${query} ${person.query}`, mode: 'keyword', limit: 1 });
      expect(person.messages, person.id).toBe(between.total);
    }
    // A search that matches nothing has no people; the whole archive's list is unchanged by scoped calls.
    expect((await engine.listPeople({ query: 'from:nobody@nowhere.example', mode: 'keyword' })).total).toBe(0);
    expect((await engine.listPeople({})).messages).toBe(CORPUS_MESSAGES);
  });

  it('sorts by last date and filters by name or address', async () => {
    const byLast = await engine.listPeople({ sort: 'last', limit: 50 });
    const dates = byLast.people.map((person) => person.lastDate!);
    expect(dates).toEqual([...dates].sort().reverse());
    const axboe = await engine.listPeople({ filter: 'AXBOE' });
    expect(axboe.total).toBeGreaterThan(0);
    expect(
      axboe.people.every((person) => `${person.name} ${person.addresses.map((item) => item.address)}`.toLowerCase().includes('axboe')),
    ).toBe(true);
  });

  it('details a person: months add up to their messages, their words, threads, and their query finds their mail', async () => {
    const list = await engine.listPeople({ filter: 'axboe@kernel.dk' });
    const person = list.people[0]!;
    const detail = (await engine.getPerson('AXBOE@kernel.dk'))!;
    expect(detail.person.id).toBe(person.id);
    expect(detail.months.reduce((sum, month) => sum + month.messages, 0)).toBe(person.messages);
    expect(detail.threads.length).toBeGreaterThan(0);
    expect(detail.coCorrespondents[0]!.id).toBe('io-uring@vger.kernel.org');
    expect(detail.words.length).toBeGreaterThan(0);
    expect(detail.words.map((word) => word.word)).not.toContain('the');
    // Search shows copies of one mail as one hit; the people view counts every stored message, copies included.
    const found = await engine.search({ query: person.query, mode: 'keyword', limit: 1_000 });
    expect(found.hits.length).toBe(found.total);
    expect(found.hits.reduce((sum, hit) => sum + 1 + (hit.copyMessageIds?.length ?? 0), 0)).toBe(person.messages);
    expect(await engine.getPerson('nobody@nowhere.example')).toBeNull();
  });
});

function message(index: number, from: string, to: string, subject: string, folder: string, cc = ''): Buffer {
  const day = String((index % 27) + 1).padStart(2, '0');
  return Buffer.from(
    [
      `From sender@example.com Mon Jan  8 10:00:00 2024`,
      `From: ${from}`,
      `To: ${to}`,
      ...(cc ? [`Cc: ${cc}`] : []),
      `Subject: ${subject}`,
      `Date: ${day} Mar 2024 10:00:00 +0000`,
      `Message-ID: <alias-${index}@example.com>`,
      `X-Folder: ${folder}`,
      '',
      `Message ${index} about the quarterly telescope budget.`,
      '',
    ].join('\n'),
  );
}

describe('aliases', () => {
  it('joins one person written several ways, shows why, and splits and rejoins an address on request', async () => {
    await withEngine(async (engine, dir) => {
      const me = 'Mira Owner <mira@home.example>';
      const mails = [
        message(1, me, 'Adam C. Hall <adam@work.example.com>', 'Budget', 'Sent Items'),
        message(2, me, '"Hall, Adam" <adam.hall@gmail.com>', 'Budget again', 'Sent Items'),
        message(3, 'adam.hall@gmail.com', 'mira@home.example', 'Re: Budget', 'Inbox'),
        message(4, 'Adam Hall <adam.hall@mail.gmail.com>', 'mira@home.example', 'Lunch', 'Inbox'),
        message(5, 'Adam <adam.h@other.example>', 'mira@home.example', 'Hi', 'Inbox'),
        message(6, 'Adam Hallberg <ahallberg@work.example.com>', 'mira@home.example', 'Other Adam', 'Inbox'),
        message(7, me, 'Adam Hall <adam@work.example.com>', 'Pair', 'Sent Items', 'Bea Stone <bea@work.example.com>'),
        message(8, 'Bea Stone <bea@work.example.com>', 'mira@home.example', 'From Bea', 'Inbox'),
        // A list that rewrites From: three names on one address make it a list, never merged by any of them.
        message(9, 'Carl Jones <team@lists.example>', 'mira@home.example', 'List one', 'Inbox'),
        message(10, 'Dora Smith <team@lists.example>', 'mira@home.example', 'List two', 'Inbox'),
        message(11, 'Adam Hall <team@lists.example>', 'mira@home.example', 'List three', 'Inbox'),
      ];
      await writeFile(join(dir, 'mail.mbox'), toMbox(mails));
      expect((await engine.importPaths([join(dir, 'mail.mbox')], 'aliases')).imported).toBe(mails.length);

      const list = await engine.listPeople({});
      expect(list.owner.id).toBe('mira@home.example');
      expect(list.owner.rule).toContain('3 of the 3 messages in Sent folders');
      const adam = list.people.find((person) => person.addresses.some((address) => address.address === 'adam@work.example.com'))!;
      expect(adam.addresses.map((address) => address.address).sort()).toEqual(
        ['adam.hall@gmail.com', 'adam.hall@mail.gmail.com', 'adam@work.example.com'].sort(),
      );
      expect(adam.addresses.find((address) => address.address === 'adam.hall@gmail.com')!.reason).toBe('same-name');
      expect(adam.addresses.find((address) => address.address === 'adam.hall@mail.gmail.com')!.reason).toMatch(/same-(name|local-part)/);
      expect(adam.messages).toBe(5);
      expect(adam.fromThem).toBe(2);
      expect(adam.toThem).toBe(3);
      // A one-word name and a different surname stay apart: wrong merges are worse than missed ones.
      expect(list.people.find((person) => person.id === 'adam.h@other.example')!.addresses).toHaveLength(1);
      expect(list.people.find((person) => person.id === 'ahallberg@work.example.com')!.addresses).toHaveLength(1);
      const team = list.people.find((person) => person.id === 'team@lists.example')!;
      expect(team.isList).toBe(true);
      expect(team.addresses).toHaveLength(1);

      const found = await engine.search({ query: adam.query, mode: 'keyword', limit: 20 });
      expect(found.total).toBe(5);
      const detail = (await engine.getPerson('adam.hall@gmail.com'))!;
      const bea = detail.coCorrespondents.find((other) => other.id === 'bea@work.example.com')!;
      expect(bea.messages).toBe(1);
      const between = await engine.search({ query: bea.pairQuery, mode: 'keyword', limit: 20 });
      expect(between.hits.map((hit) => hit.subject)).toEqual(['Pair']);

      expect(await engine.separateAddress('adam.hall@gmail.com', true)).toEqual(['adam.hall@gmail.com']);
      const split = await engine.listPeople({ filter: 'hall' });
      const apart = split.people.find((person) => person.id === 'adam.hall@gmail.com')!;
      expect(apart.addresses).toHaveLength(1);
      expect(apart.addresses[0]!.isSeparated).toBe(true);
      expect(split.people.find((person) => person.id === 'adam@work.example.com')!.messages).toBe(3);

      expect(await engine.separateAddress('adam.hall@gmail.com', false)).toEqual([]);
      const rejoined = await engine.listPeople({ filter: 'hall' });
      expect(rejoined.people.find((person) => person.addresses.length === 3)?.messages).toBe(5);
      await expect(engine.separateAddress('not an address', true)).rejects.toThrow(/people: "not an address" is not an address/);
    });
  });
});
