// "Did you mean …?" for words the archive does not hold: the nearest words that it does, found in the keyword index.
import type { Span } from '../../shared/query/ast';
import { allowedDistance, type QuerySuggestion } from '../../shared/query/didYouMean';
import { words } from '../../shared/query/fold';
import { queryLeaves } from '../../shared/query/leaves';
import type { ParsedQuery } from '../../shared/query/ast';
import type { KeywordIndex } from '../index/keywordIndex';

/** Shorter words have too many neighbours (an, as, at ...) for a guess to help. */
const MIN_LENGTH = 4;
/** A query with more unknown words than this is not a typo to fix word by word. */
const MAX_WORDS = 3;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

function frequency(keywords: KeywordIndex, word: string): number {
  return keywords.frequency('content', word) + keywords.frequency('meta', word);
}

/** Every string one deletion, swap of neighbours or replacement away, and one insertion when `inserts` (Norvig's edits1). */
function oneEditAway(word: string, letters: string, inserts: boolean): Set<string> {
  const edits = new Set<string>();
  for (let index = 0; index <= word.length; index += 1) {
    const head = word.slice(0, index);
    const tail = word.slice(index);
    if (tail) edits.add(head + tail.slice(1));
    if (tail.length > 1) edits.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of letters) {
      if (tail) edits.add(head + letter + tail.slice(1));
      if (inserts) edits.add(head + letter + tail);
    }
  }
  edits.delete(word);
  return edits;
}

/** The candidate the archive holds in the most messages, or null when it holds none of them. */
function mostFrequent(candidates: Iterable<string>, keywords: KeywordIndex): string | null {
  let found: { word: string; count: number } | null = null;
  for (const candidate of candidates) {
    const count = frequency(keywords, candidate);
    if (count > 0 && (found === null || count > found.count)) found = { word: candidate, count };
  }
  return found?.word ?? null;
}

/**
 * The archive's most frequent word one edit from `word`, else two edits (for a word of five letters or more). Edits
 * are generated and looked up rather than the vocabulary scanned: the index answers a word's frequency from a map
 * without exposing its word list, and an eight-letter word has about 600 candidates at one edit.
 */
export function closestArchiveWord(word: string, keywords: KeywordIndex): string | null {
  const letters = LETTERS + [...new Set(word)].filter((letter) => !LETTERS.includes(letter)).join('');
  const near = oneEditAway(word, letters, true);
  const closest = mostFrequent(near, keywords);
  if (closest !== null || allowedDistance(word.length) < 2) return closest;
  // Two edits, both with the word's own letters or a vowel (a letter doubled, dropped or moved: acomodate, seperate),
  // the second without insertions: every letter at every place twice over was too slow (bench/measured-reasons.md).
  const own = [...new Set(word)].join('');
  const second = new Set<string>();
  for (const edit of oneEditAway(word, [...new Set(`${own}aeiou`)].join(''), true))
    for (const again of oneEditAway(edit, own, false)) second.add(again);
  return mostFrequent(second, keywords);
}

/** A suggestion for each word of the query's free text that no message holds but the archive has a close match for. */
export function wordSuggestions(text: string, parsed: ParsedQuery, keywords: KeywordIndex, skip: readonly Span[]): QuerySuggestion[] {
  const suggestions: QuerySuggestion[] = [];
  let unknownWords = 0;
  for (const { leaf, isNegated } of queryLeaves(parsed.root)) {
    if (leaf.kind !== 'text' || isNegated) continue;
    const raw = text.slice(leaf.span.start, leaf.span.end);
    for (const match of raw.matchAll(/[\p{L}\p{N}]+/gu)) {
      const start = leaf.span.start + match.index;
      const span = { start, end: start + match[0].length };
      if (skip.some((other) => other.start < span.end && span.start < other.end)) continue;
      const [word] = words(match[0]);
      if (word === undefined || word.length < MIN_LENGTH || /\d/.test(word) || frequency(keywords, word) > 0) continue;
      unknownWords += 1;
      if (unknownWords > MAX_WORDS) return [];
      const replacement = closestArchiveWord(word, keywords);
      if (replacement !== null) suggestions.push({ span, replacement, kind: 'word' });
    }
  }
  return suggestions;
}
