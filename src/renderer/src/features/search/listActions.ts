// What the result list's keys do, as a pure step over the selection, so keys held back while a search runs can be
// replayed on its results exactly as if they had been pressed after them.
import { assertNever } from '../../../../shared/assertNever';

export type ListAction =
  /** ↓ from the search bar: into the list, at its first row. */
  | { kind: 'enter' }
  /** ↓ ↑ j k: the next or previous row. */
  | { kind: 'move'; delta: number }
  /** Enter, o: open the selected row. */
  | { kind: 'open' }
  /** ] [: open the next or previous row. */
  | { kind: 'openAdjacent'; delta: number };

/** Where the selection ends, and what the reading pane is asked to do with that row: open it, preview it, or nothing. */
export interface ListOutcome {
  index: number;
  show: 'open' | 'preview' | 'none';
}

/** The actions in order from row `start` of a list of `rowCount` rows; an empty list takes no action at all. */
export function applyListActions(start: number, rowCount: number, actions: readonly ListAction[]): ListOutcome {
  if (rowCount === 0) return { index: 0, show: 'none' };
  const clamp = (index: number): number => Math.min(rowCount - 1, Math.max(0, index));
  let outcome: ListOutcome = { index: clamp(start), show: 'none' };
  for (const action of actions) {
    switch (action.kind) {
      case 'enter':
        outcome = { index: 0, show: 'preview' };
        break;
      case 'move':
        outcome = { index: clamp(outcome.index + action.delta), show: 'preview' };
        break;
      case 'open':
        outcome = { index: outcome.index, show: 'open' };
        break;
      case 'openAdjacent':
        outcome = { index: clamp(outcome.index + action.delta), show: 'open' };
        break;
      default:
        assertNever(action);
    }
  }
  return outcome;
}
