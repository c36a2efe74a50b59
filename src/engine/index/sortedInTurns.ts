// Sorting a large list of words in code point order in turns of a few milliseconds (runs sorted, then merged), each
// word once.
import { inTurns, TURN_MS } from '../store/turns';
import { compareCodePoints } from './codePointOrder';

/** Words sorted in one step: a few milliseconds of the engine's thread. */
const RUN_LENGTH = 8192;

function* runsOf(words: readonly string[]): Iterable<readonly string[]> {
  for (let start = 0; start < words.length; start += RUN_LENGTH) yield words.slice(start, start + RUN_LENGTH);
}

function* pairsOf(runs: readonly string[][]): Iterable<[string[], string[] | undefined]> {
  for (let index = 0; index < runs.length; index += 2) yield [runs[index]!, runs[index + 1]];
}

function merge(first: readonly string[], second: readonly string[]): string[] {
  const merged = new Array<string>(first.length + second.length);
  let from = 0;
  let other = 0;
  let to = 0;
  while (from < first.length && other < second.length)
    merged[to++] = compareCodePoints(first[from]!, second[other]!) <= 0 ? first[from++]! : second[other++]!;
  while (from < first.length) merged[to++] = first[from++]!;
  while (other < second.length) merged[to++] = second[other++]!;
  return merged;
}

/**
 * The words each once, sorted as `[...new Set(words)].sort(compareCodePoints)` sorts them, the thread given up between runs and
 * merges: sorting a 100k-message archive's vocabulary in one go held the engine's thread a third of a second while
 * searches waited (issue 25). `turnMs` is for tests.
 */
export async function sortedInTurns(words: readonly string[], turnMs = TURN_MS): Promise<string[]> {
  let runs: string[][] = [];
  await inTurns(runsOf(words), (run) => runs.push([...run].sort(compareCodePoints)), turnMs);
  while (runs.length > 1) {
    const merged: string[][] = [];
    await inTurns(pairsOf(runs), ([first, second]) => merged.push(second === undefined ? first : merge(first, second)), turnMs);
    runs = merged;
  }
  const sorted = runs[0] ?? [];
  return sorted.filter((word, index) => index === 0 || word !== sorted[index - 1]);
}
