// The layered autocomplete index: an update looks at the entries that changed only (the ones handed to it before are
// known by identity), and offers what an index built over the whole new source offers.
import { describe, expect, it } from 'vitest';
import { LayeredValues, type WeighedEntry } from './layeredCompletions';

describe('LayeredValues', () => {
  it('updates by the entries that changed without reading the unchanged ones, and offers what a whole build offers', () => {
    let countsRead = 0;
    const counted = <T extends object>(entry: T, count: number): T & { count: number } =>
      Object.defineProperty({ ...entry }, 'count', {
        enumerable: true,
        get: () => {
          countsRead += 1;
          return count;
        },
      }) as T & { count: number };
    const people = Array.from({ length: 500 }, (_, index) =>
      counted({ name: `Person ${index}`, address: `person${index}@example.com` }, 1 + (index % 40)),
    );
    const folders = Array.from({ length: 500 }, (_, index) => counted({ name: `Projects/Folder ${index}` }, 1 + (index % 25)));
    const labels = [counted({ name: 'Inbox' }, 30), counted({ name: 'Old label' }, 2)];
    const layered = {
      contacts: LayeredValues.whole('contacts', people),
      folders: LayeredValues.whole('folders', folders),
      labels: LayeredValues.whole('labels', labels),
    };

    // A batch: one person written to again, one new folder, a label gone (renamed) and another counted up.
    const next: Record<keyof typeof layered, WeighedEntry[]> = {
      contacts: [...people.slice(0, 7), counted({ name: 'Person 7', address: 'person7@example.com' }, 400), ...people.slice(8)],
      folders: [...folders, counted({ name: 'Projects/Fresh' }, 3)],
      labels: [counted({ name: 'Inbox' }, 31), counted({ name: 'Renamed' }, 2)],
    };
    countsRead = 0;
    const updated = {
      contacts: layered.contacts.updated(next.contacts),
      folders: layered.folders.updated(next.folders),
      labels: layered.labels.updated(next.labels),
    };
    expect(countsRead).toBeLessThan(20);
    expect(updated.contacts.recentSize + updated.folders.recentSize + updated.labels.recentSize).toBe(4);

    // Every match asked for, so no tie at the limit is cut differently (a layered index breaks ties by value).
    for (const set of ['contacts', 'folders', 'labels'] as const) {
      const whole = LayeredValues.whole(set, next[set]);
      for (const prefix of ['', 'p', 'person7', 'projects/f', 'in', 'old', 're'])
        expect(updated[set].lookup(prefix, 1_000), `${set} ${prefix}`).toEqual(whole.lookup(prefix, 1_000));
    }
    expect(updated.contacts.lookup('', 1)[0]?.value).toBe('person7@example.com');
    expect(updated.labels.lookup('old', 5)).toEqual([]);
  });

  it('ranks values two entries share as a whole build does, before and after an update', () => {
    // A list's sender kept by name, the name being another sender's address.
    const senders: WeighedEntry[] = [
      { name: 'Ann', address: 'ann@example.org', count: 9 },
      { name: 'ann@example.org', address: '', count: 2 },
      { name: 'Anna', address: 'anna@example.org', count: 5 },
    ];
    const whole = LayeredValues.whole('senders', senders);
    expect(whole.lookup('ann', 10).map((value) => value.value)).toEqual(['anna@example.org', 'ann@example.org', 'ann@example.org']);
    const next = [...senders, { name: 'Annie', address: 'annie@example.org', count: 3 }];
    expect(whole.updated(next).lookup('ann', 10)).toEqual(LayeredValues.whole('senders', next).lookup('ann', 10));
  });
});
