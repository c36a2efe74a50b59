// Property: parse, complete, summarize and highlight never throw, whatever is typed, and spans stay inside the text.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { QueryNode } from './ast';
import { complete } from './complete';
import { buildCompletionIndex } from './completionIndex';
import { highlightQuery } from './highlight';
import { parseQuery } from './parse';
import { summarizeQuery } from './summarize';

/** `npm run fuzz` raises this to 100,000 (through the environment; src/shared has no node types, hence globalThis). */
const RUNS = Number((globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.LANTERN_FUZZ_RUNS ?? 3000);

const NOW = Date.UTC(2024, 6, 10, 10);
const index = buildCompletionIndex({
  contacts: [{ name: 'Anna Kovács', address: 'anna@example.hu', count: 3 }],
  folders: ['Inbox', 'Sent Items'],
  labels: ['My label'],
  collections: ['taxes'],
});
const contacts = [{ name: 'Janesh Patel', address: 'janesh@example.com' }];

/** Pieces of the query language, so random strings often look like real queries. */
const PIECES = [
  'from:',
  'to:',
  'subject:',
  'has:',
  'is:',
  'in:',
  'after:',
  'before:',
  'date:',
  'older_than:',
  'larger:',
  '@folder:',
  '@collection:',
  '@*',
  'OR',
  'AND',
  'NOT',
  '-',
  '(',
  ')',
  '{',
  '}',
  '"',
  ':',
  ',',
  '..',
  ' ',
  'latest',
  '5',
  'pdfs',
  'with',
  'Janesh',
  'in June 2024',
  'last week',
  'yesterday',
  '2024-06-17',
  'kiraly',
  'é',
  '\u0301',
  '?',
  'the',
];

const queryText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((pieces) => pieces.join('')),
  fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 })), { maxLength: 12 }).map((pieces) => pieces.join(' ')),
);

function spansInside(node: QueryNode | null, length: number): boolean {
  if (node === null) return true;
  const inside = node.span.start >= 0 && node.span.start <= node.span.end && node.span.end <= length;
  switch (node.kind) {
    case 'and':
    case 'or':
      return inside && node.children.every((child) => spansInside(child, length));
    case 'not':
      return inside && spansInside(node.child, length);
    case 'text':
    case 'filter':
      return inside;
  }
}

describe('never throws', () => {
  test('parse, summarize and highlight on random text', () => {
    fc.assert(
      fc.property(queryText, fc.constantFrom('Europe/Budapest', 'America/New_York', 'UTC'), (text, timeZone) => {
        const parsed = parseQuery(text, { now: NOW, timeZone, contacts });
        expect(spansInside(parsed.root, text.length)).toBe(true);
        for (const diagnostic of parsed.diagnostics) expect(diagnostic.span.end).toBeLessThanOrEqual(text.length);
        summarizeQuery(text, parsed);
        for (const highlight of highlightQuery(text, parsed)) expect(highlight.span.end).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: RUNS },
    );
  });

  test('complete at every kind of cursor', () => {
    fc.assert(
      fc.property(queryText, fc.integer({ min: -5, max: 80 }), (text, cursor) => {
        for (const suggestion of complete(text, cursor, index, { now: NOW, timeZone: 'Europe/Budapest' })) {
          expect(suggestion.replace.start).toBeGreaterThanOrEqual(0);
          expect(suggestion.replace.start).toBeLessThanOrEqual(suggestion.replace.end);
          expect(suggestion.replace.end).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
