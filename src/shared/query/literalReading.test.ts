// Words that a subject uses as often as a request stay words unless the query reads as a request; the other reading is
// offered as query text (issue 26's pasted subjects, and the requests that must still be read).
import { describe, expect, test } from 'vitest';
import { parseQuery } from './parse';
import { queryText } from './queryText';

const NOW = Date.UTC(2024, 6, 10, 10, 0, 0);
const ZONE = 'Europe/Budapest';

function parse(query: string) {
  return parseQuery(query, { now: NOW, timeZone: ZONE, contacts: [{ name: 'Anna Kovacs', address: 'anna@example.hu' }] });
}

describe('pasted subjects keep their words', () => {
  test.each([
    ['Enron conference call - rescheduled for 5pm CST today', 'Enron conference call rescheduled for 5pm CST today'],
    ['Timesheets Due on Friday', 'Timesheets Due on Friday'],
    ['PIRA presentations on the US and world economy', 'PIRA presentations on the US and world economy'],
    ['Newsletter January 2023 edition', 'Newsletter January 2023 edition'],
  ])('%s', (query, words) => {
    const parsed = parse(query);
    expect(queryText(parsed.root, ZONE)).toBe(words);
    expect(parsed.understood).toBeUndefined();
    expect(parsed.alternative?.reads).toBe('constraints');
  });

  test('the alternative reads the words as the constraints they could be', () => {
    expect(parse('Timesheets Due on Friday').alternative).toEqual({
      reads: 'constraints',
      query: 'Timesheets Due date:2024-07-05',
      flips: [{ span: { start: 15, end: 24 }, text: 'Friday', meaning: 'date:2024-07-05' }],
    });
    expect(parse('PIRA presentations on the US and world economy').alternative?.query).toBe(
      'PIRA has:presentation on the US and world economy',
    );
    // The alternative's own text parses to the constraint it names.
    expect(queryText(parse('Timesheets Due date:2024-07-05').root, ZONE)).toBe('Timesheets Due date:[2024-07-05,2024-07-06)');
  });
});

describe('requests are still read', () => {
  test.each([
    ['emails from today', 'date:[2024-07-10,2024-07-11)', 'emails from "today"'],
    ['5 latest decks', 'has:presentation', '5 latest "decks"'],
    ['report from yesterday', 'report date:[2024-07-09,2024-07-10)', 'report from "yesterday"'],
    ['show me presentations on the economy', 'has:presentation economy', 'show me "presentations" on the economy'],
    ['syzbot reports from January 2023', 'syzbot reports date:[2023-01-01,2023-02-01)', 'syzbot reports from "January 2023"'],
    ['photos from Anna since March', 'has:image from:Anna date:[2024-03-01,)', '"photos" from "Anna" since "March"'],
  ])('%s', (query, constraints, asWords) => {
    const parsed = parse(query);
    expect(queryText(parsed.root, ZONE)).toBe(constraints);
    expect(parsed.alternative?.reads).toBe('words');
    expect(parsed.alternative?.query).toBe(asWords);
    // Quoted, the words are words (a count or an order may still be read).
    expect(parse(asWords).understood?.filter((item) => item.meaning.includes(':')) ?? []).toEqual([]);
  });

  test('a count or an order alone has no other reading', () => {
    expect(parse('twenty-five latest emails').alternative).toBeUndefined();
  });
});
