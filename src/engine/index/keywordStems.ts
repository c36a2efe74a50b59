// The words of the keyword index that share a query word's English stem ("buffers" -> buffer, buffered, buffering),
// found at query time in the sorted vocabulary, so the index itself stays as it is (no stemmed postings to build or keep).
import { stemmer } from 'stemmer';

/** Only plain lower-case words are stemmed: identifiers, numbers and other scripts match as written. */
const STEMMABLE = /^[a-z]{3,30}$/;
/**
 * How many words sharing the stem's prefix are read at most: a short stem ("con") starts thousands of words at a
 * million messages, and the variants worth finding are among the first few anyway.
 */
const MOST_CANDIDATES = 3000;
/** Remembered variants, per vocabulary; a query repeats its words as it is typed. */
const MOST_REMEMBERED = 10_000;

/** The index's words in sorted order, shared by the searches of one vocabulary. */
export interface SortedVocabulary {
  /** Frozen words, sorted (built once per fold or load). */
  sorted: readonly string[];
  /** Words added since, unsorted: read in full, they are few. */
  recent: Iterable<string>;
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

/** The stem's prefix that inflected forms share: Porter rewrites a final y as i ("happy" -> happi), so one letter less. */
function sharedPrefix(stem: string): string {
  return stem.slice(0, Math.max(3, stem.length - 1));
}

export class StemVariants {
  private remembered = new Map<string, string[]>();
  private rememberedFor: SortedVocabulary | null = null;

  /** Other words of the vocabulary with the stem of `word` (folded, as the index holds words); [] when none or not English. */
  variants(word: string, vocabulary: SortedVocabulary): string[] {
    if (!STEMMABLE.test(word)) return [];
    if (this.rememberedFor !== vocabulary || this.remembered.size > MOST_REMEMBERED) {
      this.remembered = new Map();
      this.rememberedFor = vocabulary;
    }
    const known = this.remembered.get(word);
    if (known) return known;
    const stem = stemmer(word);
    const prefix = sharedPrefix(stem);
    const found = new Set<string>();
    const consider = (candidate: string): void => {
      if (candidate !== word && STEMMABLE.test(candidate) && stemmer(candidate) === stem) found.add(candidate);
    };
    const { sorted } = vocabulary;
    for (let index = firstAtLeast(sorted, prefix), read = 0; index < sorted.length && read < MOST_CANDIDATES; index += 1, read += 1) {
      const candidate = sorted[index]!;
      if (!candidate.startsWith(prefix)) break;
      consider(candidate);
    }
    for (const candidate of vocabulary.recent) if (candidate.startsWith(prefix)) consider(candidate);
    const variants = [...found];
    this.remembered.set(word, variants);
    return variants;
  }
}
