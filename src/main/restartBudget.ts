// Decides whether and when to restart something that crashed (the engine, the page), so a crash loop stops.

export type RestartDecision = { restart: true; delayMs: number } | { restart: false; crashes: number };

export interface RestartBudgetOptions {
  /** Crashes allowed within `windowMs` before giving up. */
  maxCrashes: number;
  windowMs: number;
  /** Delay before the first restart; doubles with each further crash in the window. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RESTART_BUDGET: RestartBudgetOptions = {
  maxCrashes: 5,
  windowMs: 60_000,
  firstDelayMs: 250,
  maxDelayMs: 8_000,
};

export class RestartBudget {
  private crashTimes: number[] = [];

  constructor(private readonly options: RestartBudgetOptions = DEFAULT_RESTART_BUDGET) {}

  /** Records a crash at `now` (ms) and says what to do about it. */
  recordCrash(now: number): RestartDecision {
    this.crashTimes = this.crashTimes.filter((time) => now - time < this.options.windowMs);
    this.crashTimes.push(now);
    const crashes = this.crashTimes.length;
    if (crashes > this.options.maxCrashes) return { restart: false, crashes };
    const delayMs = Math.min(this.options.maxDelayMs, this.options.firstDelayMs * 2 ** (crashes - 1));
    return { restart: true, delayMs };
  }

  /** Forgets past crashes, e.g. after the user asks for a restart explicitly. */
  reset(): void {
    this.crashTimes = [];
  }
}
