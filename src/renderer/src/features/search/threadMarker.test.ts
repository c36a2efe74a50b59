import { describe, expect, test } from 'vitest';
import type { SearchHit } from '../../../../shared/model/search';
import { threadMarker } from './threadMarker';

function row(threadSize: number, threadMatches?: number, loaded = 1) {
  const hit = { id: 'a', threadId: 't', threadSize, ...(threadMatches === undefined ? {} : { threadMatches }) } as SearchHit;
  return { hit, hits: Array.from({ length: loaded }, () => hit) };
}

describe('thread marker', () => {
  test('a lone mail has none', () => {
    expect(threadMarker(row(1), false)).toBeNull();
  });

  test('says how many of the conversation match and marks the others', () => {
    expect(threadMarker(row(12, 2), false)).toEqual({
      title: '12 messages in this conversation; 3 of them match the search',
      others: '+2',
    });
    expect(threadMarker(row(12, 0), false)).toEqual({
      title: '12 messages in this conversation; 1 of them matches the search',
      others: null,
    });
    expect(threadMarker(row(12, 2, 2), true)).toEqual({
      title: '12 messages in this conversation; 3 of them match the search (2 in the results loaded)',
      others: '+2',
    });
  });

  test('an engine that does not count matches keeps the size alone', () => {
    expect(threadMarker(row(5, undefined, 2), true)).toEqual({
      title: '5 messages in this conversation; 2 of them match in the results loaded',
      others: null,
    });
  });
});
