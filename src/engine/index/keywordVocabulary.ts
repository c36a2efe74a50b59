// The keyword index's words, for the look-ups by a word's beginning (a query word's stem variants, a word still being
// typed): read as they are for the first few look-ups, sorted once that is worth it.
import { errorMessage } from '../../shared/errorMessage';
import { compareCodePoints, sortByCodePoints } from './codePointOrder';
import { sortedInTurns } from './sortedInTurns';
import { WordTable } from './wordTable';
import { WordTableInByteOrder } from './wordTableOrder';

/**
 * Look-ups answered by reading every word before the words are sorted. Sorting a 100k-message archive's 128k words
 * took a tenth of a whole `lantern search` (issue 25), where one read of them all takes a twentieth of a sort: a
 * one-off command never sorts, and an engine that stays open pays at most half a sort more before it does. The read
 * decodes only the words that begin with what is asked (see WordTable).
 */
const READS_BEFORE_SORTING = 10;

/**
 * One packed postings' own words as they hold them: a saved file's word table (bytes, decoded only when asked for), or
 * the strings of postings made in memory (see FrozenPostings.wordsAsHeld).
 */
export type PackedWords = WordTable | readonly string[];

/** One packed postings' words in code point order. */
interface SortedWords {
  /** The first `most` words that begin with `prefix`, in order. */
  beginningWith(prefix: string, most: number): string[];
}

/** Where the first word at or after `prefix` stands in code point order (binary search). */
function firstAtLeast(sorted: readonly string[], prefix: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCodePoints(sorted[middle]!, prefix) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Strings sorted: the same strings the postings hold, so sorting them copies no word. */
class StringsInOrder implements SortedWords {
  constructor(private readonly sorted: readonly string[]) {}

  beginningWith(prefix: string, most: number): string[] {
    const { sorted } = this;
    const found: string[] = [];
    for (
      let index = firstAtLeast(sorted, prefix);
      index < sorted.length && found.length < most && sorted[index]!.startsWith(prefix);
      index += 1
    )
      found.push(sorted[index]!);
    return found;
  }
}

/**
 * A saved file's words sorted as their numbers, never as strings: as strings they were the largest item of an
 * archive's heap (issue 25), and making them all to sort them raised the peak.
 */
async function sortedWordsInTurns(words: PackedWords): Promise<SortedWords> {
  return words instanceof WordTable ? WordTableInByteOrder.sortedInTurns(words) : new StringsInOrder(await sortedInTurns(words));
}

function packedBeginningWith(words: PackedWords, prefix: string): readonly string[] {
  return words instanceof WordTable ? words.beginningWith(prefix) : words.filter((word) => word.startsWith(prefix));
}

/** The first `most` words of two lists sorted in code point order, merged in that order, each once. */
function mergedFirst(first: readonly string[], second: readonly string[], most: number): string[] {
  if (second.length === 0) return first.slice(0, most);
  if (first.length === 0) return second.slice(0, most);
  const merged: string[] = [];
  let from = 0;
  let other = 0;
  while (merged.length < most && (from < first.length || other < second.length)) {
    const order = from === first.length ? 1 : other === second.length ? -1 : compareCodePoints(first[from]!, second[other]!);
    merged.push(order <= 0 ? first[from]! : second[other]!);
    if (order <= 0) from += 1;
    if (order >= 0) other += 1;
  }
  return merged;
}

export class KeywordVocabulary {
  /** The packed postings' words, once asked for, until they are sorted. */
  private unsorted: readonly PackedWords[] | null = null;
  private sorted: readonly SortedWords[] | null = null;
  private reads = 0;
  /** The sort under way (see sortInTurns), until `sorted` holds its words. */
  sorting: Promise<void> | null = null;

  /**
   * `packedWords` gives each packed postings' words (the same word may be in several), asked for at the first look-up;
   * `recent` holds the words added since, unsorted: read in full, they are few.
   */
  constructor(
    private readonly packedWords: () => readonly PackedWords[],
    readonly recent: Iterable<string> = [],
  ) {}

  private packedNow(): readonly PackedWords[] {
    return (this.unsorted ??= this.packedWords());
  }

  /**
   * Sorts the words in turns between searches (see turns.ts), which go on reading them until it is done: sorted in
   * one go inside the search that asked, they held the engine's thread a third of a second at 100k messages.
   */
  private sortInTurns(): void {
    const packed = this.packedNow();
    this.sorting ??= (async () => {
      const sorted: SortedWords[] = [];
      for (const words of packed) sorted.push(await sortedWordsInTurns(words));
      return sorted;
    })().then(
      (sorted) => {
        this.sorted = sorted;
        this.unsorted = null;
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

  /** The packed postings' words that begin with `prefix`, each once, in code point order: the first `most` of them. */
  beginningWith(prefix: string, most: number): string[] {
    if (this.sorted !== null)
      return this.sorted.reduce<string[]>((found, words) => mergedFirst(found, words.beginningWith(prefix, most), most), []);
    this.reads += 1;
    if (this.reads > READS_BEFORE_SORTING) this.sortInTurns();
    const found = new Set(this.packedNow().flatMap((words) => packedBeginningWith(words, prefix)));
    return sortByCodePoints([...found]).slice(0, most);
  }
}
