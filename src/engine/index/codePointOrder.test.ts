// Strings compared by their code points come in the order of their UTF-8 bytes, where JS's own comparison differs.
import { describe, expect, it } from 'vitest';
import { compareCodePoints, sortByCodePoints } from './codePointOrder';

describe('compareCodePoints', () => {
  it('orders strings as their UTF-8 bytes are ordered, characters beyond U+FFFF included', () => {
    const pieces = ['a', 'z', 'é', 'ß', '東', '\ud7ff', '\ue000', '\uff41', '\uffff', '\u{10000}', '\u{20000}', '\u{1f600}'];
    const strings = [''];
    for (const first of pieces) {
      strings.push(first);
      for (const second of pieces) strings.push(first + second);
    }
    const byBytes = [...strings].sort((one, other) => Buffer.compare(Buffer.from(one), Buffer.from(other)));
    expect([...strings].sort(compareCodePoints)).toEqual(byBytes);
    expect(compareCodePoints('ǂ\u{20000}', 'ǂ\uff41')).toBeGreaterThan(0);
    expect('ǂ\u{20000}' < 'ǂ\uff41').toBe(true);
    expect(compareCodePoints('ab', 'ab')).toBe(0);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
  });
});

describe('sortByCodePoints', () => {
  it('sorts as compareCodePoints does, with characters beyond U+FFFF and without', () => {
    const pieces = ['a', 'z', 'é', 'ß', '東', '\ud7ff', '\ue000', '\uff41', '\uffff', '\u{10000}', '\u{1f600}'];
    const strings = pieces.flatMap((first) => ['', ...pieces].map((second) => first + second));
    const withoutSurrogates = strings.filter((text) => !/[\ud800-\udfff]/.test(text));
    for (const words of [strings, withoutSurrogates])
      expect(sortByCodePoints([...words].reverse())).toEqual([...words].sort(compareCodePoints));
  });
});
