// Domain types for one stored mail message, as the UI, CLI and engine see it.
import type { AttachmentTextSource } from './attachment';

/** A mailbox: display name (may be empty) and address (lower-cased). */
export interface Address {
  name: string;
  address: string;
}

/** An attachment as listed on a message; its bytes are kept in the data folder's attachment store, named by their hash. */
export interface AttachmentInfo {
  filename: string;
  contentType: string;
  size: number;
  /** SHA-256 (hex) of its bytes, naming its stored copy; absent for mail imported before copies were kept, or not kept. */
  contentHash?: string;
  /** Why no copy was kept (too large), so opening it can say so. */
  notStored?: string;
}

/** Where a message was read from: the source file and the byte offset of its first line. */
export interface MessageOrigin {
  sourceId: string;
  file: string;
  offset: number;
}

/** The fields every listing of a message carries (search hits, thread views). */
export interface MessageSummary {
  id: string;
  messageId: string;
  threadId: string;
  from: Address;
  to: Address[];
  cc: Address[];
  subject: string;
  /** ISO 8601 in UTC. */
  date: string;
  folder: string;
  labels: string[];
  hasAttachments: boolean;
  attachments: AttachmentInfo[];
  snippet: string;
}

/** A message opened for reading. */
export interface MessageDetail extends MessageSummary {
  bcc: Address[];
  text: string;
  /** HTML already sanitised by the engine (no scripts, no event handlers); null for plain-text mail. */
  html: string | null;
  headers: Record<string, string>;
  origin: MessageOrigin;
  /** Text extracted from attachments at import (capped per attachment), with the reason when one could not be read. */
  attachmentTexts: AttachmentText[];
}

export interface AttachmentText {
  filename: string;
  text: string;
  error?: string;
  /** Set when the text was read from the attachment's pixels (see AttachmentTextSource in attachment.ts). */
  source?: AttachmentTextSource;
}
