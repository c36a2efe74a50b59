// The words of the keyword index that share a query word's stem in English or another of the archive's languages
// ("buffers" -> buffer, buffered, buffering; "rechnung" -> rechnungen), found at query time in the vocabulary,
// so the index itself stays as it is (no stemmed postings to build or keep).
import type { KeywordVocabulary } from './keywordVocabulary';
import { ENGLISH, type StemmingLanguage } from './stemmingLanguages';

/**
 * How many words sharing the stem's prefix are read at most: a short stem ("con") starts thousands of words at a
 * million messages, and the variants worth finding are among the first few anyway.
 */
const MOST_CANDIDATES = 3000;
/** Remembered variants, per vocabulary; a query repeats its words as it is typed. */
const MOST_REMEMBERED = 10_000;

/** The stem's prefix that inflected forms share: Porter rewrites a final y as i ("happy" -> happi), so one letter less. */
function sharedPrefix(stem: string): string {
  return stem.slice(0, Math.max(3, stem.length - 1));
}

/** Where a word's variants in one language are looked for: under `prefix`, the packed words found there kept. */
interface StemPlace {
  language: StemmingLanguage;
  stem: string;
  prefix: string;
  /** The packed words under the prefix with the stem, other than the word itself. */
  packed: string[];
}

/**
 * Where the variants of `word` in `language` are: under the stem's prefix and, where the stemmer rewrote a letter
 * within it (y -> i: "days" -> dai, French "payer" -> pai), under the word's. The packed words found there stay right
 * for as long as the packed postings stand.
 */
function stemPlaces(word: string, language: StemmingLanguage, vocabulary: KeywordVocabulary): StemPlace[] {
  if (!language.stemmable.test(word)) return [];
  const stem = language.stem(word);
  return [...new Set([sharedPrefix(stem), sharedPrefix(word.slice(0, stem.length))])].map((prefix) => ({
    language,
    stem,
    prefix,
    packed: vocabulary.beginningWith(prefix, MOST_CANDIDATES).filter((candidate) => isVariant(candidate, word, language, stem)),
  }));
}

function isVariant(candidate: string, word: string, language: StemmingLanguage, stem: string): boolean {
  return candidate !== word && language.stemmable.test(candidate) && language.stem(candidate) === stem;
}

/**
 * Remembers, per vocabulary's packed words (compared by identity), where each word's variants are and the packed ones
 * found there; the words added since the last fold are looked up again at each call (by their beginning, see
 * LivePostings), so what is remembered stays right while an import adds to them. Forgetting everything after each
 * batch, as before, stemmed every query word anew against the packed words while searches waited (issue 25).
 */
export class StemVariants {
  private remembered = new Map<string, StemPlace[]>();
  private rememberedFor: { vocabulary: KeywordVocabulary; languages: readonly StemmingLanguage[] } | null = null;

  /**
   * Other words of the vocabulary with the stem of `word` (folded, as the index holds words) in English or one of
   * `languages` (the archive's, see archiveLanguages.ts); [] when none or when the word is not one to stem.
   */
  variants(word: string, vocabulary: KeywordVocabulary, languages: readonly StemmingLanguage[]): string[] {
    const rememberedFor = this.rememberedFor;
    if (rememberedFor?.vocabulary !== vocabulary || rememberedFor.languages !== languages || this.remembered.size > MOST_REMEMBERED) {
      this.remembered = new Map();
      this.rememberedFor = { vocabulary, languages };
    }
    let places = this.remembered.get(word);
    if (places === undefined) {
      places = [ENGLISH, ...languages.filter((language) => language !== ENGLISH)].flatMap((language) =>
        stemPlaces(word, language, vocabulary),
      );
      this.remembered.set(word, places);
    }
    const found = new Set<string>();
    for (const { language, stem, prefix, packed } of places) {
      for (const candidate of packed) found.add(candidate);
      for (const candidate of vocabulary.recentBeginningWith(prefix)) if (isVariant(candidate, word, language, stem)) found.add(candidate);
    }
    return [...found];
  }
}
