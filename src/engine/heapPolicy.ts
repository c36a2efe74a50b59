// How far the engine lets its JavaScript heap grow past what it holds: little while it searches, freely while it imports.
import { setFlagsFromString } from 'node:v8';

/**
 * Searches allocate much that dies at once (results, texts, the sentence encoder's tensors), and V8 left to itself
 * lets the heap grow to several times what is live before a full collection. Growing it by half of what survived each
 * collection lowered the searches' peak memory by about a quarter at the same latencies; an import, which allocates far
 * more, ran slower under that rule, so imports get V8's own (0 means V8 chooses). Figures in bench/measured-reasons.md. V8 reads this flag at every collection, so it can change while the engine runs.
 */
const WHILE_SEARCHING = '--heap-growing-percent=50';
const WHILE_IMPORTING = '--heap-growing-percent=0';

let importsRunning = 0;

/** Called when an engine opens: the heap rule for searching. */
export function keepHeapNearLive(): void {
  if (importsRunning === 0) setFlagsFromString(WHILE_SEARCHING);
}

/** Runs an import under V8's own heap growth, and restores the searching rule after the last one running ends. */
export async function withImportHeap<T>(run: () => Promise<T>): Promise<T> {
  if (importsRunning === 0) setFlagsFromString(WHILE_IMPORTING);
  importsRunning += 1;
  try {
    return await run();
  } finally {
    importsRunning -= 1;
    if (importsRunning === 0) setFlagsFromString(WHILE_SEARCHING);
  }
}
