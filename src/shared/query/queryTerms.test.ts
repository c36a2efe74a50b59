// The words a parse asks for, read from its tree: content words, highlights and phrases, negated ones left out.
import { expect, test } from 'vitest';
import { parseQuery } from './parse';
import { queryTerms } from './queryTerms';

const termsOf = (text: string) => parseQuery(text, { timeZone: 'UTC' }).terms;

test('free words and body: values are the content, in query order; negated ones are not', () => {
  expect(termsOf('budget -draft body:forecast NOT (old OR stale) from:anna')).toEqual({
    contentTerms: ['budget', 'forecast'],
    highlightTerms: ['budget', 'forecast'],
    phrases: [],
  });
});

test('subject: and filename: values are highlighted but are not content', () => {
  expect(termsOf('subject:invoice filename:q4.pdf total')).toEqual({
    contentTerms: ['total'],
    highlightTerms: ['invoice', 'q4.pdf', 'total'],
    phrases: [],
  });
});

test('quoted phrases of two or more words must match verbatim; a one-word phrase is a word', () => {
  expect(termsOf('"zero copy" "sqpoll" -"use after free"').phrases).toEqual(['zero copy']);
});

test('a double negation asks for the word again', () => {
  expect(termsOf('-(-budget)').contentTerms).toEqual(['budget']);
});

test('no tree, no terms', () => expect(queryTerms(null)).toEqual({ contentTerms: [], highlightTerms: [], phrases: [] }));
