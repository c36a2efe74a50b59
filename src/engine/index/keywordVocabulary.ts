// The keyword index's words, for the look-ups by a word's beginning (a query word's stem variants, a word still being
// typed): read as they are for the first few look-ups, sorted once that is worth it.
import { errorMessage } from '../../shared/errorMessage';
import { sortedInTurns } from './sortedInTurns';

/**
 * Look-ups answered by reading every word before the words are sorted. Sorting a 100k-message archive's 128k words
 * took a tenth of a whole `lantern search` (issue 25), where one read of them all takes a twentieth of a sort: a
 * one-off command never sorts, and an engine that stays open pays at most half a sort more before it does. The read
 * decodes only the words that begin with what is asked (see WordTable).
 */
const READS_BEFORE_SORTING = 10;

/** The packed postings' words (a word may come twice, once per field): all of them, or those a beginning picks. */
export interface FrozenWords {
  all(): readonly string[];
  beginningWith(prefix: string): readonly string[];
}

/** Words given only whole: read once, at the first look-up, and picked from by their beginning. */
function wordsReadWhole(given: () => readonly string[]): FrozenWords {
  let words: readonly string[] | null = null;
  return {
    all: () => (words ??= given()),
    beginningWith: (prefix) => (words ??= given()).filter((word) => word.startsWith(prefix)),
  };
}

/** Where the first word at or after `prefix` stands in sorted order (binary search). */
export function firstAtLeast(sorted: readonly string[], prefix: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class KeywordVocabulary {
  private sorted: readonly string[] | null = null;
  private reads = 0;
  /** The sort under way (see sortInTurns), until `sorted` holds its words. */
  sorting: Promise<void> | null = null;

  private readonly frozenWords: FrozenWords;

  /**
   * `frozenWords` gives the packed postings' words, asked for at the first look-up (all of them, or, given as
   * FrozenWords, those a beginning picks); `recent` holds the words added since, unsorted: read in full, they are few.
   */
  constructor(
    frozenWords: FrozenWords | (() => readonly string[]),
    readonly recent: Iterable<string> = [],
  ) {
    this.frozenWords = typeof frozenWords === 'function' ? wordsReadWhole(frozenWords) : frozenWords;
  }

  /**
   * Sorts the words in turns between searches (see sortedInTurns.ts), which go on reading them until it is done:
   * sorted in one go inside the search that asked, they held the engine's thread a third of a second at 100k messages.
   */
  private sortInTurns(): void {
    this.sorting ??= sortedInTurns(this.frozenWords.all()).then(
      (sorted) => {
        this.sorted = sorted;
      },
      (error: unknown) => {
        // Look-ups go on reading the words, which gives the same answers.
        console.error(`keyword index: sorting the vocabulary failed: ${errorMessage(error)}`);
      },
    );
  }

  /** The recent words that begin with `prefix`, in the order `recent` gives them. */
  recentBeginningWith(prefix: string): string[] {
    const found: string[] = [];
    for (const word of this.recent) if (word.startsWith(prefix)) found.push(word);
    return found;
  }

  /** The packed postings' words that begin with `prefix`, each once, in sorted order: the first `most` of them. */
  beginningWith(prefix: string, most: number): string[] {
    if (this.sorted === null) {
      this.reads += 1;
      if (this.reads > READS_BEFORE_SORTING) this.sortInTurns();
      return [...new Set(this.frozenWords.beginningWith(prefix))].sort().slice(0, most);
    }
    const found: string[] = [];
    for (let index = firstAtLeast(this.sorted, prefix); index < this.sorted.length && found.length < most; index += 1) {
      const word = this.sorted[index]!;
      if (!word.startsWith(prefix)) break;
      found.push(word);
    }
    return found;
  }
}
