// The sender-and-subject groups that copies are found in: extended batch by batch as an import adds mail, they are
// the groups built at once over the whole catalog, and a batch costs only its own messages. Real mail, real catalog.
import { describe, expect, it } from 'vitest';
import { corpusRecords } from '../../../test/corpusRecords';
import type { MessageRecord } from '../store/messageRecord';
import { Catalog } from '../index/catalog';
import { SenderSubjectGroups } from './copyGroups';

const HOUR_MS = 60 * 60 * 1000;

/**
 * usrp-users messages (replies share the list's From address and a subject), with a copy of every ninth filed again
 * three hours later, and every seventh without its text (a catalog read from an old snapshot hashes bodies lazily).
 */
async function records(limit: number): Promise<MessageRecord[]> {
  const given = await corpusRecords('usrp-users-list.mbox.gz', limit);
  const withCopies = given.flatMap((record, index) =>
    index % 9 === 0 ? [record, { ...record, id: `${record.id}-copy`, folder: 'copies', date: record.date + 3 * HOUR_MS }] : [record],
  );
  return withCopies.map((record, index) => {
    if (index % 7 !== 0) return record;
    const { text: _text, ...withoutText } = record;
    return withoutText as MessageRecord;
  });
}

/** A catalog that counts the senders read: keying a message reads its sender once. */
class CountingCatalog extends Catalog {
  sendersRead = 0;
  override sender(ordinal: number): ReturnType<Catalog['sender']> {
    this.sendersRead += 1;
    return super.sender(ordinal);
  }
}

describe('sender-and-subject groups', () => {
  it('extended batch by batch equal the groups built at once, and a batch keys only its own messages', async () => {
    const given = await records(400);
    const catalog = new CountingCatalog();
    const extended = new SenderSubjectGroups();
    for (let start = 0; start < given.length; start += 37) {
      for (const record of given.slice(start, start + 37)) catalog.add(record);
      const before = catalog.sendersRead;
      extended.extend(catalog);
      const added = catalog.size - start;
      // Each new message keyed once, and the first of its group once more to confirm the key: never the archive.
      expect(catalog.sendersRead - before).toBeLessThanOrEqual(2 * added);
    }
    const whole = new SenderSubjectGroups();
    whole.extend(catalog);
    expect(extended.size).toBe(catalog.size);
    expect([...extended.groupOf.subarray(0, catalog.size)]).toEqual([...whole.groupOf.subarray(0, catalog.size)]);
    expect([...extended.mayBeCopy.subarray(0, catalog.size)]).toEqual([...whole.mayBeCopy.subarray(0, catalog.size)]);
    // The groups hold something to compare: replies grouped, copies marked, unhashed groups marked whole.
    const grouped = [...whole.groupOf.subarray(0, catalog.size)].filter((group) => group >= 0).length;
    const marked = [...whole.mayBeCopy.subarray(0, catalog.size)].filter((mark) => mark === 1).length;
    expect(grouped).toBeGreaterThan(50);
    expect(marked).toBeGreaterThan(40);
    expect(marked).toBeLessThan(grouped);
  });

  it('read each distinct sender once, however many messages it sent', async () => {
    const given = await records(400);
    const catalog = new CountingCatalog();
    for (const record of given) catalog.add(record);
    const groups = new SenderSubjectGroups();
    groups.extend(catalog);
    const senders = new Set(given.map((record) => record.fromAddress)).size;
    // Keying each message by its strings read a sender per message and per group's first: 720 reads here.
    expect(catalog.sendersRead).toBeLessThanOrEqual(senders);
    expect(senders).toBeLessThan(catalog.size / 2);
  });

  it('grouped in turns while messages are added and a search extends them meanwhile, equal the groups built at once', async () => {
    const given = await records(400);
    const catalog = new Catalog();
    for (const record of given.slice(0, 300)) catalog.add(record);
    const inTurns = new SenderSubjectGroups();
    // Turns of no time: the thread is given up after every message.
    const grouping = inTurns.extendInTurns(catalog, 0);
    // Between turns: a batch is added, a search extends the groups, another batch is added.
    await new Promise((resolve) => setImmediate(resolve));
    for (const record of given.slice(300, 350)) catalog.add(record);
    inTurns.extend(catalog);
    for (const record of given.slice(350)) catalog.add(record);
    await grouping;
    const whole = new SenderSubjectGroups();
    whole.extend(catalog);
    expect(inTurns.size).toBe(catalog.size);
    expect([...inTurns.groupOf.subarray(0, catalog.size)]).toEqual([...whole.groupOf.subarray(0, catalog.size)]);
    expect([...inTurns.mayBeCopy.subarray(0, catalog.size)]).toEqual([...whole.mayBeCopy.subarray(0, catalog.size)]);
  });
});
