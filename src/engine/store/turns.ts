// Long work on the engine's one thread cut into short turns, so the searches and autocomplete waiting for the thread
// run between them instead of after the whole of it; while a search runs, the turns wait for it.
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A turn this long is not felt by a search waiting behind it (its own p95 is tens of milliseconds), and long enough
 * that giving the thread up between turns costs an import nothing measurable.
 */
export const TURN_MS = 5;

/**
 * How long a turn waits at most for the searches running to end: a search longer than this lets one turn through,
 * so an import goes on (at a turn every MOST_HELD_MS) while a person searches without pause.
 */
export const MOST_HELD_MS = 50;

let searchesRunning = 0;
/** The turns waiting for the searches running to end. */
const waitingTurns = new Set<() => void>();

/**
 * Runs a search with long work's turns held back until it ends (or MOST_HELD_MS has passed). A search awaits the
 * store and the query encoder several times, and at each await a turn of an import could take the thread: during an
 * import of usrp-users into a 100k-message archive searches took 4.5 times as long at the median as when idle (bench,
 * issue 25).
 */
export async function aheadOfTurns<T>(search: () => Promise<T>): Promise<T> {
  searchesRunning += 1;
  try {
    return await search();
  } finally {
    searchesRunning -= 1;
    if (searchesRunning === 0) {
      for (const resume of waitingTurns) resume();
      waitingTurns.clear();
    }
  }
}

/** Gives the thread up, and while searches run, waits for them to end or for MOST_HELD_MS. */
async function giveWay(): Promise<void> {
  await nextTurn();
  if (searchesRunning === 0) return;
  await new Promise<void>((resume) => {
    const timer = setTimeout(() => {
      waitingTurns.delete(done);
      resume();
    }, MOST_HELD_MS);
    const done = (): void => {
      clearTimeout(timer);
      resume();
    };
    waitingTurns.add(done);
  });
}

/** Calls `step` on each item in order, giving the thread up whenever a turn has lasted `turnMs`. */
export async function inTurns<T>(items: Iterable<T>, step: (item: T) => void, turnMs = TURN_MS): Promise<void> {
  let turnBegan = performance.now();
  for (const item of items) {
    step(item);
    if (performance.now() - turnBegan < turnMs) continue;
    await giveWay();
    turnBegan = performance.now();
  }
}

/** Runs `steps` to their end, giving the thread up whenever a turn has lasted `turnMs`; gives what they return. */
export async function runInTurns<T>(steps: Generator<void, T>, turnMs = TURN_MS): Promise<T> {
  let turnBegan = performance.now();
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    if (performance.now() - turnBegan < turnMs) continue;
    await giveWay();
    turnBegan = performance.now();
  }
}

/** A clock for a loop of its own: the function returned gives the thread up (giveWay) once a turn has lasted `turnMs`. */
export function turnClock(turnMs = TURN_MS): () => Promise<void> | undefined {
  let turnBegan = performance.now();
  return () => {
    if (performance.now() - turnBegan < turnMs) return undefined;
    return giveWay().then(() => {
      turnBegan = performance.now();
    });
  };
}
