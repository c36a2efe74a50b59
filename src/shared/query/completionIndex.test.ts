// Prefix look-ups over many people: a prefix thousands of keys share gives the same heaviest entries as one pass over
// every entry would.
import { describe, expect, it } from 'vitest';
import { buildCompletionIndex, type ContactEntry } from './completionIndex';

describe('buildCompletionIndex', () => {
  it('offers the heaviest people a common prefix matches, ties in the order given', () => {
    const contacts: ContactEntry[] = Array.from({ length: 6000 }, (_, number) => ({
      name: `${number % 2 === 0 ? 'Alice' : 'Bob'} ${number}`,
      address: `${number % 3 === 0 ? 'al' : 'zed'}${number}@example.org`,
      count: (number * 7919) % 101,
    }));
    const index = buildCompletionIndex({ contacts });
    // Every Alice (by name) and every third person (by address) begins with "al": thousands of keys.
    const matching = contacts
      .map((contact, order) => ({ contact, order }))
      .filter(({ contact }) => contact.name.startsWith('Alice') || contact.address.startsWith('al'))
      .sort((first, second) => second.contact.count - first.contact.count || first.order - second.order);
    for (const limit of [1, 8, 40]) {
      const expected = matching.slice(0, limit).map(({ contact }) => contact.address);
      expect(index.lookup('contacts', 'al', limit).map((value) => value.value)).toEqual(expected);
    }
  });
});
