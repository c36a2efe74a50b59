// Autocomplete: operator names with hints, values by kind from a prefix-searched index, spans to replace, at scale.
import { describe, expect, test } from 'vitest';
import { complete, type Suggestion } from './complete';
import { buildCompletionIndex, type ContactEntry } from './completionIndex';

const NOW = Date.UTC(2024, 6, 10, 10);
const index = buildCompletionIndex({
  contacts: [
    { name: 'Zoltán Király', address: 'kiraly@example.hu', count: 40 },
    { name: 'Kira Smith', address: 'kira@example.com', count: 90 },
    { name: 'John Doe', address: 'john@example.com', count: 5 },
    { name: '', address: 'noreply@shop.example', count: 300 },
  ],
  folders: [{ name: 'Inbox', count: 900 }, { name: 'Work/Projects', count: 20 }, 'Sent Items'],
  labels: ['My label', 'Important'],
  collections: ['taxes', 'legal'],
  attachments: [
    { name: 'report Q4.pdf', count: 3 },
    { name: 'budget.xlsx', count: 9 },
  ],
  lists: ['io-uring.vger.kernel.org'],
  sources: ['takeout.mbox'],
});

function run(text: string, cursor = text.length): Suggestion[] {
  return complete(text, cursor, index, { now: NOW, timeZone: 'Europe/Budapest' });
}

const labels = (suggestions: Suggestion[]): string[] => suggestions.map((suggestion) => suggestion.label);

describe('operator names', () => {
  test('typing fro offers from: with its hint, replacing the word', () => {
    const [first] = run('budget fro');
    expect(first).toEqual({
      kind: 'operator',
      label: 'from:',
      detail: 'Sender name or address',
      insert: 'from:',
      replace: { start: 7, end: 10 },
    });
  });

  test.each([
    ['su', ['subject:']],
    ['SU', ['subject:']],
    ['lab', ['label:']],
    ['old', ['older_than:']],
    ['is', ['is:']],
    ['rfc', ['rfc822msgid:']],
    ['in', ['in:']],
    ['xyz', []],
  ])('%s offers %j', (text, expected) => expect(labels(run(text))).toEqual(expected));

  test('an empty query offers operators', () => expect(run('').length).toBeGreaterThan(0));
  test('the middle of a word completes what is before the cursor', () => expect(labels(run('fro budget', 2))).toContain('from:'));
  test('after a minus', () => expect(run('-fro')[0]).toMatchObject({ insert: 'from:', replace: { start: 1, end: 4 } }));
  test('scopes after @', () => expect(labels(run('@co'))).toEqual(['@collection:']));
  test('the scope list includes @*', () => expect(labels(run('@'))).toContain('@*'));
  test('inside a phrase nothing is offered', () => expect(run('"fro')).toEqual([]));
});

describe('values', () => {
  test('people rank by frequency and insert the address', () => {
    const suggestions = run('from:kir');
    expect(suggestions.map((suggestion) => [suggestion.label, suggestion.insert])).toEqual([
      ['Kira Smith', 'kira@example.com'],
      ['Zoltán Király', 'kiraly@example.hu'],
    ]);
    expect(suggestions[0]!.replace).toEqual({ start: 5, end: 8 });
    expect(suggestions[0]!.detail).toBe('kira@example.com');
  });

  test('from: offers people as they send; a name from a list that rewrites From is offered by name', () => {
    const withSenders = buildCompletionIndex({
      contacts: [{ name: 'Jason Matusiak', address: 'jason@gardetto.example', count: 9 }],
      senders: [
        { name: 'Jason Matusiak via USRP-users', address: '', count: 7 },
        { name: 'Jane Roe', address: 'jane@example.org', count: 2 },
      ],
    });
    const offered = (text: string) =>
      complete(text, text.length, withSenders, { now: NOW, timeZone: 'UTC' }).map((suggestion) => suggestion.insert);
    expect(offered('from:ja')).toEqual(['"Jason Matusiak via USRP-users"', 'jane@example.org']);
    expect(offered('to:ja')).toEqual(['jason@gardetto.example']);
  });

  test('people match a last name, without accents', () => expect(labels(run('to:kiraly'))).toEqual(['Zoltán Király']));
  test('people match an address local part', () => expect(labels(run('cc:norep'))).toEqual(['noreply@shop.example']));
  test("people match their address's domain, from any of its labels but the last", () => {
    expect(labels(run('to:shop'))).toEqual(['noreply@shop.example']);
    expect(labels(run('from:example.c'))).toEqual(['Kira Smith', 'John Doe']);
    // The last label alone (com, hu) is no key: it would offer nearly everyone.
    expect(labels(run('cc:co'))).toEqual([]);
  });
  test('an empty person value offers the most frequent', () => expect(labels(run('from:'))[0]).toBe('noreply@shop.example'));
  test('folders and labels for in:, quoted when they have spaces', () => {
    expect(run('in:my').map((suggestion) => suggestion.insert)).toEqual(['"My label"']);
    expect(labels(run('label:proj'))).toEqual(['Work/Projects']);
    expect(labels(run('in:'))[0]).toBe('Inbox');
  });
  test('in: offers anywhere, which takes in Trash and Spam', () => {
    expect(run('in:any')).toEqual([
      expect.objectContaining({ label: 'anywhere', insert: 'anywhere', detail: 'Every folder, Trash and Spam too' }),
    ]);
  });
  test('a quoted value is replaced whole', () => {
    const [suggestion] = run('in:"sent it"', 9);
    expect(suggestion).toMatchObject({ insert: '"Sent Items"', replace: { start: 3, end: 12 } });
  });
  test('has: and is: offer their fixed values', () => {
    expect(labels(run('has:p'))).toEqual(['pdf', 'presentation']);
    expect(labels(run('is:'))).toEqual(['unread', 'read', 'starred', 'important']);
  });
  test('dates offer words and years', () => {
    expect(labels(run('after:ye'))).toEqual(['yesterday']);
    expect(run('before:la').map((suggestion) => suggestion.insert)).toEqual(['"last week"', '"last month"', '"last year"']);
    expect(labels(run('after:20'))).toEqual(['2024-', '2023-', '2022-']);
    expect(labels(run('after:2024-')).slice(0, 2)).toEqual(['2024-01', '2024-02']);
    expect(labels(run('date:'))).toContain('last week');
  });
  test('sizes and durations', () => {
    expect(labels(run('larger:5'))).toEqual(['500k', '5M']);
    expect(labels(run('newer_than:'))).toContain('7d');
  });
  test('filename: offers attachment names', () => expect(labels(run('filename:bud'))).toEqual(['budget.xlsx']));
  test('category: offers Gmail tabs', () => expect(labels(run('category:pro'))).toEqual(['promotions']));
  test('list: and source:', () => {
    expect(labels(run('list:io'))).toEqual(['io-uring.vger.kernel.org']);
    expect(labels(run('source:take'))).toEqual(['takeout.mbox']);
  });
  test('subject: and thread: offer nothing', () => {
    expect(run('subject:x')).toEqual([]);
    expect(run('thread:')).toEqual([]);
  });
  test('the operator part of from:x completes operator names', () =>
    expect(run('fro:x', 2)[0]).toMatchObject({ insert: 'from:', replace: { start: 0, end: 4 } }));
  test('scope values complete the comma-separated value under the cursor', () => {
    expect(run('@collection:taxes,le')[0]).toMatchObject({ insert: 'legal', replace: { start: 18, end: 20 } });
    expect(labels(run('@folder:in'))).toEqual(['Inbox']);
    expect(labels(run('@label:imp'))).toEqual(['Important']);
  });
  test('unknown operators and no index give nothing', () => {
    expect(run('custom:x')).toEqual([]);
    expect(complete('from:kir', 8)).toEqual([]);
  });
  test('an out-of-range cursor is clamped', () => expect(labels(complete('fro', 99))).toEqual(['from:']));
});

describe('scale', () => {
  // How quick a lookup is, is the bench's to say (autocomplete p50 / p95 in bench/results.md), not a timed test's.
  test('100,000 contacts: every kind of prefix is answered, and a full address finds its one contact', () => {
    const contacts: ContactEntry[] = Array.from({ length: 100_000 }, (_, number) => ({
      name: `Person ${number.toString(36)} Example`,
      address: `person${number}@host${number % 50}.example`,
      count: number % 997,
    }));
    const big = buildCompletionIndex({ contacts });
    for (const prefix of ['pe', 'person1', 'person12', 'e', 'x', 'p'])
      expect(complete(`from:${prefix}`, 5 + prefix.length, big).length).toBeGreaterThan(0);
    expect(complete('from:person99999', 16, big)[0]?.insert).toBe('person99999@host49.example');
  });
});
