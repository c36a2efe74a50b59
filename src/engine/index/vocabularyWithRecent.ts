// The keyword index's vocabulary after documents were added: the packed postings' words, read and sorted once for as
// long as those postings stand, with the words of the live postings (added since) looked up where they are.
import { KeywordVocabulary } from './keywordVocabulary';
import type { LivePostings } from './livePostings';

/** The live postings of both fields: their words, a content word first and a word only meta holds after. */
export interface LiveFields {
  content: LivePostings;
  meta: LivePostings;
}

function* wordsOf(live: LiveFields): Iterable<string> {
  yield* live.content.words();
  for (const word of live.meta.words()) if (!live.content.has(word)) yield word;
}

/**
 * A vocabulary made afresh after each batch of an import read every packed word again and sorted them anew (a third
 * of a second of the engine's thread at 100k messages, per batch, while searches waited): this one asks `packed`,
 * which lives as long as the packed postings, for the packed words, and the live postings, which an import adds to,
 * for the recent words, so it lives as long as they do.
 */
export class VocabularyWithRecent extends KeywordVocabulary {
  constructor(
    private readonly packed: KeywordVocabulary,
    private readonly live: LiveFields,
  ) {
    super(() => [], { [Symbol.iterator]: () => wordsOf(live)[Symbol.iterator]() });
  }

  override beginningWith(prefix: string, most: number): string[] {
    return this.packed.beginningWith(prefix, most);
  }

  /** Found by the live postings' lists of words by their beginning, not by reading every recent word. */
  override recentBeginningWith(prefix: string): string[] {
    const { content, meta } = this.live;
    return [...content.wordsBeginningWith(prefix), ...meta.wordsBeginningWith(prefix).filter((word) => !content.has(word))];
  }
}
