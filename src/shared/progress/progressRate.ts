// Rate and time left of a long job (an import's bytes, the embedding stage's messages), computed the same way everywhere.

export interface ProgressRate {
  /** Units (bytes, messages) per second since the job started; 0 before any time has passed. */
  perSecond: number;
  /** Seconds left at that rate, or null while there is no rate yet or no known total. */
  etaSeconds: number | null;
}

/** Below this much work or time a rate is noise (the first chunk of a file read at once), so no time left is given. */
const MIN_SECONDS = 0.5;

/**
 * `done` of `total` units after `seconds` of work. `doneAtStart` is work done before this run (a resumed embedding),
 * which counts toward what is left but not toward the rate.
 */
export function progressRate(done: number, total: number, seconds: number, doneAtStart = 0): ProgressRate {
  const worked = done - doneAtStart;
  const perSecond = seconds > 0 && worked > 0 ? worked / seconds : 0;
  const etaSeconds = perSecond > 0 && seconds >= MIN_SECONDS && total > 0 ? Math.max(0, Math.round((total - done) / perSecond)) : null;
  return { perSecond, etaSeconds };
}
