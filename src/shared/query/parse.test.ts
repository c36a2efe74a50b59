// Table-driven parse tests: query -> AST text, diagnostics, limit and order, at a fixed now in fixed zones.
import { describe, expect, test } from 'vitest';
import { parseQuery, type ParseOptions } from './parse';
import { queryText } from './queryText';
import { summarizeQuery } from './summarize';

/** Wednesday 2024-07-10, 12:00 in Budapest, 06:00 in New York. */
export const NOW = Date.UTC(2024, 6, 10, 10, 0, 0);
const BUDAPEST = 'Europe/Budapest';

interface Case {
  /** Expected AST text (see queryText). */
  ast: string;
  /** Substrings of the expected warnings, in order; none when absent. */
  warn?: string[];
  zone?: string;
}

function check(query: string, expected: Case, options: ParseOptions = {}): void {
  const timeZone = expected.zone ?? BUDAPEST;
  const parsed = parseQuery(query, { now: NOW, timeZone, ...options });
  expect(queryText(parsed.root, timeZone)).toBe(expected.ast);
  const warnings = parsed.diagnostics.map((diagnostic) => diagnostic.message);
  expect(warnings.length).toBe((expected.warn ?? []).length);
  (expected.warn ?? []).forEach((fragment, index) => expect(warnings[index]).toContain(fragment));
}

const OPERATOR_CASES: Array<[string, Case]> = [
  ['from:kiraly project deadline has:attachment', { ast: 'from:kiraly project deadline has:attachment' }],
  ['subject:"Q4 Report" from:finance after:2024-01-01', { ast: 'subject:"Q4 Report" from:finance date:[2024-01-01,)' }],
  ['in:important has:attachment budget', { ast: 'place:important has:attachment budget' }],
  ['from:kiraly to:john', { ast: 'from:kiraly to:john' }],
  ['FROM:Kiraly', { ast: 'from:Kiraly' }],
  ['From:"Anna Kovács"', { ast: 'from:"Anna Kovács"' }],
  ['cc:finance bcc:me@example.com', { ast: 'cc:finance bcc:me@example.com' }],
  ['participants:janesh', { ast: 'participants:janesh' }],
  ['to:"john smith"', { ast: 'to:"john smith"' }],
  ['from:alice from:bob', { ast: 'from:alice from:bob' }],
  ['subject:invoice', { ast: 'subject:invoice' }],
  ['body:"wire transfer"', { ast: 'body:"wire transfer"' }],
  ['filename:pdf', { ast: 'filename:pdf' }],
  ['filename:report.xlsx', { ast: 'filename:report.xlsx' }],
  ['"exact phrase" budget', { ast: '"exact phrase" budget' }],
  ['in:inbox', { ast: 'place:inbox' }],
  ['label:my-label', { ast: 'place:my-label' }],
  ['folder:"Sent Items"', { ast: 'place:"Sent Items"' }],
  ['LABEL:Work', { ast: 'place:Work' }],
  ['category:updates', { ast: 'category:updates' }],
  ['list:io-uring', { ast: 'list:io-uring' }],
  ['source:takeout', { ast: 'source:takeout' }],
  ['has:attachment', { ast: 'has:attachment' }],
  ['has:pdf', { ast: 'has:pdf' }],
  ['has:document', { ast: 'has:document' }],
  ['has:spreadsheet', { ast: 'has:spreadsheet' }],
  ['has:presentation', { ast: 'has:presentation' }],
  ['has:image', { ast: 'has:image' }],
  ['has:PDF', { ast: 'has:pdf' }],
  ['has:video', { ast: '', warn: ['has: expects one of'] }],
  ['larger:5M', { ast: 'size:[5242880,)' }],
  ['smaller:200k', { ast: 'size:[,204800)' }],
  ['size:1M', { ast: 'size:[1048576,)' }],
  ['larger:1.5mb', { ast: 'size:[1572864,)' }],
  ['larger:huge', { ast: '', warn: ['not a size'] }],
  ['is:unread', { ast: 'is:unread' }],
  ['is:read is:starred', { ast: 'is:read is:starred' }],
  ['is:important', { ast: 'is:important' }],
  ['is:Starred', { ast: 'is:starred' }],
  ['is:muted', { ast: '', warn: ['is: expects one of'] }],
  ['thread:1a2b3c', { ast: 'thread:1a2b3c' }],
  ['id:<abc@example.com>', { ast: 'id:abc@example.com' }],
  ['rfc822msgid:abc@example.com', { ast: 'id:abc@example.com' }],
  ['custom:value project', { ast: 'custom value project', warn: ['Unknown operator "custom:"'] }],
  ['from: project', { ast: 'from project', warn: ['from: has no value'] }],
  ['from:"" project', { ast: 'project', warn: ['empty value'] }],
  ['meeting at 10:30', { ast: 'meeting at 10:30' }],
  ['see http://example.com', { ast: 'see http://example.com' }],
  ['from:kiraly from:kiraly', { ast: 'from:kiraly from:kiraly' }],
  ['subject:"Q4 Report', { ast: 'subject:"Q4 Report"', warn: ['Unclosed quote'] }],
];

const BOOLEAN_CASES: Array<[string, Case]> = [
  ['-from:spam OR from:alice', { ast: '(-from:spam OR from:alice)' }],
  ['a OR b', { ast: '(a OR b)' }],
  ['a OR b OR c', { ast: '(a OR b OR c)' }],
  ['x y OR z', { ast: '((x y) OR z)' }],
  ['show me the money', { ast: 'show me the money' }],
  ['the who', { ast: 'the who' }],
  ['{a b}', { ast: '(a OR b)' }],
  ['{from:alice from:bob} budget', { ast: '(from:alice OR from:bob) budget' }],
  ['-budget', { ast: '-budget' }],
  ['-"exact phrase"', { ast: '-"exact phrase"' }],
  ['-from:x', { ast: '-from:x' }],
  ['NOT budget', { ast: '-budget' }],
  ['a AND b', { ast: 'a b' }],
  ['(a OR b) c', { ast: '(a OR b) c' }],
  ['(from:alice OR from:bob) has:pdf', { ast: '(from:alice OR from:bob) has:pdf' }],
  ['-(a b)', { ast: '-(a b)' }],
  ['(a OR b', { ast: '(a OR b)', warn: ['Unclosed "("'] }],
  ['a OR b)', { ast: '(a OR b)', warn: ['Unmatched ")"'] }],
  ['((a)', { ast: 'a', warn: ['Unclosed "("'] }],
  ['{a b', { ast: '(a OR b)', warn: ['Unclosed "{"'] }],
  ['x - y', { ast: 'x y' }],
  ['Dell & Enron Order Confirmation', { ast: 'Dell Enron Order Confirmation' }],
  ['a / b | c + d : e … f – g — h · i * j " " k “ l ” 😀 m', { ast: 'a b c d e f g h i j k l m' }],
  ['x -& y', { ast: 'x y' }],
  ['x -— -y', { ast: 'x -y' }],
  ['"a - b"', { ast: '"a - b"' }],
  ['"…"', { ast: '' }],
  ['body:& budget', { ast: 'budget', warn: ['body: "&" has no letter or digit'] }],
  ['subject:&', { ast: 'subject:&' }],
  ['OR', { ast: '' }],
  ['a OR', { ast: 'a' }],
  ['NOT', { ast: '' }],
  ['-', { ast: '' }],
  ['&', { ast: '' }],
  ['"unclosed phrase', { ast: '"unclosed phrase"', warn: ['Unclosed quote'] }],
  ['or and not', { ast: 'or and not' }],
  ['-{a b}', { ast: '-(a OR b)' }],
  ['from:alice -has:attachment', { ast: 'from:alice -has:attachment' }],
  ['-is:read', { ast: '-is:read' }],
  ['()', { ast: '' }],
  ['', { ast: '' }],
  ['   ', { ast: '' }],
];

const SCOPE_CASES: Array<[string, Case]> = [
  ['@folder:inbox budget', { ast: '@folder:inbox budget' }],
  ['@label:work', { ast: '@label:work' }],
  ['@tag:receipts', { ast: '@label:receipts' }],
  ['@collection:a,b', { ast: '@collection:a,b' }],
  ['@collection:taxes,legal,', { ast: '@collection:taxes,legal' }],
  ['@thread:abc', { ast: '@thread:abc' }],
  ['@document:report.pdf', { ast: '@document:report.pdf' }],
  ['@* budget', { ast: 'budget' }],
  ['-@* budget', { ast: 'budget' }],
  ['in:anywhere budget', { ast: '@all:anywhere budget' }],
  ['label:Anywhere', { ast: '@all:anywhere' }],
  ['-@folder:drafts', { ast: '-@folder:drafts' }],
  ['@FOLDER:Inbox', { ast: '@folder:Inbox' }],
  ['@folder:"Sent Items"', { ast: '@folder:"Sent Items"' }],
  ['@planet:mars', { ast: '', warn: ['Unknown scope'] }],
  ['@folder:', { ast: '', warn: ['Unknown scope'] }],
];

const DATE_CASES: Array<[string, Case]> = [
  ['after:2024-01-01', { ast: 'date:[2024-01-01,)' }],
  ['after:2024/01/01', { ast: 'date:[2024-01-01,)' }],
  ['before:2024-06-30', { ast: 'date:[,2024-06-30)' }],
  ['before:2024/6/30', { ast: 'date:[,2024-06-30)' }],
  ['after:2024-01-01 before:2024-02-01', { ast: 'date:[2024-01-01,) date:[,2024-02-01)' }],
  ['since:2024-03', { ast: 'date:[2024-03-01,)' }],
  ['until:2023', { ast: 'date:[,2023-01-01)' }],
  ['after:not-a-date meeting', { ast: 'meeting', warn: ['not a date'] }],
  ['after:2024-13-01', { ast: '', warn: ['not a date'] }],
  ['after:2024-02-30', { ast: '', warn: ['not a date'] }],
  ['before:12345', { ast: '', warn: ['not a date'] }],
  ['after:yesterday', { ast: 'date:[2024-07-09,)' }],
  ['after:today', { ast: 'date:[2024-07-10,)' }],
  ['before:"last monday"', { ast: 'date:[,2024-07-08)' }],
  ['after:"last week"', { ast: 'date:[2024-07-01,)' }],
  ['date:"last week"', { ast: 'date:[2024-07-01,2024-07-08)' }],
  ['date:"this week"', { ast: 'date:[2024-07-08,2024-07-15)' }],
  ['date:"last month"', { ast: 'date:[2024-06-01,2024-07-01)' }],
  ['date:"this month"', { ast: 'date:[2024-07-01,2024-08-01)' }],
  ['date:"last year"', { ast: 'date:[2023-01-01,2024-01-01)' }],
  ['date:"past 7 days"', { ast: 'date:[2024-07-04,2024-07-11)' }],
  ['date:"June 2024"', { ast: 'date:[2024-06-01,2024-07-01)' }],
  ['date:"jun 2024"', { ast: 'date:[2024-06-01,2024-07-01)' }],
  ['date:june', { ast: 'date:[2024-06-01,2024-07-01)' }],
  ['date:december', { ast: 'date:[2023-12-01,2024-01-01)' }],
  ['date:"June 17, 2024"', { ast: 'date:[2024-06-17,2024-06-18)' }],
  ['date:"17 June 2024"', { ast: 'date:[2024-06-17,2024-06-18)' }],
  ['date:"2 weeks ago"', { ast: 'date:[2024-06-26,2024-06-27)' }],
  ['date:2024-06-17', { ast: 'date:[2024-06-17,2024-06-18)' }],
  ['date:2024-06', { ast: 'date:[2024-06-01,2024-07-01)' }],
  ['date:2024', { ast: 'date:[2024-01-01,2025-01-01)' }],
  ['date:2024-01..2024-03', { ast: 'date:[2024-01-01,2024-04-01)' }],
  ['date:2024-01-05..2024-01-07', { ast: 'date:[2024-01-05,2024-01-08)' }],
  ['date:2024-01..', { ast: 'date:[2024-01-01,)' }],
  ['date:..2024-03', { ast: 'date:[,2024-04-01)' }],
  ['date:"2024-01 .. 2024-03"', { ast: 'date:[2024-01-01,2024-04-01)' }],
  ['date:..', { ast: '', warn: ['not a date or range'] }],
  ['date:soonish', { ast: '', warn: ['not a date or range'] }],
  ['after:"someday maybe"', { ast: '', warn: ['not a date'] }],
  ['older_than:7d', { ast: 'date:[,2024-07-03T10:00:00.000Z)' }],
  ['newer_than:2m', { ast: 'date:[2024-05-11T10:00:00.000Z,)' }],
  ['newer_than:1y', { ast: 'date:[2023-07-11T10:00:00.000Z,)' }],
  ['older_than:2w', { ast: 'date:[,2024-06-26T10:00:00.000Z)' }],
  ['older_than:soon', { ast: '', warn: ['not a duration'] }],
  ['after:2024-01-01', { ast: 'date:[2024-01-01,)', zone: 'America/New_York' }],
  ['date:yesterday', { ast: 'date:[2024-07-09,2024-07-10)', zone: 'America/New_York' }],
  ['date:"last week"', { ast: 'date:[2024-07-01,2024-07-08)', zone: 'America/New_York' }],
  ['date:2024-03-10', { ast: 'date:[2024-03-10,2024-03-11)', zone: 'America/New_York' }],
  ['date:2024-03-31', { ast: 'date:[2024-03-31,2024-04-01)', zone: 'Europe/Budapest' }],
  ['date:"last monday"', { ast: 'date:[2024-07-08,2024-07-09)', zone: 'America/New_York' }],
];

describe('operators', () => {
  test.each(OPERATOR_CASES)('%s', (query, expected) => check(query, expected));
});

describe('boolean structure', () => {
  test.each(BOOLEAN_CASES)('%s', (query, expected) => check(query, expected));
});

describe('scopes', () => {
  test.each(SCOPE_CASES)('%s', (query, expected) => check(query, expected));
});

describe('dates in the user zone', () => {
  test.each(DATE_CASES)('%s', (query, expected) => check(query, expected));
});

describe('exact instants', () => {
  test('after:2024-01-01 is midnight in Budapest and in New York', () => {
    const budapest = parseQuery('after:2024-01-01', { now: NOW, timeZone: BUDAPEST }).root;
    const newYork = parseQuery('after:2024-01-01', { now: NOW, timeZone: 'America/New_York' }).root;
    expect(budapest).toMatchObject({ filter: { field: 'date', after: Date.UTC(2023, 11, 31, 23), before: null } });
    expect(newYork).toMatchObject({ filter: { field: 'date', after: Date.UTC(2024, 0, 1, 5), before: null } });
  });

  test('a zone given as a function is asked for once, by a query with dates alone', () => {
    let asked = 0;
    const timeZone = (): string => {
      asked += 1;
      return BUDAPEST;
    };
    parseQuery('from:alice budget report', { now: NOW, timeZone });
    expect(asked).toBe(0);
    const root = parseQuery('after:2024-01-01 before:2024-02-01 last week', { now: NOW, timeZone }).root;
    expect(asked).toBe(1);
    expect(root).toEqual(parseQuery('after:2024-01-01 before:2024-02-01 last week', { now: NOW, timeZone: BUDAPEST }).root);
  });

  test('a day across the spring change is 23 hours long', () => {
    const root = parseQuery('date:2024-03-31', { now: NOW, timeZone: BUDAPEST }).root;
    expect(root).toMatchObject({ filter: { after: Date.UTC(2024, 2, 30, 23), before: Date.UTC(2024, 2, 31, 22) } });
  });
});

describe('spans and summaries', () => {
  test('diagnostics carry the span of the bad term', () => {
    const query = 'budget after:not-a-date meeting';
    const [diagnostic] = parseQuery(query, { now: NOW, timeZone: BUDAPEST }).diagnostics;
    expect(query.slice(diagnostic!.span.start, diagnostic!.span.end)).toBe('after:not-a-date');
  });

  test('an unclosed quote is reported from the quote to the end', () => {
    const query = 'a "b c';
    const [diagnostic] = parseQuery(query, { now: NOW, timeZone: BUDAPEST }).diagnostics;
    expect(diagnostic!.span).toEqual({ start: 2, end: 6 });
  });

  test('filter nodes keep the operator as typed and their span', () => {
    const root = parseQuery('x LABEL:Work', { now: NOW, timeZone: BUDAPEST }).root;
    expect(root).toMatchObject({
      kind: 'and',
      children: [{ kind: 'text' }, { kind: 'filter', operator: 'label', span: { start: 2, end: 12 } }],
    });
  });

  test('summary of the example query', () => {
    const query = 'subject:"Q4 Report" from:finance after:2024-01-01';
    expect(summarizeQuery(query, parseQuery(query, { now: NOW, timeZone: BUDAPEST }))).toEqual({
      text: '',
      filters: [
        { operator: 'subject', value: 'Q4 Report', negated: false },
        { operator: 'from', value: 'finance', negated: false },
        { operator: 'after', value: '2024-01-01', negated: false },
      ],
      warnings: [],
    });
  });

  test('summary marks negation and keeps warnings', () => {
    const query = '-from:spam OR from:alice custom:x';
    const summary = summarizeQuery(query, parseQuery(query, { now: NOW, timeZone: BUDAPEST }));
    expect(summary.filters).toEqual([
      { operator: 'from', value: 'spam', negated: true },
      { operator: 'from', value: 'alice', negated: false },
    ]);
    expect(summary.text).toBe('custom x');
    expect(summary.warnings).toHaveLength(1);
  });
});
