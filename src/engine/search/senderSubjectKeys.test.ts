// Copies' sender-and-subject keys as numbers: equal exactly when the evened-out strings are (address in any case,
// subject with its spaces evened out), on a catalog built by adding and on one read from its snapshot's parts.
import { describe, expect, it } from 'vitest';
import { corpusRecords } from '../../../test/corpusRecords';
import type { MessageRecord } from '../store/messageRecord';
import { Catalog } from '../index/catalog';
import { SenderSubjectKeys } from './senderSubjectKeys';

/** The key as copies were keyed by strings: the sender's address lower-cased, the subject's spaces evened out. */
function stringKey(catalog: Catalog, ordinal: number): string {
  return `${catalog.sender(ordinal).address.toLowerCase()}\n${catalog.subject(ordinal).replace(/\s+/g, ' ').trim()}`;
}

/** usrp-users mail, with every fifth message again under its address upper-cased and its subject's spaces doubled. */
async function records(limit: number): Promise<MessageRecord[]> {
  const given = await corpusRecords('usrp-users-list.mbox.gz', limit);
  return given.flatMap((record, index) =>
    index % 5 === 0
      ? [
          record,
          {
            ...record,
            id: `${record.id}-again`,
            fromAddress: record.fromAddress.toUpperCase(),
            subject: ` ${record.subject.replace(/ /g, '  ')}\t`,
          },
        ]
      : [record],
  );
}

function expectKeysLikeStrings(catalog: Catalog): void {
  const keys = new SenderSubjectKeys(catalog);
  const numbers = Array.from({ length: catalog.size }, (_, ordinal) => keys.key(ordinal));
  const strings = Array.from({ length: catalog.size }, (_, ordinal) => stringKey(catalog, ordinal));
  let equalPairs = 0;
  for (let first = 0; first < catalog.size; first += 1)
    for (let second = first + 1; second < catalog.size; second += 1) {
      const same = strings[first] === strings[second];
      if (same) equalPairs += 1;
      expect(numbers[first] === numbers[second], `${first} and ${second}`).toBe(same);
    }
  // Something to compare: the list's replies and the variants share keys.
  expect(equalPairs).toBeGreaterThan(100);
  // Asked again, in another order, a key is what it was.
  for (let ordinal = catalog.size - 1; ordinal >= 0; ordinal -= 1) expect(keys.key(ordinal)).toBe(numbers[ordinal]);
}

describe('sender-and-subject keys', () => {
  it('are equal exactly when the evened-out address and subject are, added and read from a snapshot', async () => {
    const given = await records(300);
    const catalog = new Catalog();
    for (const record of given) catalog.add(record);
    expectKeysLikeStrings(catalog);
    expectKeysLikeStrings(Catalog.fromParts(catalog.parts()));
  });

  it('stay right while the catalog grows', async () => {
    const given = await records(200);
    const catalog = new Catalog();
    const keys = new SenderSubjectKeys(catalog);
    const numbers: number[] = [];
    for (const record of given) {
      numbers.push(keys.key(catalog.add(record)));
    }
    const whole = new SenderSubjectKeys(catalog);
    for (let first = 0; first < catalog.size; first += 1)
      for (let second = first + 1; second < catalog.size; second += 1)
        expect(numbers[first] === numbers[second]).toBe(whole.key(first) === whole.key(second));
  });
});
