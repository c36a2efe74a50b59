// The words OCR text adds to a message's keyword document: only these are added to the index, so no posting repeats.
import { keywordDocumentOf, type KeywordSource } from '../index/keywordDocument';

/** Content words of the message with `attachmentTextJson` that it did not hold before, in order, space-separated. */
export function addedContentWords(before: KeywordSource, attachmentTextJson: string): string {
  const held = new Set(keywordDocumentOf(before).content.split(' '));
  return keywordDocumentOf({ ...before, attachmentTextJson })
    .content.split(' ')
    .filter((word) => word !== '' && !held.has(word))
    .join(' ');
}
