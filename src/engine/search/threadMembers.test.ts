// The catalog's messages by conversation: the same members, in load order, and sizes as counting them one by one,
// however the catalog grew; the grouping a search made is found while the catalog is as it was then.
import { describe, expect, it } from 'vitest';
import { Catalog } from '../index/catalog';
import { numberedRecord } from '../../../test/plainRecords';
import { madeThreadMembers, threadMembers } from './threadMembers';

/** A third of the messages alone in their conversation, the others in a thousand conversations. */
function addMessages(catalog: Catalog, from: number, count: number): void {
  for (let index = from; index < from + count; index += 1)
    catalog.add({ ...numberedRecord(index), threadId: index % 3 === 0 ? `lone-${index}` : `thread-${index % 1000}` });
}

/** Each conversation's members as one by one: by the catalog's thread number of each message, in load order. */
function countedOneByOne(catalog: Catalog): Map<number, number[]> {
  const members = new Map<number, number[]>();
  for (let ordinal = 0; ordinal < catalog.size; ordinal += 1) {
    const thread = catalog.threadNumber(ordinal);
    members.set(thread, [...(members.get(thread) ?? []), ordinal]);
  }
  return members;
}

function expectSameGrouping(catalog: Catalog): void {
  const grouping = threadMembers(catalog);
  const expected = countedOneByOne(catalog);
  expect(grouping.threads).toBeGreaterThan(Math.max(...expected.keys()));
  for (let ordinal = 0; ordinal < catalog.size; ordinal += 1) expect(grouping.threadOf[ordinal]).toBe(catalog.threadNumber(ordinal));
  for (const [thread, members] of expected) {
    expect(Array.from(grouping.membersOf(thread))).toEqual(members);
    expect(grouping.isLone(thread)).toBe(members.length === 1);
    expect(grouping.sizeOf(thread)).toBe(members.length);
  }
  for (let ordinal = 0; ordinal < catalog.size; ordinal += 1)
    expect(grouping.sizeOf(grouping.threadOf[ordinal]!)).toBe(catalog.threadSize(ordinal));
}

describe('threadMembers', () => {
  it('groups a small catalog, and one grown past the bound at which the grouping is made whole again', () => {
    const catalog = new Catalog();
    addMessages(catalog, 0, 50);
    expect(madeThreadMembers(catalog)).toBeNull();
    expectSameGrouping(catalog);
    addMessages(catalog, 50, 6000);
    expectSameGrouping(catalog);
  });

  it('extends a whole grouping by the messages added since, to old conversations and new ones, then makes it whole again', () => {
    const catalog = new Catalog();
    addMessages(catalog, 0, 9000);
    const grouping = threadMembers(catalog);
    expectSameGrouping(catalog);
    expect(madeThreadMembers(catalog)).toBe(grouping);
    addMessages(catalog, 9000, 200);
    // Made before the catalog grew: not the catalog as it is until a search extends it.
    expect(madeThreadMembers(catalog)).toBeNull();
    expect(threadMembers(catalog)).toBe(grouping);
    expect(madeThreadMembers(catalog)).toBe(grouping);
    expectSameGrouping(catalog);
    addMessages(catalog, 9200, 5000);
    expectSameGrouping(catalog);
  });
});
