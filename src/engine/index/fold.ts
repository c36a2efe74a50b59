// Words as the keyword index and its queries see them, over the query language's own normaliser.
import { foldText } from '../../shared/query/fold';

export { foldText };

/** Splits folded text into words (letters and digits of any script). */
export function words(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}
