// Store-wide counts shown in the status bar and by `lantern stats`.
import type { SourceRecord } from './importing';

export interface Stats {
  messages: number;
  threads: number;
  folders: number;
  labels: number;
  attachments: number;
  sources: SourceRecord[];
  /** Messages with vectors for semantic search, their passages, and the embedder that made them (null before any). */
  embeddedMessages: number;
  embeddedChunks: number;
  embedderId: string | null;
  /** The data folder the engine works in (for the MCP snippet, backups and "where is my data"). */
  dataDir: string;
}
