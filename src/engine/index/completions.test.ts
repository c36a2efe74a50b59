// Autocomplete values kept as the archive grows: counted batch by batch, equal to a whole recount, rebuilt sparingly.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { normalizeMessage } from '../import/normalize';
import type { MessageRecord } from '../store/messageRecord';
import { Catalog } from './catalog';
import { Completions } from './completions';
import { ContactDirectory } from './contacts';

async function records(limit: number): Promise<MessageRecord[]> {
  const messages = await readCorpusMessages('usrp-users-list.mbox.gz', limit);
  return Promise.all(
    messages.map(async (bytes, index) => {
      const placement = {
        folder: `Projects/Batch ${index % 4}`,
        labels: index % 3 === 0 ? ['Inbox', `Category updates`] : [`Tag ${index % 5}`],
      };
      const { record } = await normalizeMessage(bytes, {
        sourceId: 'source',
        sourceFile: 'usrp',
        offset: index,
        placement,
        defaultFolder: 'list',
      });
      return record;
    }),
  );
}

function everySet(completions: Completions): unknown {
  const index = completions.current();
  return (['folders', 'labels', 'collections', 'attachments', 'lists', 'categories', 'contacts', 'senders'] as const).map((set) =>
    index.lookup(set, '', 1_000),
  );
}

describe('completions', () => {
  it('counted batch by batch give the same values as counting the whole archive at once', async () => {
    const given = await records(300);
    const growing = new Catalog();
    const completions = new Completions(growing, new ContactDirectory(growing), () => 0);
    let clock = 0;
    const stepped = new Completions(growing, new ContactDirectory(growing), () => clock);
    for (let start = 0; start < given.length; start += 70) {
      for (const record of given.slice(start, start + 70)) growing.add(record);
      stepped.current();
      clock += 1_000;
    }
    growing.setLabels(5, ['Renamed later']);

    const whole = new Catalog();
    for (const record of given) whole.add(record);
    whole.setLabels(5, ['Renamed later']);
    const expected = everySet(new Completions(whole, new ContactDirectory(whole)));

    expect(everySet(stepped)).toEqual(expected);
    expect(everySet(completions)).toEqual(expected);
    expect(
      completions
        .current()
        .lookup('labels', 'renamed', 5)
        .map((value) => value.label),
    ).toEqual(['Renamed later']);
  });

  it('offers the last values while a rebuild would come sooner than ten times the last one took', async () => {
    const given = await records(60);
    const catalog = new Catalog();
    let clock = 0;
    const completions = new Completions(catalog, new ContactDirectory(catalog), () => clock);
    for (const record of given.slice(0, 30)) catalog.add(record);
    clock = 100;
    const first = completions.current();
    for (const record of given.slice(30)) catalog.add(record);
    // The first build took no time on this clock, so the very next call rebuilds.
    expect(completions.current()).not.toBe(first);

    const slowCatalog = new Catalog();
    let slowClock = 0;
    const slow = new Completions(slowCatalog, new ContactDirectory(slowCatalog), () => (slowClock += 50));
    for (const record of given.slice(0, 30)) slowCatalog.add(record);
    const built = slow.current();
    for (const record of given.slice(30)) slowCatalog.add(record);
    expect(slow.current()).toBe(built);
    slowClock += 1_000;
    const rebuilt = slow.current();
    expect(rebuilt).not.toBe(built);
    expect(rebuilt.lookup('folders', '', 10).length).toBe(4);
  });
});
