// progressRate: rate from work over time, time left from the rest at that rate, none before a rate is known.
import { describe, expect, it } from 'vitest';
import { progressRate } from './progressRate';

describe('progressRate', () => {
  it('gives the rate and the seconds left at that rate', () => {
    expect(progressRate(50, 200, 10)).toEqual({ perSecond: 5, etaSeconds: 30 });
  });
  it('gives no time left before any work, before half a second, or without a total', () => {
    expect(progressRate(0, 200, 10).etaSeconds).toBeNull();
    expect(progressRate(10, 200, 0.1).etaSeconds).toBeNull();
    expect(progressRate(10, 0, 10).etaSeconds).toBeNull();
  });
  it('counts work done before a resumed run toward what is left but not toward the rate', () => {
    expect(progressRate(1100, 2100, 10, 1000)).toEqual({ perSecond: 10, etaSeconds: 100 });
  });
});
