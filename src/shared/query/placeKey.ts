// Folder paths and labels as compared everywhere (catalog, filters, Trash and Spam): folded, punctuation and spaces alike.
import { foldText } from './fold';
import { WHOLE_PATH } from './grammar';

/** Gmail writes "my-label" for "My label"; places compare folded, with punctuation and spaces alike ("/" separates folders). */
export function placeKey(value: string): string {
  return foldText(value)
    .replace(/[^\p{L}\p{N}/]+/gu, ' ')
    .trim();
}

/** An `in:` value as compared: by `key`, a whole path only when `wholePath` ("/sbeck/Inbox"), else a path or a last segment. */
export interface PlaceName {
  key: string;
  wholePath: boolean;
}

export function placeName(value: string): PlaceName {
  const wholePath = value.startsWith(WHOLE_PATH);
  return { key: placeKey(wholePath ? value.slice(WHOLE_PATH.length) : value), wholePath };
}
