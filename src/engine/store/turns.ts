// Long work on the engine's one thread cut into short turns, so the searches and autocomplete waiting for the thread
// run between them instead of after the whole of it.
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A turn this long is not felt by a search waiting behind it (its own p95 is tens of milliseconds), and long enough
 * that giving the thread up between turns costs an import nothing measurable.
 */
export const TURN_MS = 5;

/** Calls `step` on each item in order, giving the thread up whenever a turn has lasted `turnMs`. */
export async function inTurns<T>(items: Iterable<T>, step: (item: T) => void, turnMs = TURN_MS): Promise<void> {
  let turnBegan = performance.now();
  for (const item of items) {
    step(item);
    if (performance.now() - turnBegan < turnMs) continue;
    await nextTurn();
    turnBegan = performance.now();
  }
}
