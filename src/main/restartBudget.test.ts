import { describe, expect, it } from 'vitest';
import { RestartBudget } from './restartBudget';

const options = { maxCrashes: 3, windowMs: 10_000, firstDelayMs: 100, maxDelayMs: 300 };

describe('RestartBudget', () => {
  it('restarts with a doubling, capped delay and gives up past the limit', () => {
    const budget = new RestartBudget(options);
    expect(budget.recordCrash(0)).toEqual({ restart: true, delayMs: 100 });
    expect(budget.recordCrash(1_000)).toEqual({ restart: true, delayMs: 200 });
    expect(budget.recordCrash(2_000)).toEqual({ restart: true, delayMs: 300 });
    expect(budget.recordCrash(3_000)).toEqual({ restart: false, crashes: 4 });
  });

  it('forgets crashes older than the window', () => {
    const budget = new RestartBudget(options);
    budget.recordCrash(0);
    budget.recordCrash(1_000);
    budget.recordCrash(2_000);
    expect(budget.recordCrash(12_500)).toEqual({ restart: true, delayMs: 100 });
  });

  it('starts over after reset', () => {
    const budget = new RestartBudget(options);
    for (const time of [0, 1, 2]) budget.recordCrash(time);
    budget.reset();
    expect(budget.recordCrash(3)).toEqual({ restart: true, delayMs: 100 });
  });
});
