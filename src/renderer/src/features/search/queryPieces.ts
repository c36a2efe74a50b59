// Splits the search text into what the bar paints: recognised operators as chips, other words coloured by their kind.
import type { ParsedQuery, QueryMarks, Span } from '../../../../shared/query/ast';
import { isKnownOperator } from '../../../../shared/query/grammar';
import { highlightQuery, type HighlightKind } from '../../../../shared/query/highlight';
import { queryMarks } from '../../../../shared/query/marks';
import { overlaps } from '../../../../shared/query/span';
import { tokensOf } from '../../../../shared/query/tokenize';

/** One operator term shown as a chip: `-from:kira` spans the minus, `from:` and the value. */
export interface Chip {
  span: Span;
  /** Where `from:` starts (after a minus) and ends (after the colon). */
  operatorSpan: Span;
  /** The operator as typed, without the colon: `from`, `label`, `@folder`. */
  operator: string;
  isNegated: boolean;
  hasProblem: boolean;
}

export type QueryPiece =
  /** Text between tokens (spaces), painted plain. */
  { kind: 'gap'; span: Span } | { kind: 'word'; highlight: HighlightKind; span: Span; hasProblem: boolean } | { kind: 'chip'; chip: Chip };

/** Operator terms of the query, in text order, each with the minus that negates it. Pass the parse of `text`. */
export function queryChips(text: string, parsed: ParsedQuery, marks: QueryMarks = queryMarks(parsed)): Chip[] {
  const { problems } = marks;
  const tokens = tokensOf(text, parsed);
  const chips: Chip[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'word' || token.operator === null || !isKnownOperator(token.operator)) return;
    const previous = tokens[index - 1];
    const isNegated = previous?.kind === 'minus' && previous.span.end === token.span.start;
    const span = { start: isNegated ? previous.span.start : token.span.start, end: token.span.end };
    const operatorSpan = { start: token.span.start, end: token.span.start + token.operator.length + 1 };
    chips.push({
      span,
      operatorSpan,
      operator: token.operator,
      isNegated,
      hasProblem: problems.some((problem) => overlaps(problem, span)),
    });
  });
  return chips;
}

/**
 * The whole text as gaps, coloured words and chips, in order and without overlaps. `marks` are the problems and
 * understood words to paint: the engine's, once it has searched this very text (it reads dates in its time zone and
 * names among its contacts), else those of `parsed`, the search bar's own parse of `text`.
 */
export function queryPieces(text: string, parsed: ParsedQuery, marks: QueryMarks = queryMarks(parsed)): QueryPiece[] {
  const { problems } = marks;
  const chips = queryChips(text, parsed, marks);
  const pieces: QueryPiece[] = [];
  let position = 0;
  const gapUntil = (end: number): void => {
    if (end > position) pieces.push({ kind: 'gap', span: { start: position, end } });
  };
  let chipIndex = 0;
  for (const highlight of highlightQuery(text, parsed, marks)) {
    // Chips that start before this highlight go first; highlights inside a chip are painted by the chip.
    while (chipIndex < chips.length && chips[chipIndex]!.span.start <= highlight.span.start) {
      const chip = chips[chipIndex]!;
      if (chip.span.start >= position) {
        gapUntil(chip.span.start);
        pieces.push({ kind: 'chip', chip });
        position = chip.span.end;
      }
      chipIndex += 1;
    }
    if (highlight.span.start < position) continue;
    gapUntil(highlight.span.start);
    pieces.push({
      kind: 'word',
      highlight: highlight.kind,
      span: highlight.span,
      hasProblem: problems.some((problem) => overlaps(problem, highlight.span)),
    });
    position = highlight.span.end;
  }
  for (const chip of chips.slice(chipIndex)) {
    if (chip.span.start < position) continue;
    gapUntil(chip.span.start);
    pieces.push({ kind: 'chip', chip });
    position = chip.span.end;
  }
  gapUntil(text.length);
  return pieces;
}
