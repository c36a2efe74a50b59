// The alias rule's name and address keys, and its refusals: wrong merges are worse than missed ones.
import { describe, expect, it } from 'vitest';
import { aliasLinks, localNameKey, nameKey, type AliasCandidate } from './aliasRule';

const candidate = (address: string, name: string, extra: Partial<AliasCandidate> = {}): AliasCandidate => ({
  address,
  name,
  isList: false,
  isSeparated: false,
  ...extra,
});

describe('alias rule', () => {
  it.each([
    ['Adam C. Hall', 'adam hall'],
    ['Hall, Adam', 'adam hall'],
    ['ADAM HALL', 'adam hall'],
    ['Ádám Háll (ACME)', 'adam hall'],
    ['Adam', null],
    ['adam.hall@example.com', null],
    ['Jason via USRP-users', null],
    ['Support Team', null],
    ['Smith, Jones, and Co', null],
  ])('reads the name %j as %j', (name, key) => {
    expect(nameKey(name)).toBe(key);
  });

  it.each([
    ['adam.hall@example.com', 'adam hall'],
    ['adam_hall@example.com', 'adam hall'],
    ['ahall@example.com', null],
    ['adam.h@example.com', null],
    ['info@example.com', null],
    ['j.smith2@example.com', null],
  ])('reads the local part of %s as %j', (address, key) => {
    expect(localNameKey(address)).toBe(key);
  });

  it('links same names, a local part at a subdomain, and an address that spells a name', () => {
    const links = aliasLinks([
      candidate('adam@work.example', 'Adam C. Hall'),
      candidate('hall@home.example', 'Hall, Adam'),
      candidate('adam.hall@mail.example.org', ''),
      candidate('adam.hall@example.org', 'adam.hall@example.org'),
    ]);
    expect(links).toEqual(
      expect.arrayContaining([
        { from: 1, to: 0, reason: 'same-name' },
        { from: 3, to: 2, reason: 'same-local-part' },
        { from: 2, to: 0, reason: 'name-in-address' },
      ]),
    );
  });

  it('never links lists, separated addresses, unrelated domains or an address written under another name', () => {
    expect(
      aliasLinks([
        candidate('adam@work.example', 'Adam Hall'),
        candidate('list@lists.example', 'Adam Hall', { isList: true }),
        candidate('adam@home.example', 'Adam Hall', { isSeparated: true }),
        candidate('adam.hall@gmail.com', 'Adam Hallberg'),
        candidate('adam.hall@yahoo.com', ''),
      ]),
    ).toEqual([{ from: 4, to: 0, reason: 'name-in-address' }]);
  });
});
