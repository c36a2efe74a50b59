// Finds a cited sentence in a mail's text. The quote went through sentence splitting and whitespace clean-up on the
// way to the answer, so it is matched word by word, ignoring case, spacing, line breaks and punctuation between words.

export interface TextRange {
  start: number;
  end: number;
}

/** Longer quotes are located by their opening words: enough to be unique, and the regex stays small. */
const MAX_WORDS = 60;
/** A quote that no longer matches as a whole (trimmed, re-wrapped) is still found by its opening words. */
const OPENING_WORDS = 8;

function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function search(text: string, words: string[]): TextRange | null {
  if (words.length === 0) return null;
  const pattern = new RegExp(words.map(escape).join('[^\\p{L}\\p{N}]+'), 'iu');
  const match = pattern.exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

/** Where `quote` stands in `text`, or null when the text does not hold it (it may come from an attachment). */
export function findCitedPassage(text: string, quote: string): TextRange | null {
  const words = wordsOf(quote);
  if (words.length === 0) return null;
  return search(text, words.slice(0, MAX_WORDS)) ?? (words.length > OPENING_WORDS ? search(text, words.slice(0, OPENING_WORDS)) : null);
}
