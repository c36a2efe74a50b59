// Lower-cases and strips diacritics so "Király" and "kiraly" match, and splits words: one normaliser for the query, the index and the engine.

/** Letters that Unicode decomposition leaves whole, spelled the way people type them without accents. */
const SPELLED_OUT: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th' };
const SPELLED_OUT_PATTERN = /[łøđħıßæœþ]/g;

/** Lower case, no combining marks, ł/ø/ß... spelled out; the length may change, so never map spans through it. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(SPELLED_OUT_PATTERN, (letter) => SPELLED_OUT[letter] ?? letter);
}

const BEYOND_ASCII = /[\u0080-\uffff]/;

/**
 * Splits text into folded words (letters and digits of any script), as the keyword index stores them; text with none
 * ("&", "—", an emoji) can never be found in that index.
 */
export function words(text: string): string[] {
  // ASCII folds to its lower case alone (nothing to decompose or spell out) and its letters and digits are [a-z0-9]:
  // the same words, found faster, for the plain ASCII that most mail is.
  if (!BEYOND_ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Words joined by `_`, `-`, `.` or `/` with nothing between them: an identifier, version, file or host name
 * ("IORING_REGISTER_RING_SIZE", "io_uring-test", "v4.1.0", "x300.cfg"). The index keeps each whole as well as its
 * words, so a query naming one finds the mail that names it above the many that only hold its common parts.
 */
const ASCII_RUN = /[a-z0-9]+(?:[-_./][a-z0-9]+)*/g;
const RUN = /[\p{L}\p{N}]+(?:[-_./][\p{L}\p{N}]+)*/gu;
const JOINER = /[-_./]/;
const ASCII_WORD = /[a-z0-9]+/g;
const WORD = /[\p{L}\p{N}]+/gu;
/**
 * Longer runs are URLs, paths and message ids, nearly all found in one mail each: kept whole they would add a word to
 * the index per link without finding anything a search by their parts misses.
 */
export const LONGEST_IDENTIFIER = 40;

/** Whether a word of `indexedWords` is an identifier kept whole. */
export function isIdentifier(word: string): boolean {
  return JOINER.test(word);
}

/** Runs that are identifiers, folded: each joined run of `text` no longer than LONGEST_IDENTIFIER. */
export function identifiers(text: string): string[] {
  const ascii = !BEYOND_ASCII.test(text);
  const runs = (ascii ? text.toLowerCase() : foldText(text)).match(ascii ? ASCII_RUN : RUN) ?? [];
  return runs.filter((run) => run.length <= LONGEST_IDENTIFIER && JOINER.test(run));
}

/**
 * The words of `text` (exactly `words(text)`, in order) with each identifier (see `identifiers`) just before its own
 * words: what the keyword index stores of a text.
 */
export function indexedWords(text: string): string[] {
  const ascii = !BEYOND_ASCII.test(text);
  const runs = (ascii ? text.toLowerCase() : foldText(text)).match(ascii ? ASCII_RUN : RUN) ?? [];
  const found: string[] = [];
  for (const run of runs) {
    if (!JOINER.test(run)) {
      found.push(run);
      continue;
    }
    if (run.length <= LONGEST_IDENTIFIER) found.push(run);
    for (const word of run.match(ascii ? ASCII_WORD : WORD) ?? []) found.push(word);
  }
  return found;
}

/** A phrase as the index's words read it ("Zero-Copy  RX" -> "zero copy rx"), for matching it in folded text. */
export function foldedPhrase(phrase: string): string {
  return words(phrase).join(' ');
}
