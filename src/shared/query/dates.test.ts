// Date values and the shared fold: day boundaries in the user's zone, and one normaliser for query and index.
import { describe, expect, test } from 'vitest';
import { monthNumber, parseDateValue } from './dates';
import { foldText } from './fold';

const NOW = Date.UTC(2024, 6, 10, 10);

describe('parseDateValue', () => {
  test.each([
    ['2024-06-17', 'Europe/Budapest', Date.UTC(2024, 5, 16, 22), Date.UTC(2024, 5, 17, 22)],
    ['2024-06-17', 'America/New_York', Date.UTC(2024, 5, 17, 4), Date.UTC(2024, 5, 18, 4)],
    ['2024-11', 'America/New_York', Date.UTC(2024, 10, 1, 4), Date.UTC(2024, 11, 1, 5)],
    ['today', 'UTC', Date.UTC(2024, 6, 10), Date.UTC(2024, 6, 11)],
    ['Yesterday', 'UTC', Date.UTC(2024, 6, 9), Date.UTC(2024, 6, 10)],
    ['last week', 'UTC', Date.UTC(2024, 6, 1), Date.UTC(2024, 6, 8)],
    ['June 2024', 'UTC', Date.UTC(2024, 5, 1), Date.UTC(2024, 6, 1)],
    ['2024 june', 'UTC', Date.UTC(2024, 5, 1), Date.UTC(2024, 6, 1)],
    ['last monday', 'UTC', Date.UTC(2024, 6, 8), Date.UTC(2024, 6, 9)],
  ])('%s in %s', (value, timeZone, after, before) => {
    expect(parseDateValue(value, { now: NOW, timeZone })).toEqual({ after, before });
  });

  test('"today" late in the evening in New York is still New York\'s day', () => {
    const lateEvening = Date.UTC(2024, 6, 11, 3);
    expect(parseDateValue('today', { now: lateEvening, timeZone: 'America/New_York' })).toEqual({
      after: Date.UTC(2024, 6, 10, 4),
      before: Date.UTC(2024, 6, 11, 4),
    });
  });

  test.each(['', 'soon', '2024-00', '2024-02-30', '12345', 'budget march', '31/31/2024'])('"%s" is not a date', (value) => {
    expect(parseDateValue(value, { now: NOW, timeZone: 'UTC' })).toBeNull();
  });

  test('month names', () => {
    expect(monthNumber('Sept')).toBe(9);
    expect(monthNumber('jun')).toBe(6);
    expect(monthNumber('ju')).toBeNull();
    expect(monthNumber('junk')).toBeNull();
  });
});

describe('foldText', () => {
  test.each([
    ['Király', 'kiraly'],
    ['ŐRÜLT', 'orult'],
    ['Łódź', 'lodz'],
    ['Straße', 'strasse'],
    ['Søren', 'soren'],
    ['Ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['plain', 'plain'],
  ])('%s -> %s', (input, folded) => expect(foldText(input)).toBe(folded));
});
