// A value column answers a filter by testing each distinct value once, for any number of messages.
import { describe, expect, it } from 'vitest';
import { ValueColumn } from './valueColumn';

describe('ValueColumn', () => {
  it('marks the messages whose value passes, testing each distinct value once, past its first capacity', () => {
    const column = new ValueColumn();
    const senders = ['anna <anna@x>', 'bob <bob@y>', 'anna <anna@x>', 'carl <carl@x>'];
    const size = 5000;
    for (let ordinal = 0; ordinal < size; ordinal += 1) column.set(ordinal, senders[ordinal % senders.length]!);
    const tested: string[] = [];
    const marked = new Uint8Array(size);
    column.mark(marked, (value) => {
      tested.push(value);
      return value.includes('@x');
    });
    expect(tested.sort()).toEqual(['anna <anna@x>', 'bob <bob@y>', 'carl <carl@x>']);
    expect([...marked.slice(0, 8)]).toEqual([1, 0, 1, 1, 1, 0, 1, 1]);
    expect(marked.reduce((sum, bit) => sum + bit, 0)).toBe((size / 4) * 3);
  });

  it('adds to what is already marked and follows a value set again', () => {
    const column = new ValueColumn();
    column.set(0, 'inbox');
    column.set(1, 'sent');
    const marked = Uint8Array.of(0, 1);
    column.mark(marked, (value) => value === 'inbox');
    expect([...marked]).toEqual([1, 1]);
    column.set(0, 'archive');
    const again = new Uint8Array(2);
    column.mark(again, (value) => value === 'inbox');
    expect([...again]).toEqual([0, 0]);
  });
});
