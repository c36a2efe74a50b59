import { describe, expect, test } from 'vitest';
import { applyListActions } from './listActions';

describe('list actions', () => {
  test('a fast typist’s ↓ then Enter, replayed on new results, opens their first row', () => {
    expect(applyListActions(7, 50, [{ kind: 'enter' }, { kind: 'open' }])).toEqual({ index: 0, show: 'open' });
  });

  test('moves preview the row they land on and stop at either end', () => {
    expect(
      applyListActions(0, 3, [
        { kind: 'move', delta: 1 },
        { kind: 'move', delta: 1 },
        { kind: 'move', delta: 1 },
      ]),
    ).toEqual({ index: 2, show: 'preview' });
    expect(
      applyListActions(1, 3, [
        { kind: 'move', delta: -1 },
        { kind: 'move', delta: -1 },
      ]),
    ).toEqual({ index: 0, show: 'preview' });
  });

  test('] and [ open the row beside; the last action decides what the reading pane does', () => {
    expect(applyListActions(4, 10, [{ kind: 'openAdjacent', delta: 1 }])).toEqual({ index: 5, show: 'open' });
    expect(applyListActions(4, 10, [{ kind: 'open' }, { kind: 'move', delta: -1 }])).toEqual({ index: 3, show: 'preview' });
  });

  test('an empty list acts on nothing', () => {
    expect(applyListActions(0, 0, [{ kind: 'enter' }, { kind: 'open' }])).toEqual({ index: 0, show: 'none' });
  });

  test('a start beyond a shorter list is brought inside it', () => {
    expect(applyListActions(40, 5, [{ kind: 'open' }])).toEqual({ index: 4, show: 'open' });
  });
});
