// What every mail reader (mbox, PST, MSG, EML trees, archives) yields to the import pipeline.

/** One message larger than this is skipped (and reported) by every reader, so memory stays bounded. */
export const MAX_MESSAGE_BYTES = 200 * 1024 * 1024;

/** Where a message sits in the source's own structure, when the source has one. */
export interface MailPlacement {
  /** Folder path with "/" separators ("Inbox/Projects"); null to use the source's default folder. */
  folder: string | null;
  /** Extra labels the source knows (Gmail labels come from the X-Gmail-Labels header instead). */
  labels: string[];
  isRead?: boolean;
  isStarred?: boolean;
}

/**
 * One message read from a source: its RFC 822 bytes, a file holding it alone that the parser reads (a maildir's: its
 * bytes then never pass through the importing thread), or a reason it could not be read.
 */
export type RawMail =
  | {
      kind: 'message';
      bytes: Buffer;
      /** Byte offset of the message in the (uncompressed) file, or -1 where offsets make no sense. */
      offset: number;
      /** Human-readable position for reports: "byte 1204331", "Inbox/12.eml", "message 7". */
      position: string;
      placement: MailPlacement;
    }
  | { kind: 'file'; path: string; position: string; placement: MailPlacement }
  | { kind: 'failure'; position: string; reason: string };

export interface ReadOptions {
  signal: AbortSignal;
  /** Called as bytes of the source are consumed, for progress. */
  onBytes: (bytesDone: number) => void;
}

/** A reader turns one file (or folder) into a stream of messages. */
export type MailReader = (path: string, options: ReadOptions) => AsyncIterable<RawMail>;
