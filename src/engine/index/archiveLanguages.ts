// The archive's main languages, told by the keyword index's own counts: how many messages hold each language's
// function words. Every message counts, nothing is stored, and a few thousand look-ups redo it as mail is added.
import { STEMMING_LANGUAGES, type StemmingLanguage } from './stemmingLanguages';

/**
 * A language's function words that no other language has once folded: "die" is German and Dutch and "also" German
 * and English, so neither tells one from the other. Worked out on the first weighing, not when the module loads: a
 * command that never weighs languages (most searches ask once, if at all) does not pay for it.
 */
let distinctive: ReadonlyMap<StemmingLanguage, readonly string[]> | null = null;

function distinctiveWords(): ReadonlyMap<StemmingLanguage, readonly string[]> {
  if (distinctive) return distinctive;
  const languagesOf = new Map<string, number>();
  for (const language of STEMMING_LANGUAGES)
    for (const word of new Set(language.functionWords)) languagesOf.set(word, (languagesOf.get(word) ?? 0) + 1);
  distinctive = new Map(
    STEMMING_LANGUAGES.map((language) => [
      language,
      language.functionWords.filter((word) => word.length >= 3 && languagesOf.get(word) === 1),
    ]),
  );
  return distinctive;
}

/**
 * A language's weight is how many messages hold its RANKth commonest distinctive word: a message in the language holds
 * most of "und, nicht, ich, ist, auch", while one word ("man", "bis") turns up in English mail too.
 */
const RANK = 8;
/**
 * The share of messages a main language is written in at least, and never fewer than two messages: in English list
 * archives (io-uring, usrp-users, 100k) the most any other language reaches is 0.6% (quoted French), most stay under 0.2%.
 */
const SHARE = 0.02;
const FEWEST_MESSAGES = 2;

export interface LanguageWeight {
  language: StemmingLanguage;
  /** Messages holding its RANKth commonest distinctive function word. */
  messages: number;
}

/** Every stemming language's weight in an archive, the heaviest first. */
export function weighLanguages(messagesHolding: (word: string) => number): LanguageWeight[] {
  return STEMMING_LANGUAGES.map((language) => {
    const counts = (distinctiveWords().get(language) ?? []).map(messagesHolding).sort((first, second) => second - first);
    return { language, messages: counts[RANK - 1] ?? 0 };
  }).sort((first, second) => second.messages - first.messages);
}

/** The languages a main share of the archive's messages are written in, the most used first ([] for an empty archive). */
export function detectLanguages(messagesHolding: (word: string) => number, messages: number): StemmingLanguage[] {
  const fewest = Math.max(FEWEST_MESSAGES, SHARE * messages);
  return weighLanguages(messagesHolding)
    .filter((weight) => weight.messages >= fewest)
    .map((weight) => weight.language);
}
