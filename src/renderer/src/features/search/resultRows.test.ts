import { describe, expect, test } from 'vitest';
import type { SearchHit } from '../../../../shared/model/search';
import { resultRows, rowSenders } from './resultRows';

function hit(id: string, threadId: string, sender: string): SearchHit {
  return {
    id,
    messageId: `<${id}@example.org>`,
    threadId,
    from: { name: sender, address: `${sender.toLowerCase()}@example.org` },
    to: [],
    cc: [],
    subject: `subject ${id}`,
    date: '2024-01-01T00:00:00.000Z',
    folder: 'Inbox',
    labels: [],
    hasAttachments: false,
    attachments: [],
    snippet: '',
    score: 1,
    highlights: [],
    matchType: 'keyword',
    matchedIn: 'body',
    threadSize: 3,
  };
}

const hits = [hit('1', 'a', 'Anna'), hit('2', 'b', 'Bob'), hit('3', 'a', 'Carl'), hit('4', 'c', 'Dora'), hit('5', 'a', 'Anna')];

describe('result rows', () => {
  test('ungrouped: one row per hit, in order', () => {
    expect(resultRows(hits, false).map((row) => row.hit.id)).toEqual(['1', '2', '3', '4', '5']);
  });

  test('grouped: one row per thread where its first hit is, holding the thread’s hits in order', () => {
    const rows = resultRows(hits, true);
    expect(rows.map((row) => row.hit.id)).toEqual(['1', '2', '4']);
    expect(rows[0]!.hits.map((member) => member.id)).toEqual(['1', '3', '5']);
  });

  test('a later page only adds to rows below: the rows already shown keep their places', () => {
    const firstPage = resultRows(hits.slice(0, 3), true).map((row) => row.hit.id);
    const bothPages = resultRows(hits, true).map((row) => row.hit.id);
    expect(bothPages.slice(0, firstPage.length)).toEqual(firstPage);
  });

  test('senders are named once each, in order, with a count of the rest', () => {
    const [thread] = resultRows(hits, true);
    expect(rowSenders(thread!)).toEqual({ names: ['Anna', 'Carl'], more: 0 });
    expect(rowSenders(thread!, 1)).toEqual({ names: ['Anna'], more: 1 });
  });
});
