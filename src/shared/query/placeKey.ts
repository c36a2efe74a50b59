// Folder paths and labels as compared everywhere (catalog, filters, Trash and Spam): folded, punctuation and spaces alike.
import { foldText } from './fold';

/** Gmail writes "my-label" for "My label"; places compare folded, with punctuation and spaces alike ("/" separates folders). */
export function placeKey(value: string): string {
  return foldText(value).replace(/[^\p{L}\p{N}/]+/gu, ' ').trim();
}
