// The words that set one person's mail apart: TF-IDF of their own lines against the whole archive's keyword index.
import type { DistinctiveWord } from '../../shared/model/people';
import { words } from '../../shared/query/fold';
import { isStopword } from '../answer/terms';
import type { KeywordIndex } from '../index/keywordIndex';

/** Their newest messages read for words: enough for a stable list, few enough to read in well under a second. */
export const WORD_SAMPLE = 200;
const TOP_WORDS = 15;

/** The writer's own text: quoted replies and what follows a signature marker are someone else's words or boilerplate. */
function ownText(text: string): string {
  const kept: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === '-- ' || line === '--') break;
    if (/^\s*>/.test(line) || /^On\s.{4,200}\swrote:\s*$/.test(line)) continue;
    kept.push(line);
  }
  return kept.join('\n');
}

/**
 * A word scores by the share of their messages it is in, times log(N/df) over the archive, so "the" and the list's
 * own name score low and "liburing" or "invoice" high. Words in only one of their messages, numbers and words of one
 * or two letters are left out: a single mail's oddity or a hash is not what they write about.
 */
export function distinctiveWords(texts: readonly string[], index: KeywordIndex): DistinctiveWord[] {
  const inMessages = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(words(ownText(text)))) {
      if (word.length < 3 || /\d/.test(word) || isStopword(word)) continue;
      inMessages.set(word, (inMessages.get(word) ?? 0) + 1);
    }
  }
  const documents = Math.max(1, index.documents);
  const scored: DistinctiveWord[] = [];
  for (const [word, count] of inMessages) {
    if (count < 2) continue;
    const frequency = Math.max(1, index.frequency('content', word));
    const score = (count / texts.length) * Math.log(documents / frequency);
    if (score > 0) scored.push({ word, score: Math.round(score * 1000) / 1000 });
  }
  return scored.sort((first, second) => second.score - first.score || first.word.localeCompare(second.word)).slice(0, TOP_WORDS);
}
