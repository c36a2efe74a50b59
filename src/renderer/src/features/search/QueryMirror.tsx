// The painted copy of the query behind the transparent input: operators as chips with an ×, words coloured, problems underlined.
import type { RefObject } from 'react';
import type { Chip, QueryPiece } from './queryPieces';

export interface QueryMirrorProps {
  mirrorRef: RefObject<HTMLDivElement | null>;
  text: string;
  pieces: readonly QueryPiece[];
  /** The caret while the input has focus: the term it ends is being typed, so its warning waits. */
  editingAt: number | null;
  onRemoveChip: (chip: Chip) => void;
}

export function QueryMirror({ mirrorRef, text, pieces, editingAt, onRemoveChip }: QueryMirrorProps) {
  const slice = (start: number, end: number): string => text.slice(start, end);
  return (
    <div className="query-mirror" ref={mirrorRef} data-testid="query-mirror">
      <div className="query-mirror-line">
        {pieces.map((piece) => {
          switch (piece.kind) {
            case 'gap':
              return (
                <span key={piece.span.start} aria-hidden="true">
                  {slice(piece.span.start, piece.span.end)}
                </span>
              );
            case 'word': {
              const hasProblem = piece.hasProblem && piece.span.end !== editingAt;
              return (
                <span
                  key={piece.span.start}
                  aria-hidden="true"
                  className={`query-word is-${piece.highlight} ${hasProblem ? 'has-problem' : ''}`}
                >
                  {slice(piece.span.start, piece.span.end)}
                </span>
              );
            }
            case 'chip': {
              const { chip } = piece;
              const hasProblem = chip.hasProblem && chip.span.end !== editingAt;
              const term = slice(chip.span.start, chip.span.end);
              return (
                <span
                  key={chip.span.start}
                  className={`query-chip ${chip.isNegated ? 'is-negated' : ''} ${hasProblem ? 'has-problem' : ''}`}
                  data-testid="query-chip"
                  data-operator={chip.operator.toLowerCase()}
                >
                  <span aria-hidden="true">
                    <span className="query-chip-operator">{slice(chip.span.start, chip.operatorSpan.end)}</span>
                    <span className="query-chip-value">{slice(chip.operatorSpan.end, chip.span.end)}</span>
                  </span>
                  <button
                    type="button"
                    className="query-chip-remove"
                    aria-label={`Remove ${term}`}
                    title={`Remove ${term}`}
                    tabIndex={-1}
                    // The input keeps the focus and caret: removing a chip is part of editing the query.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => onRemoveChip(chip)}
                    data-testid="query-chip-remove"
                  >
                    <svg viewBox="0 0 10 10" width="8" height="8" aria-hidden="true" focusable="false">
                      <path d="M2 2l6 6M8 2l-6 6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                    </svg>
                  </button>
                </span>
              );
            }
          }
        })}
      </div>
    </div>
  );
}
