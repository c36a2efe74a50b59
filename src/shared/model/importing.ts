// Import progress events and the report an import ends with.

/** One message or file that could not be imported, and why. */
export interface ImportError {
  source: string;
  /** Where in the source: a byte offset, a message number, or a path inside an archive. */
  position: string;
  reason: string;
}

export type ImportPhase = 'reading' | 'indexing' | 'done' | 'cancelled' | 'failed';

export interface ImportProgress {
  importId: string;
  source: string;
  phase: ImportPhase;
  /** Bytes of the source as stored on disk read so far: compressed bytes for a zip, tgz or gz, all files' for a folder. */
  bytesDone: number;
  /** Size of the source on disk (a folder's: the sum of its files' sizes); 0 while a folder's size is being added up. */
  bytesTotal: number;
  /** Bytes of `bytesDone` per second over the import so far. */
  bytesPerSecond?: number;
  messages: number;
  /** Messages per second over the import so far. */
  rate: number;
  /** Seconds left, estimated from bytes; null before there is a rate. */
  etaSeconds: number | null;
}

/** A file inside a dropped folder that holds no mail, and what it is instead ("a PDF document", "an empty file"). */
export interface SkippedFile {
  /** The file's path under the folder that was dropped. */
  path: string;
  reason: string;
}

export interface ImportReport {
  imported: number;
  /** Later copies of a message this import itself added (one message twice in the input). */
  duplicates: number;
  /** Messages the store held before this import started: a repeated import, or the part an interrupted one finished. */
  alreadyImported: number;
  failed: number;
  /** Messages in the store after the import. */
  messages: number;
  errors: ImportError[];
  /** Files in dropped folders that hold no mail, by name (the first 1,000; hidden and system files are only counted). */
  skipped: SkippedFile[];
  /** Every file left out of dropped folders, hidden and system files (.DS_Store, Thumbs.db, desktop.ini) included. */
  skippedFiles: number;
  /** Of `skippedFiles`, the hidden and system files, which are counted rather than listed. */
  hiddenFiles: number;
  elapsedMs: number;
}

/** A source of mail that was imported (a collection in the folder tree). */
export interface SourceRecord {
  id: string;
  path: string;
  kind: SourceKind;
  size: number;
  importedAt: string;
  messages: number;
}

/** What an imported source was, as detected from its content. */
export type SourceKind = 'mbox' | 'zip' | 'tar' | 'eml' | 'emlx' | 'folder' | 'pst' | 'msg';
