// Once worked out, each message's place in newest-first order compares two messages as their dates and ids do.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../index/catalog';
import type { CatalogRow } from '../store/messageRecord';
import { compareByDate, dateOrdered, datePositions } from './datePositions';
import { firstMatches, firstMatchesByDate, ordinalsByDate, reversed } from './rank';

function row(id: string, date: number): CatalogRow {
  return {
    ...{ id, messageId: `${id}@x`, threadId: id, subject: id, date, fromName: '', fromAddress: '', toJson: '[]' },
    ...{ ccJson: '[]', bccJson: '[]', folder: 'Inbox', labelsJson: '[]', attachmentsJson: '[]', attachmentCount: 0 },
    ...{ parentId: '', size: 1, listId: '', isRead: true, isStarred: false, sourceId: 's' },
  };
}

const sign = (value: number): number => Math.sign(value);

describe('date positions', () => {
  it('order every pair as their dates, then ids, do, once the catalog has been asked for its order a few times', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 80 }), (dates) => {
        const catalog = new Catalog();
        // Ids out of ordinal order, so ties on dates are decided by something other than the ordinals.
        dates.forEach((date, index) => catalog.add(row(`m${(index * 7919) % 1000}-${index}`, date)));
        let positions: Int32Array | null = null;
        for (let asked = 0; asked < 20 && positions === null; asked += 1) positions = datePositions(catalog);
        expect(positions).not.toBeNull();
        const order = ordinalsByDate(catalog);
        for (let first = 0; first < dates.length; first += 1)
          for (let second = 0; second < dates.length; second += 1)
            expect(sign(order(first, second))).toBe(sign(compareByDate(catalog, first, second)));
      }),
    );
  });

  it('are worked out again for a catalog that grew, and not while it keeps growing', () => {
    const catalog = new Catalog();
    for (let index = 0; index < 5; index += 1) catalog.add(row(`m${index}`, index));
    while (datePositions(catalog) === null);
    catalog.add(row('m5', 2));
    expect(datePositions(catalog)).toBeNull();
    catalog.add(row('m6', 9));
    expect(datePositions(catalog)).toBeNull();
    let positions: Int32Array | null = null;
    for (let asked = 0; asked < 20 && positions === null; asked += 1) positions = datePositions(catalog);
    // Newest first: m6, m4, m3, then m2 and m5 (same date, by id), m1, m0.
    expect([...positions!]).toEqual([6, 5, 3, 2, 1, 4, 0]);
  });

  it('worked out again for a grown catalog, merge the new messages into the order instead of sorting every message', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 30 }), { minLength: 1, maxLength: 6 }), (batches) => {
        const catalog = new Catalog();
        let index = 0;
        for (const batch of batches) {
          for (const date of batch) catalog.add(row(`m${(index * 7919) % 1000}-${index++}`, date));
          let positions: Int32Array | null = null;
          for (let asked = 0; asked < 20 && positions === null; asked += 1) positions = datePositions(catalog);
          const sorted = Array.from({ length: catalog.size }, (_, ordinal) => ordinal).sort((a, b) => compareByDate(catalog, a, b));
          expect([...(dateOrdered(catalog) ?? [])]).toEqual(sorted);
          sorted.forEach((ordinal, place) => expect(positions![ordinal]).toBe(place));
        }
      }),
    );
    // Ties on dates are decided by ids: count the ids read to work out the places of a grown catalog.
    const counting = new (class extends Catalog {
      idsRead = 0;
      override id(ordinal: number): string {
        this.idsRead += 1;
        return super.id(ordinal);
      }
    })();
    for (let ordinal = 0; ordinal < 4000; ordinal += 1) counting.add(row(`m${(ordinal * 7919) % 4000}`, ordinal % 4));
    while (datePositions(counting) === null);
    for (let ordinal = 4000; ordinal < 4010; ordinal += 1) counting.add(row(`m${ordinal}`, ordinal % 4));
    counting.idsRead = 0;
    while (datePositions(counting) === null);
    // Sorting all 4,010 again read 68,300 ids.
    expect(counting.idsRead).toBeLessThan(4 * counting.size);
  });
});

describe('firstMatchesByDate', () => {
  it('gives what firstMatches by date gives, newest or oldest first, before and after the places are worked out', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ date: fc.integer({ min: 0, max: 5 }), isMatch: fc.boolean() }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 70 }),
        (items, count) => {
          const catalog = new Catalog();
          items.forEach((item, index) => catalog.add(row(`m${(index * 7919) % 1000}-${index}`, item.date)));
          const matches = Uint8Array.from(items, (item) => (item.isMatch ? 1 : 0));
          for (let asked = 0; asked < 12; asked += 1)
            for (const isOldestFirst of [false, true]) {
              const order = isOldestFirst ? reversed(ordinalsByDate(catalog)) : ordinalsByDate(catalog);
              expect(firstMatchesByDate(matches, catalog, isOldestFirst, count)).toEqual(firstMatches(matches, order, count));
            }
        },
      ),
    );
  });
});
