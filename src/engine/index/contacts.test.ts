// The people of the archive, counted as it grows: the same contacts and counts as counting everything at once.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { normalizeMessage } from '../import/normalize';
import type { MessageRecord } from '../store/messageRecord';
import { Catalog } from './catalog';
import { ContactDirectory, type Contact } from './contacts';

async function records(name: string, limit: number): Promise<MessageRecord[]> {
  const messages = await readCorpusMessages(name, limit);
  return Promise.all(
    messages.map(async (bytes, index) => {
      const placement = { folder: null, labels: [] };
      return (await normalizeMessage(bytes, { sourceId: 'source', sourceFile: name, offset: index, placement, defaultFolder: 'list' }))
        .record;
    }),
  );
}

describe('ContactDirectory', () => {
  it('counts the messages added since it last counted, as if it had counted them all, and leaves earlier lists as they were', async () => {
    // usrp-users rewrites From to the list address, so senders() must also keep merging shared addresses as they grow.
    const given = [...(await records('usrp-users-list.mbox.gz', 150)), ...(await records('io-uring-list.mbox.gz', 150))];
    const catalog = new Catalog();
    const growing = new ContactDirectory(catalog);
    for (const record of given.slice(0, 100)) catalog.add(record);
    const earlier = growing.all();
    const earlierCounts = earlier.map((contact) => contact.count);
    growing.senders();
    for (const record of given.slice(100)) catalog.add(record);

    const counted = new ContactDirectory(catalog);
    expect(growing.all()).toEqual(counted.all());
    expect(growing.senders()).toEqual(counted.senders());
    expect(growing.senders().some((sender) => sender.address === '' && sender.name !== '')).toBe(true);
    expect(growing.all().length).toBeGreaterThan(earlier.length);
    expect(earlier.map((contact) => contact.count)).toEqual(earlierCounts);
    // Asked again with nothing added, the same list.
    expect(growing.all()).toBe(growing.all());
  });

  it('ranks the senders counted batch by batch as counting them all at once does, and leaves earlier lists as they were', async () => {
    // io-uring first, then usrp-users, whose list address turns shared a few messages in: both ways of merging run.
    const given = [...(await records('io-uring-list.mbox.gz', 120)), ...(await records('usrp-users-list.mbox.gz', 200))];
    const catalog = new Catalog();
    const growing = new ContactDirectory(catalog);
    const handedOut: { list: Contact[]; copy: Contact[] }[] = [];
    for (let start = 0; start < given.length; start += 23) {
      for (const record of given.slice(start, start + 23)) catalog.add(record);
      const list = growing.senders();
      handedOut.push({ list, copy: list.map((sender) => ({ ...sender })) });
      expect(list).toEqual(new ContactDirectory(catalog).senders());
    }
    for (const { list, copy } of handedOut) expect(list).toEqual(copy);
    expect(growing.senders().some((sender) => sender.address === '' && sender.name !== '')).toBe(true);
    expect(growing.senders()).toBe(growing.senders());
  });

  it("tells the names of an address apart in lower case, keeps the first spelling, and keeps a shared address's senders by name", async () => {
    const from: [string, string][] = [
      ['Ann Lee', 'ann@example.org'],
      ['ANN LEE', 'ann@example.org'],
      ['Bob', 'list@example.org'],
      ['Cy', 'list@example.org'],
      ['ann lee', 'ann@example.org'],
      ['Dee', 'list@example.org'],
      ['BOB', 'list@example.org'],
      ['', 'ann@example.org'],
    ];
    const given = (await records('io-uring-list.mbox.gz', from.length)).map((record, index) => ({
      ...record,
      fromName: from[index]![0],
      fromAddress: from[index]![1],
    }));
    const expected = [
      { name: 'Ann Lee', address: 'ann@example.org', count: 4 },
      { name: 'Bob', address: '', count: 2 },
      { name: 'Cy', address: '', count: 1 },
      { name: 'Dee', address: '', count: 1 },
    ];
    const catalog = new Catalog();
    const growing = new ContactDirectory(catalog);
    for (const record of given.slice(0, 4)) catalog.add(record);
    growing.senders();
    for (const record of given.slice(4)) catalog.add(record);
    expect(growing.senders()).toEqual(expected);
    expect(new ContactDirectory(catalog).senders()).toEqual(expected);
  });
});
