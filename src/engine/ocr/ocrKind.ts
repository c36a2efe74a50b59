// Which attachments the OCR stage reads: images by type or name, and PDFs whose text layer gave no text at import.
import type { AttachmentInfo, AttachmentText } from '../../shared/model/message';

export type OcrKind = 'image' | 'pdf';

const IMAGE_TYPES = /^image\/(png|jpeg|jpg|pjpeg|tiff|gif)$/i;
const IMAGE_NAMES = /\.(png|jpe?g|tiff?|gif)$/i;

/** 'image', 'pdf' or null (nothing to read) by content type, then by file name (mail often says octet-stream). */
export function ocrKindOf(attachment: Pick<AttachmentInfo, 'filename' | 'contentType'>): OcrKind | null {
  const type = attachment.contentType.split(';')[0]!.trim();
  if (IMAGE_TYPES.test(type)) return 'image';
  if (/^application\/pdf$/i.test(type)) return 'pdf';
  if (IMAGE_NAMES.test(attachment.filename)) return 'image';
  if (/\.pdf$/i.test(attachment.filename)) return 'pdf';
  return null;
}

/**
 * The index in `texts` of this attachment's text entry, the first not yet claimed by an earlier attachment of the same
 * name (two scans named "scan.pdf" each keep their own), or -1.
 */
export function textEntryOf(texts: readonly AttachmentText[], filename: string, claimed: Set<number>): number {
  for (let index = 0; index < texts.length; index += 1)
    if (!claimed.has(index) && texts[index]!.filename === filename) {
      claimed.add(index);
      return index;
    }
  return -1;
}

/**
 * Whether OCR still has to look at an attachment: an image with no text read from it yet, a PDF whose text layer was
 * empty (import recorded no text) and that OCR has not read yet. An entry marked 'ocr' means done, read or skipped.
 */
export function needsOcr(kind: OcrKind, entry: AttachmentText | undefined): boolean {
  if (entry?.source === 'ocr') return false;
  if (kind === 'image') return true;
  return entry !== undefined && entry.text.trim() === '';
}
