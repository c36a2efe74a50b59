// Settings every process that runs the engine starts with, given by what starts it: main's engine client, the `lantern`
// command (bin/lantern.mjs keeps a copy, being plain JavaScript; engineProcess.test.ts holds it to this one) and the bench.

/**
 * glibc's malloc serves an allocation larger than its mmap threshold straight from the system and gives it back when
 * freed, but raises that threshold to the size of every such block freed, after which blocks that size come from its
 * heap and stay there. The engine's searches free many bitsets and score arrays of a few hundred kilobytes: with the
 * threshold fixed at 256 KB the bench's searches peaked lower at the same latencies, and imports ran a little slower
 * (figures in bench/measured-reasons.md). Only glibc reads it; elsewhere it does nothing.
 */
export const ENGINE_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '262144' };
