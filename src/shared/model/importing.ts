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
  bytesDone: number;
  bytesTotal: number;
  messages: number;
  /** Messages per second over the import so far. */
  rate: number;
  /** Seconds left, estimated from bytes; null before there is a rate. */
  etaSeconds: number | null;
}

export interface ImportReport {
  imported: number;
  duplicates: number;
  failed: number;
  /** Messages in the store after the import. */
  messages: number;
  errors: ImportError[];
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
export type SourceKind = 'mbox' | 'zip' | 'tar' | 'eml' | 'folder' | 'pst' | 'msg';
