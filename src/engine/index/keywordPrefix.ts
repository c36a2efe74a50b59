// The words of the keyword index that a word still being typed begins ("daughterboa" -> daughterboard, daughterboards),
// the most used first: while a person types, the last word of the box is usually a word cut short.
import type { KeywordVocabulary } from './keywordVocabulary';

/** Words read at most after the prefix: a two-letter prefix begins thousands of words in a large archive. */
const MOST_READ = 2000;
/** Completions kept, the most used first: enough for the word meant, few enough that the search stays quick. */
const MOST_COMPLETIONS = 20;
const SHORTEST_PREFIX = 2;

/** Words of the vocabulary that begin with `prefix` (folded, as the index holds words), most messages first. */
export function prefixCompletions(prefix: string, vocabulary: KeywordVocabulary, messagesWith: (word: string) => number): string[] {
  if (prefix.length < SHORTEST_PREFIX) return [];
  const found = new Set<string>();
  for (const word of vocabulary.beginningWith(prefix, MOST_READ)) if (word !== prefix) found.add(word);
  for (const word of vocabulary.recentBeginningWith(prefix)) if (word !== prefix) found.add(word);
  const counted = [...found].map((word) => ({ word, count: messagesWith(word) }));
  counted.sort((first, second) => second.count - first.count || (first.word < second.word ? -1 : 1));
  return counted.slice(0, MOST_COMPLETIONS).map(({ word }) => word);
}
