// The answer tokenizer: inflections that must meet, short words that must stay apart, numbers glued to their units.
import { describe, expect, test } from 'vitest';
import { stem, terms } from './terms';

describe('stem', () => {
  test('-ment and -age nouns meet their verbs, short stems stay whole', () => {
    expect(stem('announcement')).toBe(stem('announced'));
    expect(stem('requirement')).toBe(stem('required'));
    expect(stem('coverage')).toBe(stem('cover'));
    expect(stem('voltage')).toBe('volt');
    expect(stem('comment')).toBe('comment');
    expect(stem('document')).toBe('document');
    expect(stem('image')).toBe(stem('images'));
    expect(stem('image')).not.toBe(stem('imagine'));
  });
});

describe('terms', () => {
  test('a number glued to its unit also yields the number and the unit, as if spaced', () => {
    expect(terms('at 200Msps')).toEqual(['200msps', '200', 'msp']);
    expect(terms('200 Msps')).toEqual(['200', 'msp']);
    expect(terms('tuning down to 10MHz')).toEqual(expect.arrayContaining(['10', 'mhz']));
    expect(terms('the 2nd of February')).toEqual(['2nd', 'february']);
    expect(terms('UHD 3.14.1.1 on the N320')).toEqual(['uhd', '3.14.1.1', 'n320']);
  });

  test('a version meets its short form: "4.0.0.0" and "v4.0.0.0" are "4.0", "3.15.0.0" is "3.15"', () => {
    expect(terms('UHD 4.0.0.0 is out')).toEqual(expect.arrayContaining(['4.0.0.0', '4.0']));
    expect(terms('tagged v4.0.0.0 today')).toEqual(expect.arrayContaining(['4.0']));
    expect(terms('UHD 3.15.0.0')).toEqual(expect.arrayContaining(['3.15']));
    expect(terms('UHD 3.14.1.0')).toEqual(expect.arrayContaining(['3.14.1']));
    expect(terms('UHD 3.14.1.1')).toEqual(['uhd', '3.14.1.1']);
    expect(terms('at 10.0 MHz')).toEqual(['10.0', 'mhz']);
  });

  test('a name with a two-digit year is the name and the full year: "GRCon21" is "GRCon 2021"', () => {
    expect(terms('GRCon21 in Charlotte')).toEqual(['grcon', '2021', 'charlott']);
    expect(terms('GRCon 2021 in Charlotte')).toEqual(['grcon', '2021', 'charlott']);
    expect(terms('the N320 and X310')).toEqual(['n320', 'x310']);
    expect(terms('on the E31x')).toEqual(['e31x']);
  });

  test("numbers written as words meet their digits, and a model's plural meets the model", () => {
    expect(terms('I have two N210s for sale')).toEqual(expect.arrayContaining(['2', 'n210']));
    expect(terms('twenty boards')).toEqual(expect.arrayContaining(['20']));
    expect(terms('our X310s and B205mini')).toEqual(expect.arrayContaining(['x310', 'b205mini']));
    expect(terms('The N321 and 100s of boards')).not.toContain('n32');
  });
});
