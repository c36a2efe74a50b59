// Whether a hit's match is in text the OCR stage read from an image, so the hit can say "text read from the image".
import { decodeAttachmentTexts } from '../store/messageRecord';

/** True when `matchedIn` names an attachment whose stored text OCR read (the attachment text marked 'ocr'). */
export function isImageTextMatch(attachmentTextJson: string | undefined, matchedIn: string): boolean {
  if (attachmentTextJson === undefined || matchedIn === 'body' || matchedIn === 'subject' || matchedIn === '') return false;
  return decodeAttachmentTexts(attachmentTextJson).some((item) => item.filename === matchedIn && item.source === 'ocr' && item.text !== '');
}
