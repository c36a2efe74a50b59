// Autocomplete values kept as the archive grows: counted batch by batch, equal to a whole recount, updated with what changed.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { normalizeMessage } from '../import/normalize';
import type { MessageRecord } from '../store/messageRecord';
import { Catalog } from './catalog';
import type { CompletionIndex } from '../../shared/query/completionIndex';
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
      everySet(stepped);
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

  it("counts a snapshot's catalog by distinct value, attachment names included, as it counts message by message", async () => {
    const given = await records(300);
    const catalog = new Catalog();
    for (const record of given) catalog.add(record);
    catalog.setLabels(5, ['Renamed later']);
    const read = Catalog.fromParts(catalog.parts());
    const expected = everySet(new Completions(catalog, new ContactDirectory(catalog)));
    expect(everySet(new Completions(read, new ContactDirectory(read)))).toEqual(expected);
    expect(new Completions(read, new ContactDirectory(read)).current().lookup('attachments', '', 5).length).toBeGreaterThan(0);
  });

  it('offers the last values while an update would come sooner than ten times the last update took', async () => {
    const given = await records(90);
    const catalog = new Catalog();
    let clock = 0;
    // Every reading of this clock moves it on: each build seems to take 50.
    const completions = new Completions(catalog, new ContactDirectory(catalog), () => (clock += 50));
    for (const record of given.slice(0, 30)) catalog.add(record);
    const whole = completions.values('folders');
    for (const record of given.slice(30, 60)) catalog.add(record);
    // A whole build spaces nothing: the next update comes at once.
    const updated = completions.values('folders');
    expect(updated).not.toBe(whole);
    for (const record of given.slice(60)) catalog.add(record);
    expect(completions.values('folders')).toBe(updated);
    // Each set is spaced by its own updates: one indexed for the first time now sees every message.
    expect(
      completions
        .values('labels')
        .lookup('', 20)
        .map((value) => value.detail),
    ).toContain('30');
    clock += 1_000;
    const again = completions.values('folders');
    expect(again).not.toBe(updated);
    expect(again.lookup('', 10).length).toBe(4);
  });

  it("offers a batch's values as soon as the catalog has them, indexing only the values that changed", async () => {
    const given = await records(200);
    const catalog = new Catalog();
    const completions = new Completions(catalog, new ContactDirectory(catalog), () => 0);
    for (const record of given.slice(0, 150)) catalog.add(record);
    const before = completions.values('folders');
    const folderCount = (index: CompletionIndex, name: string): string | undefined =>
      index.lookup('folders', name, 5).find((value) => value.value === name)?.detail;
    const countBefore = folderCount(completions.current(), 'Projects/Batch 1');
    for (const set of ['contacts', 'senders'] as const) completions.values(set);

    const added = given.slice(150).map((record) => ({ ...record, folder: 'Fresh batch' }));
    for (const record of added) catalog.add(record);
    const after = completions.current();
    expect(after.lookup('folders', 'fresh', 5).map((value) => [value.value, value.detail])).toEqual([['Fresh batch', '50']]);
    // The whole index was not built again: only the values the batch changed were indexed, and old counts stand.
    const folders = completions.values('folders');
    expect(folders.baseSize).toBe(before.baseSize);
    expect(folders.recentSize).toBe(1);
    const people = completions.values('contacts');
    expect(people.recentSize).toBeGreaterThan(0);
    expect(people.recentSize).toBeLessThan(people.baseSize / 2);
    expect(folderCount(after, 'Projects/Batch 1')).toBe(countBefore);
    // A person the batch wrote to again is offered once, with the new count ranking them (every match asked for, so no
    // tie at the limit is cut differently).
    const whole = new Catalog();
    for (const record of [...given.slice(0, 150), ...added]) whole.add(record);
    const expected = new Completions(whole, new ContactDirectory(whole)).current();
    for (const set of ['contacts', 'senders', 'folders'] as const)
      for (const prefix of ['', 'a', 'j', 'm', 'usrp'])
        expect(after.lookup(set, prefix, 1_000), `${set} ${prefix}`).toEqual(expected.lookup(set, prefix, 1_000));
  });
});
