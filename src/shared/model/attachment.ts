// Attachments as files: which one (a message and its place in the list), where its stored copy is, what became of it.

/** One attachment of one message: `index` is its place in the message's `attachments` list, from 0. */
export interface AttachmentRef {
  messageId: string;
  index: number;
}

/** An attachment's stored copy on the engine's machine, with a file name that is safe to write anywhere. */
export interface AttachmentFile {
  /** The file in the data folder's attachment store; read it or copy it, never change it (other mail may share it). */
  path: string;
  /** The mail's name for it, sanitised: no folders, no control characters, no leading dots, not too long. */
  filename: string;
  contentType: string;
  size: number;
}

/** What an Open or Save did: in browser mode both download, since a page cannot start the user's programs. */
export type AttachmentOutcome =
  | { kind: 'opened'; path: string }
  | { kind: 'saved'; path: string }
  | { kind: 'downloaded'; filename: string }
  /** The user closed the save dialog. */
  | { kind: 'cancelled' };

/**
 * Where an attachment's searchable text came from when it is not the file's own text: 'ocr' is text the OCR stage read
 * from an image or from scanned pages, which the app labels with TEXT_READ_FROM_IMAGE.
 */
export type AttachmentTextSource = 'ocr';

/** The words shown beside a hit or a preview whose text was read by OCR. */
export const TEXT_READ_FROM_IMAGE = 'text read from the image';
