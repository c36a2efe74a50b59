// The layered autocomplete index: an update looks at the entries that changed only (the ones handed to it before are
// known by identity), and offers what an index built over the whole new source offers.
import { describe, expect, it } from 'vitest';
import { LayeredCompletions, type WeighedSet, type WeighedSource } from './layeredCompletions';

const SETS: readonly WeighedSet[] = ['contacts', 'senders', 'folders', 'labels', 'collections', 'attachments', 'lists', 'categories'];

describe('LayeredCompletions', () => {
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
    const source: WeighedSource = {
      contacts: people,
      senders: people.slice(0, 200),
      folders,
      labels: [counted({ name: 'Inbox' }, 30), counted({ name: 'Old label' }, 2)],
      collections: [],
      attachments: [],
      lists: [],
      categories: [],
    };
    const layered = LayeredCompletions.whole(source);

    // A batch: one person written to again, one new folder, a label gone (renamed) and another counted up.
    const next: WeighedSource = {
      ...source,
      contacts: [...people.slice(0, 7), counted({ name: 'Person 7', address: 'person7@example.com' }, 400), ...people.slice(8)],
      folders: [...folders, counted({ name: 'Projects/Fresh' }, 3)],
      labels: [counted({ name: 'Inbox' }, 31), counted({ name: 'Renamed' }, 2)],
    };
    countsRead = 0;
    const updated = layered.updated(next);
    expect(countsRead).toBeLessThan(20);
    expect(updated.recentSize).toBe(4);

    // Every match asked for, so no tie at the limit is cut differently (a layered index breaks ties by value).
    const whole = LayeredCompletions.whole(next);
    for (const set of SETS)
      for (const prefix of ['', 'p', 'person7', 'projects/f', 'in', 'old', 're'])
        expect(updated.lookup(set, prefix, 1_000), `${set} ${prefix}`).toEqual(whole.lookup(set, prefix, 1_000));
    expect(updated.lookup('contacts', '', 1)[0]?.value).toBe('person7@example.com');
    expect(updated.lookup('labels', 'old', 5)).toEqual([]);
  });
});
