// A text's indexed words, each once, in order of first appearance: what the keyword index stores of a document.
import { indexedWords, LONGEST_IDENTIFIER } from './fold';

const BEYOND_ASCII = /[\u0080-\uffff]/;

/** [a-z0-9] of lower-cased ASCII: the letters and digits indexedWords finds in ASCII text. */
function isLetterOrDigit(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
}

/** The characters that join words into an identifier: - _ . / */
function isJoiner(code: number): boolean {
  return code === 0x2d || code === 0x5f || code === 0x2e || code === 0x2f;
}

/**
 * `[...new Set(indexedWords(text))].join(' ')`, the same string. ASCII text (nearly all mail) is read in one pass over
 * its characters, each run of words joined by - _ . / taken as indexedWords takes it (the run whole when it is an
 * identifier no longer than LONGEST_IDENTIFIER, then its words), without the list of every word found, which on long
 * list mail (patches, logs) was a large part of a parse worker's time. Other text goes through indexedWords.
 */
export function distinctWords(text: string): string {
  if (BEYOND_ASCII.test(text)) return [...new Set(indexedWords(text))].join(' ');
  const lower = text.toLowerCase();
  const seen = new Set<string>();
  const found: string[] = [];
  const add = (start: number, end: number): void => {
    const word = lower.slice(start, end);
    const size = seen.size;
    seen.add(word);
    if (seen.size !== size) found.push(word);
  };
  const length = lower.length;
  /** Whether a joiner at `at` joins the word before it to one after it. */
  const isJoined = (at: number): boolean => at + 1 < length && isJoiner(lower.charCodeAt(at)) && isLetterOrDigit(lower.charCodeAt(at + 1));
  let index = 0;
  while (index < length) {
    if (!isLetterOrDigit(lower.charCodeAt(index))) {
      index += 1;
      continue;
    }
    const start = index;
    let end = index + 1;
    while (end < length && isLetterOrDigit(lower.charCodeAt(end))) end += 1;
    if (!isJoined(end)) {
      add(start, end);
      index = end;
      continue;
    }
    while (isJoined(end)) {
      end += 2;
      while (end < length && isLetterOrDigit(lower.charCodeAt(end))) end += 1;
    }
    if (end - start <= LONGEST_IDENTIFIER) add(start, end);
    // The run's words: each ends at a joiner, the last at the run's end.
    for (let word = start; word < end;) {
      let wordEnd = word;
      while (wordEnd < end && isLetterOrDigit(lower.charCodeAt(wordEnd))) wordEnd += 1;
      add(word, wordEnd);
      word = wordEnd + 1;
    }
    index = end;
  }
  return found.join(' ');
}
