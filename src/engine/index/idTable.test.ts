// The id table finds each id's ordinal in a string list, saved or decoded, as a Map of the ids would, without decoding
// a saved list.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdTable } from './idTable';
import { StringList } from './stringList';
import { savedStringList as savedList } from '../../../test/savedStringList';

/** Ids as the store makes them: 24 hex digits of a hash. */
function storeIds(count: number, seed: string): string[] {
  return Array.from({ length: count }, (_, index) => createHash('sha256').update(`${seed} ${index}`).digest('hex').slice(0, 24));
}

/** What a Map made in ordinal order answers: the last ordinal of an id listed twice. */
function expectAsMap(table: IdTable, values: string[], absent: string[]): void {
  const map = new Map(values.map((value, ordinal) => [value, ordinal]));
  for (const value of values) expect(table.ordinalOf(value)).toBe(map.get(value));
  for (const value of absent) expect(table.ordinalOf(value)).toBeUndefined();
}

const ODD_IDS = ['', 'second copy', 'Zoë', 'zoe', '日本語のメール', 'ABCDEF0123456789abcdef01', '\ud800 lone half'];

describe('IdTable', () => {
  it('finds every id of a saved list of pieces in each encoding, decoding none of them', () => {
    const pieces = [
      { values: storeIds(3000, 'first'), encoding: 'latin1' as const },
      { values: [...storeIds(500, 'second'), 'Zoë', 'second copy'], encoding: 'utf8' as const },
      { values: [...storeIds(500, 'third'), '日本語のメール', '', '\ud800 lone half'], encoding: 'utf16le' as const },
      { values: ['Zoë', ...storeIds(10, 'fourth')], encoding: 'latin1' as const },
    ];
    const values = pieces.flatMap((piece) => piece.values);
    const list = savedList(pieces);
    const table = new IdTable(list);
    expectAsMap(table, values, [...storeIds(200, 'absent'), 'zoe', '日本', 'ABCDEF0123456789abcdef01', values[5]!.toUpperCase()]);
    expect(list.isDecoded()).toBe(false);
  });

  it('finds the ids added after it was made, the list then decoded', () => {
    const first = storeIds(2000, 'first');
    const list = savedList([{ values: first, encoding: 'latin1' }]);
    const table = new IdTable(list);
    expect(table.ordinalOf(first[7]!)).toBe(7);
    const added = [...storeIds(5000, 'added'), ...ODD_IDS, first[3]!];
    for (const value of added) list.push(value);
    expect(list.isDecoded()).toBe(true);
    expectAsMap(table, [...first, ...added], storeIds(100, 'absent'));
  });

  it('made a step at a time, answers between its steps as once made', () => {
    const values = [...storeIds(20_000, 'many'), ...ODD_IDS, ...storeIds(3, 'many')];
    const table = new IdTable(savedList([{ values, encoding: 'utf16le' }]));
    const steps = table.steps();
    expect(steps.next().done).toBe(false);
    expectAsMap(table, values, storeIds(100, 'absent'));
    // Whole after that look-up: nothing is left to enter.
    expect(steps.next().done).toBe(true);
  });

  it('finds nothing in an empty list until an id is added', () => {
    const list = StringList.of([]);
    const table = new IdTable(list);
    expect(table.ordinalOf('')).toBeUndefined();
    list.push('');
    expect(table.ordinalOf('')).toBe(0);
  });
});
