// Plain-English queries read as constraints: counts, recency, kinds, people and dates, with filler dropped.
import { describe, expect, test } from 'vitest';
import { PLAIN_ENGLISH_EXAMPLES } from './help';
import { parseQuery, type ParseOptions } from './parse';
import { queryText } from './queryText';
import { summarizeQuery } from './summarize';

const NOW = Date.UTC(2024, 6, 10, 10, 0, 0);
const ZONE = 'Europe/Budapest';
const CONTACTS = [
  { name: 'Janesh Patel', address: 'janesh@example.com' },
  { name: 'Anna Kovács', address: 'anna.kovacs@example.hu' },
  { name: 'Zoltán Király', address: 'kiraly@example.hu' },
];

interface Expected {
  ast: string;
  limit?: number;
  order?: 'newest' | 'oldest';
}

function parse(query: string, options: ParseOptions = {}) {
  return parseQuery(query, { now: NOW, timeZone: ZONE, contacts: CONTACTS, ...options });
}

const CASES: Array<[string, Expected]> = [
  ['List 5 latest pdfs that mention budget', { ast: 'has:pdf budget', limit: 5, order: 'newest' }],
  ['What did we discuss in the June 17, 2024 email with Janesh?', { ast: 'date:[2024-06-17,2024-06-18) participants:Janesh' }],
  ['show me ten oldest decks', { ast: 'has:presentation', limit: 10, order: 'oldest' }],
  ['3 most recent spreadsheets', { ast: 'has:spreadsheet', limit: 3, order: 'newest' }],
  ['twenty-five latest emails', { ast: '', limit: 25, order: 'newest' }],
  ['top 3 invoices', { ast: 'invoices', limit: 3 }],
  ['last 3 emails about the launch', { ast: 'launch', limit: 3, order: 'newest' }],
  ['first 2 messages from Anna', { ast: 'from:Anna', limit: 2, order: 'oldest' }],
  ['latest slides', { ast: 'has:presentation', order: 'newest' }],
  ['newest photos', { ast: 'has:image', order: 'newest' }],
  ['recent docs about hiring', { ast: 'has:document hiring', order: 'newest' }],
  ['images of the office', { ast: 'has:image office' }],
  ['pictures from the party', { ast: 'has:image from party' }],
  ['screenshots of the bug', { ast: 'has:image bug' }],
  ['documents to sign', { ast: 'has:document sign' }],
  ['the pdf about budget', { ast: 'has:pdf budget' }],
  ['pdf parser bug', { ast: 'pdf parser bug' }],
  ['attachments from Janesh', { ast: 'has:attachment from:Janesh' }],
  ['emails with Janesh', { ast: 'participants:Janesh' }],
  ['emails with Janesh Patel', { ast: 'participants:"Janesh Patel"' }],
  ['mail with Anna and Janesh', { ast: 'participants:Anna participants:Janesh' }],
  ['from anna kovacs', { ast: 'from:"anna kovacs"' }],
  ['from Kiraly', { ast: 'from:Kiraly' }],
  ['to Janesh', { ast: 'to:Janesh' }],
  ['from Bob', { ast: 'from Bob' }],
  ['lunch with Bob', { ast: 'lunch with Bob' }],
  ['in June 2024', { ast: 'date:[2024-06-01,2024-07-01)' }],
  ['invoices in June', { ast: 'invoices date:[2024-06-01,2024-07-01)' }],
  ['June 17, 2024', { ast: 'date:[2024-06-17,2024-06-18)' }],
  ['on 17 June 2024', { ast: 'date:[2024-06-17,2024-06-18)' }],
  ['the 3rd of July', { ast: 'date:[2024-07-03,2024-07-04)' }],
  ['on March 3', { ast: 'date:[2024-03-03,2024-03-04)' }],
  ['since March', { ast: 'date:[2024-03-01,)' }],
  ['after June 2024', { ast: 'date:[2024-07-01,)' }],
  ['before 2024', { ast: 'date:[,2024-01-01)' }],
  ['in 2023', { ast: 'date:[2023-01-01,2024-01-01)' }],
  ['budget 2023', { ast: 'budget 2023' }],
  ['yesterday', { ast: 'date:[2024-07-09,2024-07-10)' }],
  ['report from yesterday', { ast: 'report date:[2024-07-09,2024-07-10)' }],
  ['today', { ast: 'date:[2024-07-10,2024-07-11)' }],
  ['last month', { ast: 'date:[2024-06-01,2024-07-01)' }],
  ['contracts from last month', { ast: 'contracts date:[2024-06-01,2024-07-01)' }],
  ['last week', { ast: 'date:[2024-07-01,2024-07-08)' }],
  ['this year', { ast: 'date:[2024-01-01,2025-01-01)' }],
  ['last 3 days', { ast: 'date:[2024-07-08,2024-07-11)' }],
  ['past 2 weeks', { ast: 'date:[2024-06-27,2024-07-11)' }],
  ['3 days ago', { ast: 'date:[2024-07-07,2024-07-08)' }],
  ['last monday', { ast: 'date:[2024-07-08,2024-07-09)' }],
  ['on friday', { ast: 'date:[2024-07-05,2024-07-06)' }],
  ['on 2024-06-17', { ast: 'date:[2024-06-17,2024-06-18)' }],
  ['in may', { ast: 'date:[2024-05-01,2024-06-01)' }],
  ['email', { ast: 'email' }],
  ['the', { ast: 'the' }],
  ['ten', { ast: 'ten' }],
  ['5', { ast: '5' }],
  ['room 101', { ast: 'room 101' }],
  ['150 latest emails', { ast: '150', order: 'newest' }],
  ['List 5 latest pdfs from:kiraly', { ast: 'has:pdf from:kiraly', limit: 5, order: 'newest' }],
  ['subject:"latest pdfs" budget', { ast: 'subject:"latest pdfs" budget' }],
  ['"latest pdfs"', { ast: '"latest pdfs"' }],
  ['-pdfs budget', { ast: '-pdfs budget' }],
  ['(latest pdfs)', { ast: 'latest pdfs' }],
  ['x (latest pdfs)', { ast: 'x (latest pdfs)' }],
  ['pdfs OR decks', { ast: '(has:pdf OR has:presentation)' }],
  ['Janesh', { ast: 'Janesh' }],
  ['with', { ast: 'with' }],
  ['the latest', { ast: '', order: 'newest' }],
];

describe('plain English', () => {
  test.each(CASES)('%s', (query, expected) => {
    const parsed = parse(query);
    expect(queryText(parsed.root, ZONE)).toBe(expected.ast);
    expect(parsed.limit).toBe(expected.limit ?? null);
    expect(parsed.sort).toBe(expected.order ? 'date' : null);
    expect(parsed.dateOrder).toBe(expected.order);
    expect(parsed.diagnostics).toEqual([]);
  });
});

/** Question words leave the keyword terms when the words asked for something, or always with dropFiller: 'always'. */
const FILLER_CASES: Array<[string, string, string]> = [
  ['what about the merger?', 'what about the merger?', 'merger'],
  ['Who sent the invoice?', 'Who sent the invoice?', 'invoice'],
  ['may I see the budget', 'may I see the budget', 'budget'],
  ['budget?', 'budget?', 'budget'],
  ['show me the money', 'show me the money', 'money'],
  ['lunch with Bob', 'lunch with Bob', 'lunch Bob'],
  ['meeting at 10:30', 'meeting at 10:30', 'meeting 10:30'],
  ['the who', 'the who', 'the who'],
  ['my notebook does not see the radio', 'my notebook does not see the radio', 'notebook not radio'],
  ['the latest on the merger?', 'merger', 'merger'],
  ['what about the merger? has:pdf', 'what about the merger? has:pdf', 'merger has:pdf'],
];

describe('question words', () => {
  test.each(FILLER_CASES)('%s', (query, byDefault, always) => {
    expect(queryText(parse(query).root, ZONE)).toBe(byDefault);
    expect(queryText(parse(query, { dropFiller: 'always' }).root, ZONE)).toBe(always);
  });

  test('semanticText keeps question words and leaves out operators, negations and constraints', () => {
    expect(parse('what about the merger?').semanticText).toBe('what about the merger?');
    expect(parse('List 5 latest pdfs that mention budget').semanticText).toBe('List that mention budget');
    expect(parse('What did we discuss in the June 17, 2024 email with Janesh?').semanticText).toBe('What did we discuss email');
    expect(parse('from:kiraly "wire transfer" -spam (a OR b) deadline').semanticText).toBe('wire transfer a b deadline');
  });
});

describe('plain English details', () => {
  test('the List 5 latest pdfs example, as the CLI shows it', () => {
    const query = 'List 5 latest pdfs that mention budget';
    const parsed = parse(query);
    expect(summarizeQuery(query, parsed)).toEqual({
      text: 'budget',
      filters: [{ operator: 'has', value: 'pdf', negated: false }],
      warnings: [],
    });
    expect(parsed.understood?.map((item) => [query.slice(item.span.start, item.span.end), item.meaning])).toEqual([
      ['5', 'limit 5'],
      ['latest', 'newest first'],
      ['pdfs', 'has:pdf'],
    ]);
  });

  test('the June 17 example without contacts keeps the name as content', () => {
    const parsed = parse('What did we discuss in the June 17, 2024 email with Janesh?', { contacts: [] });
    expect(queryText(parsed.root, ZONE)).toBe('date:[2024-06-17,2024-06-18) Janesh');
  });

  test('contacts given as a function are asked for only when the query names someone, and once', () => {
    let asked = 0;
    const contacts = (): typeof CONTACTS => {
      asked += 1;
      return CONTACTS;
    };
    for (const query of ['List 5 latest pdfs that mention budget', 'from:kiraly has:attachment budget', 'zero copy receive'])
      parse(query, { contacts });
    expect(asked).toBe(0);
    const parsed = parse('What did we discuss in the June 17, 2024 email with Janesh and Anna?', { contacts });
    expect(asked).toBe(1);
    expect(queryText(parsed.root, ZONE)).toBe(
      queryText(parse('What did we discuss in the June 17, 2024 email with Janesh and Anna?').root, ZONE),
    );
    expect(queryText(parsed.root, ZONE)).toContain('participants:Janesh');
  });

  test("the June 17 example in New York is New York's day", () => {
    const parsed = parse('What did we discuss in the June 17, 2024 email with Janesh?', { timeZone: 'America/New_York' });
    expect(parsed.root).toMatchObject({
      children: [{ filter: { after: Date.UTC(2024, 5, 17, 4), before: Date.UTC(2024, 5, 18, 4) } }, {}],
    });
  });

  test('inferred filters are marked and span their words', () => {
    const query = 'pdfs from Janesh';
    const parsed = parse(query);
    const children = parsed.root?.kind === 'and' ? parsed.root.children : [];
    expect(
      children.map((child) => (child.kind === 'filter' ? [child.inferred, query.slice(child.span.start, child.span.end)] : null)),
    ).toEqual([
      [true, 'pdfs'],
      [true, 'from Janesh'],
    ]);
  });

  test('a contact matches without accents and by address', () => {
    expect(queryText(parse('with zoltan').root, ZONE)).toBe('participants:zoltan');
    expect(queryText(parse('with kovacs').root, ZONE)).toBe('participants:kovacs');
  });

  test.each(PLAIN_ENGLISH_EXAMPLES.map((row) => [row.syntax]))('help example "%s" is understood', (query) => {
    const parsed = parse(query, { contacts: [...CONTACTS, { name: 'Anna', address: 'anna@example.com' }] });
    expect(parsed.understood?.length ?? 0).toBeGreaterThan(0);
    expect(parsed.diagnostics).toEqual([]);
  });
});
