// Test helpers for the extractive provider's tests: one message of a shared corpus as a passage, and passages numbered
// as ask numbers its sources.
import { readCorpusPassages } from '../src/engine/answer/corpusPassages';
import type { Passage } from '../src/engine/answer/types';

/** The message at this index of the corpus (from 0) as a passage. */
export async function messageAt(corpus: string, index: number): Promise<Passage> {
  const [passage] = await readCorpusPassages(corpus, index + 1, index);
  if (passage === undefined) throw new Error(`test: ${corpus} has no message ${index}`);
  return passage;
}

/** The passages numbered 1, 2, … in their order. */
export function numbered(passages: Passage[]): Passage[] {
  return passages.map((passage, index) => ({ ...passage, n: index + 1 }));
}
