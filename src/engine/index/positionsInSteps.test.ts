// Positions by value made a step at a time are what a Map of every value's position gives, the last position of a
// value listed twice, with a step per 8,192 values.
import { describe, expect, it } from 'vitest';
import { positionsInSteps } from './positionsInSteps';

describe('positions in steps', () => {
  it('equal a Map made at once, a step per 8,192 values', () => {
    const values = Array.from({ length: 30_000 }, (_, position) => `value ${position % 25_000}`);
    const steps = positionsInSteps(values);
    let count = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) count += 1;
    expect(count).toBe(Math.floor(values.length / 8192));
    expect([...step.value]).toEqual([...new Map(values.map((value, position) => [value, position]))]);
    expect(step.value.get('value 3')).toBe(25_003);
  });
});
