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

  it('finds people by their whole name or address and by their words, in any script, and shows only what is offered', () => {
    const index = buildCompletionIndex({
      contacts: [
        { name: 'Zoë Müller', address: 'zoe@example.org', count: 5 },
        { name: '王小明', address: 'wang@example.cn', count: 4 },
        { name: 'Søren Ærø', address: 'soren.aero@example.dk', count: 3 },
        { name: 'Straße Admin', address: 'strasse@example.de', count: 2 },
        { name: `${'Long '.repeat(60)}Tail`, address: 'long@example.org', count: 1 },
      ],
    });
    const found = (prefix: string): string[] => index.lookup('contacts', prefix, 10).map((value) => value.value);
    expect(found('mu')).toEqual(['zoe@example.org']);
    expect(found('ZOE M')).toEqual(['zoe@example.org']);
    expect(found('王')).toEqual(['wang@example.cn']);
    expect(found('小')).toEqual([]);
    expect(found('aero')).toEqual(['soren.aero@example.dk']);
    expect(found('soren.a')).toEqual(['soren.aero@example.dk']);
    expect(found('s')).toEqual(['soren.aero@example.dk', 'strasse@example.de']);
    expect(found('strasse@')).toEqual(['strasse@example.de']);
    // The domain, as `from:example` finds their mail; its last label alone is no key.
    expect(found('example')).toHaveLength(5);
    expect(found('example.d')).toEqual(['soren.aero@example.dk', 'strasse@example.de']);
    expect(found('org')).toEqual([]);
    expect(found('tai')).toEqual(['long@example.org']);
    expect(index.lookup('contacts', '', 1)).toEqual([{ value: 'zoe@example.org', label: 'Zoë Müller', detail: 'zoe@example.org' }]);
  });
});
