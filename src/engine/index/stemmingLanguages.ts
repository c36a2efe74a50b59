// The languages whose words Lantern can stem, each with its Snowball stemmer and its Snowball function words (Orama's
// packages), in the folded spelling the keyword index keeps.
import { stemmer as english } from 'stemmer';
import { stopwords as danishWords } from '@orama/stopwords/danish';
import { stopwords as dutchWords } from '@orama/stopwords/dutch';
import { stopwords as englishWords } from '@orama/stopwords/english';
import { stopwords as finnishWords } from '@orama/stopwords/finnish';
import { stopwords as frenchWords } from '@orama/stopwords/french';
import { stopwords as germanWords } from '@orama/stopwords/german';
import { stopwords as hungarianWords } from '@orama/stopwords/hungarian';
import { stopwords as italianWords } from '@orama/stopwords/italian';
import { stopwords as norwegianWords } from '@orama/stopwords/norwegian';
import { stopwords as portugueseWords } from '@orama/stopwords/portuguese';
import { stopwords as romanianWords } from '@orama/stopwords/romanian';
import { stopwords as russianWords } from '@orama/stopwords/russian';
import { stopwords as spanishWords } from '@orama/stopwords/spanish';
import { stopwords as swedishWords } from '@orama/stopwords/swedish';
import { stopwords as turkishWords } from '@orama/stopwords/turkish';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { words } from './fold';

/** A language Lantern stems: its name as `lantern stats` reports it. */
export interface StemmingLanguage {
  name: string;
  /** The stem of a folded word ("rechnungen" -> rechnung). */
  stem: (word: string) => string;
  /** The words worth stemming: a word of three to thirty letters (identifiers and numbers match as written). */
  stemmable: RegExp;
  /** Its function words ("und", "nicht"), folded as the index holds words: how detection counts its messages. */
  functionWords: readonly string[];
}

/** The function words as the index holds them; lists that spell one word two ways ("daß", "dass") keep it once. */
function folded(list: readonly string[]): string[] {
  return [
    ...new Set(
      list.flatMap((word) => {
        const found = words(word);
        return found.length === 1 ? found : [];
      }),
    ),
  ];
}

/**
 * A language whose function words are folded when first asked for (detecting the archive's languages): folded at
 * module load, the fifteen lists cost every command, a search with only operators (`from:alice`) included.
 */
function language(name: string, stem: (word: string) => string, stemmable: RegExp, functionWords: readonly string[]): StemmingLanguage {
  let foldedWords: readonly string[] | null = null;
  return {
    name,
    stem,
    stemmable,
    get functionWords() {
      foldedWords ??= folded(functionWords);
      return foldedWords;
    },
  };
}

/**
 * English keeps the Porter stemmer of npm `stemmer` and plain ASCII words, as before other languages were stemmed, so
 * English archives rank as they did; the others take any letters, since Russian words are Cyrillic.
 */
export const ENGLISH: StemmingLanguage = language('english', english, /^[a-z]{3,30}$/, englishWords);

const LETTERS = /^\p{L}{3,30}$/u;

/**
 * The index folds "é" to "e", so French Snowball takes "facturées" (as "facturees") to "facture" while "facture" gives
 * "factur": its rules for -ée and -é no longer apply. Dropping a stem's final e joins them again ("payées" -> pay).
 */
const frenchFolded = (word: string): string => french(word).replace(/e$/, '');

const other = (name: string, stem: (word: string) => string, functionWords: readonly string[]): StemmingLanguage =>
  language(name, stem, LETTERS, functionWords);

/**
 * Every language detection may find: the European ones whose Orama lists are sound (Lithuanian's is garbled, Greek's and
 * Ukrainian's are short); another is one line here.
 */
export const STEMMING_LANGUAGES: readonly StemmingLanguage[] = [
  ENGLISH,
  other('danish', danish, danishWords),
  other('dutch', dutch, dutchWords),
  other('finnish', finnish, finnishWords),
  other('french', frenchFolded, frenchWords),
  other('german', german, germanWords),
  other('hungarian', hungarian, hungarianWords),
  other('italian', italian, italianWords),
  other('norwegian', norwegian, norwegianWords),
  other('portuguese', portuguese, portugueseWords),
  other('romanian', romanian, romanianWords),
  other('russian', russian, russianWords),
  other('spanish', spanish, spanishWords),
  other('swedish', swedish, swedishWords),
  other('turkish', turkish, turkishWords),
];
