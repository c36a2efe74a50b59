// Chips and coloured words from the shared tokenizer, highlighter and parser: spans, negation, problems, unknown operators.
import { describe, expect, test } from 'vitest';
import type { QueryMarks } from '../../../../shared/query/ast';
import { parseQuery } from '../../../../shared/query/parse';
import { queryChips, queryPieces, type QueryPiece } from './queryPieces';

function pieces(text: string, marks?: QueryMarks): string[] {
  return queryPieces(text, parseQuery(text, { timeZone: 'UTC' }), marks).map((piece: QueryPiece) => {
    switch (piece.kind) {
      case 'gap':
        return `gap:${JSON.stringify(text.slice(piece.span.start, piece.span.end))}`;
      case 'word':
        return `${piece.highlight}${piece.hasProblem ? '!' : ''}:${text.slice(piece.span.start, piece.span.end)}`;
      case 'chip':
        return `chip${piece.chip.hasProblem ? '!' : ''}:${text.slice(piece.chip.span.start, piece.chip.span.end)}`;
    }
  });
}

describe('query pieces', () => {
  test('operators become chips, words stay words, spaces are gaps', () => {
    expect(pieces('budget from:kira has:pdf')).toEqual(['text:budget', 'gap:" "', 'chip:from:kira', 'gap:" "', 'chip:has:pdf']);
  });

  test('the pieces cover the whole text without overlapping', () => {
    const text = '  (from:anna OR to:"Bob Smith") -in:spam "exact phrase" after:someday  @folder:inbox x';
    const spans = queryPieces(text, parseQuery(text, { timeZone: 'UTC' })).map((piece) =>
      piece.kind === 'chip' ? piece.chip.span : piece.span,
    );
    let position = 0;
    for (const span of spans) {
      expect(span.start).toBe(position);
      expect(span.end).toBeGreaterThan(span.start);
      position = span.end;
    }
    expect(position).toBe(text.length);
  });

  test('a minus right before an operator belongs to its chip', () => {
    const text = 'report -from:noreply';
    const [chip] = queryChips(text, parseQuery(text));
    expect(chip).toMatchObject({ span: { start: 7, end: 20 }, operatorSpan: { start: 8, end: 13 }, operator: 'from', isNegated: true });
  });

  test('quoted values, aliases and scopes are chips; unknown operators are problems', () => {
    expect(pieces('label:"My label" @folder:inbox custom:x')).toEqual([
      'chip:label:"My label"',
      'gap:" "',
      'chip:@folder:inbox',
      'gap:" "',
      'problem!:custom:x',
    ]);
  });

  test('a bad value keeps its chip, marked as a problem; a stray bracket is a problem word', () => {
    expect(pieces('after:someday numpy')).toEqual(['chip!:after:someday', 'gap:" "', 'text:numpy']);
    expect(pieces('budget )')).toEqual(['text:budget', 'gap:" "', 'problem!:)']);
  });

  test('an operator still without a value is a chip already, with the parser warning', () => {
    expect(pieces('from:')).toEqual(['chip!:from:']);
  });

  test('OR and phrases keep their colours', () => {
    expect(pieces('a OR "b c"')).toEqual(['text:a', 'gap:" "', 'keyword:OR', 'gap:" "', 'phrase:"b c"']);
  });

  test('empty and blank text', () => {
    expect(pieces('')).toEqual([]);
    expect(pieces('   ')).toEqual(['gap:"   "']);
  });

  test("the engine's marks, once it has searched the text, are painted instead of the bar's own parse", () => {
    // The engine knows Janesh among its contacts and reads "with Janesh" as a person; the bar's parse knows no contacts.
    const text = 'budget with Janesh after:soon';
    expect(pieces(text)).toEqual(['text:budget', 'gap:" "', 'text:with', 'gap:" "', 'text:Janesh', 'gap:" "', 'chip!:after:soon']);
    const engine: QueryMarks = { problems: [{ start: 19, end: 29 }], understood: [{ start: 7, end: 18 }] };
    expect(pieces(text, engine)).toEqual([
      'text:budget',
      'gap:" "',
      'understood:with',
      'gap:" "',
      'understood:Janesh',
      'gap:" "',
      'chip!:after:soon',
    ]);
    // A warning the engine does not give is not painted.
    expect(pieces(text, { problems: [], understood: [] })).toContain('chip:after:soon');
  });
});
