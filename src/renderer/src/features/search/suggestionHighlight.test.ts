// The highlight follows its suggestion from one answer to the next, and lets go when the suggestion is gone.
import { expect, test } from 'vitest';
import { complete } from '../../../../shared/query/complete';
import { buildCompletionIndex } from '../../../../shared/query/completionIndex';
import { highlightKey, highlightedIndex } from './suggestionHighlight';

const index = buildCompletionIndex({
  contacts: [
    { name: 'Pavel Begunkov', address: 'asml.silence@gmail.com', count: 9 },
    { name: 'Paul Moore', address: 'paul@paul-moore.com', count: 5 },
    { name: 'Jens Axboe', address: 'axboe@kernel.dk', count: 20 },
  ],
  folders: [],
  attachments: [],
});

test('a person highlighted in the answer for "from:pa" is still highlighted in the answer for "from:pav"', () => {
  const before = complete('from:pa', 7, index);
  const pavel = before.findIndex((suggestion) => suggestion.label === 'Pavel Begunkov');
  expect(pavel).toBeGreaterThanOrEqual(0);
  const key = highlightKey(before[pavel]!);
  const after = complete('from:pav', 8, index);
  expect(after[highlightedIndex(after, key)!]!.label).toBe('Pavel Begunkov');
});

test('nothing is highlighted when the highlighted suggestion is not in the new list, or none was', () => {
  const paul = complete('from:pa', 7, index).find((suggestion) => suggestion.label === 'Paul Moore')!;
  const after = complete('from:pav', 8, index);
  expect(highlightedIndex(after, highlightKey(paul))).toBeNull();
  expect(highlightedIndex(after, null)).toBeNull();
});
