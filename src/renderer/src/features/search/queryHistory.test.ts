// Query history: newest first, repeats moved to the front, blank queries ignored, capped at 50.
import { expect, test } from 'vitest';
import { HISTORY_LIMIT, rememberQuery } from './queryHistory';

test('newest first, a repeat moves to the front, spacing tidied', () => {
  let history = rememberQuery([], 'from:anna');
  history = rememberQuery(history, 'budget  report ');
  history = rememberQuery(history, ' from:anna');
  expect(history).toEqual(['from:anna', 'budget report']);
});

test('blank queries are not remembered', () => expect(rememberQuery(['a'], '   ')).toEqual(['a']));

test('only the last 50 are kept', () => {
  let history: string[] = [];
  for (let number = 0; number < 70; number += 1) history = rememberQuery(history, `query ${number}`);
  expect(history).toHaveLength(HISTORY_LIMIT);
  expect(history[0]).toBe('query 69');
  expect(history.at(-1)).toBe('query 20');
});
