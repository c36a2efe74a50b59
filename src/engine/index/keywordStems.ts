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

/**
 * Words of the vocabulary other than `word` with its stem in `language`. They are looked for under the stem's prefix
 * and, where the stemmer rewrote a letter within it (y -> i: "days" -> dai, French "payer" -> pai), under the word's.
 */
function sameStem(word: string, language: StemmingLanguage, vocabulary: KeywordVocabulary, found: Set<string>): void {
  if (!language.stemmable.test(word)) return;
  const stem = language.stem(word);
  const consider = (candidate: string): void => {
    if (candidate !== word && language.stemmable.test(candidate) && language.stem(candidate) === stem) found.add(candidate);
  };
  for (const prefix of new Set([sharedPrefix(stem), sharedPrefix(word.slice(0, stem.length))])) {
    for (const candidate of vocabulary.beginningWith(prefix, MOST_CANDIDATES)) consider(candidate);
    for (const candidate of vocabulary.recent) if (candidate.startsWith(prefix)) consider(candidate);
  }
}

export class StemVariants {
  private remembered = new Map<string, string[]>();
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
    const known = this.remembered.get(word);
    if (known) return known;
    const found = new Set<string>();
    sameStem(word, ENGLISH, vocabulary, found);
    for (const language of languages) if (language !== ENGLISH) sameStem(word, language, vocabulary, found);
    const variants = [...found];
    this.remembered.set(word, variants);
    return variants;
  }
}
