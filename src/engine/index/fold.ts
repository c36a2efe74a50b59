// Words as the keyword index and its queries see them, over the query language's own normaliser.
import { foldText } from '../../shared/query/fold';

export { foldText };

const BEYOND_ASCII = /[\u0080-\uffff]/;

/** Splits folded text into words (letters and digits of any script). */
export function words(text: string): string[] {
  // ASCII folds to its lower case alone (nothing to decompose or spell out) and its letters and digits are [a-z0-9]:
  // the same words, found faster, for the plain ASCII that most mail is.
  if (!BEYOND_ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}
