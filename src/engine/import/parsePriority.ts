// Parse workers run below the engine's thread in the operating system's scheduling, so searches come first.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The lowest priority (highest nice value) a thread can have. */
const LOWEST = 19;

/**
 * How much nicer a parse worker's thread is than the engine's (which keeps the process's, 0 by default). On two cores
 * an import's parse workers (one, or two while parsing is what it waits for: see createParser) and the engine's thread
 * contend for them: below it, parsing takes what searches and autocomplete leave, and all of it while the person does
 * not search, so the import loses little.
 */
export const PARSE_NICENESS_ABOVE_ENGINE = 10;

/**
 * Lowers the calling thread's priority below the one it started with (the process's). Linux schedules each thread on
 * its own (its id is under /proc/thread-self); elsewhere a priority is the whole process's, so parsing keeps it there.
 */
export function lowerThisThreadsPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return;
    setPriority(threadId, Math.min(LOWEST, getPriority(threadId) + PARSE_NICENESS_ABOVE_ENGINE));
  } catch {
    // A system that refuses (a sandbox without /proc): parsing keeps the engine's priority, as before.
  }
}
