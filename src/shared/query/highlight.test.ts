// Search-bar colours come from the same tokens and parse as the search.
import { expect, test } from 'vitest';
import { highlightQuery } from './highlight';
import { parseQuery } from './parse';

const NOW = Date.UTC(2024, 6, 10, 10);

function pieces(text: string): string[] {
  const parsed = parseQuery(text, { now: NOW, timeZone: 'UTC', contacts: [{ name: 'Janesh Patel', address: 'j@example.com' }] });
  return highlightQuery(text, parsed).map((highlight) => `${highlight.kind}:${text.slice(highlight.span.start, highlight.span.end)}`);
}

test('operators, values, keywords and phrases', () => {
  expect(pieces('from:kiraly OR -"q4 report" (a)')).toEqual([
    'operator:from:',
    'value:kiraly',
    'keyword:OR',
    'keyword:-',
    'phrase:"q4 report"',
    'keyword:(',
    'text:a',
    'keyword:)',
  ]);
});

test('problems: unknown operator, bad date, unclosed bracket', () => {
  expect(pieces('custom:x after:soon (b')).toEqual(['problem:custom:x', 'problem:after:soon', 'problem:(', 'text:b']);
});

test('plain English that was understood', () => {
  expect(pieces('5 latest pdfs with Janesh budget')).toEqual([
    'understood:5',
    'understood:latest',
    'understood:pdfs',
    'understood:with',
    'understood:Janesh',
    'text:budget',
  ]);
});

test('scopes', () => expect(pieces('@collection:a,b')).toEqual(['operator:@collection:', 'value:a,b']));
