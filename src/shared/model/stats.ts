// Store-wide counts shown in the status bar and by `lantern stats`.
import type { SourceRecord } from './importing';
import type { StoreHealth } from './storeHealth';

export interface Stats {
  messages: number;
  /** What "All mail" lists: the messages outside Trash and Spam, and how many of them are unread. */
  allMailMessages: number;
  allMailUnread: number;
  threads: number;
  folders: number;
  labels: number;
  attachments: number;
  sources: SourceRecord[];
  /** Messages with vectors for semantic search, their passages, and the embedder that made them (null before any). */
  embeddedMessages: number;
  embeddedChunks: number;
  embedderId: string | null;
  /** Messages with images or scanned PDF pages, and how many of them the OCR stage has read; absent before it counted. */
  imageText?: { done: number; total: number };
  /**
   * The languages the archive's mail is written in, the most used first ("english", "german"): told from the keyword
   * index's counts of each language's function words; search stems words in these and always in English.
   */
  languages?: string[];
  /** The data folder the engine works in (for the MCP snippet, backups and "where is my data"). */
  dataDir: string;
  /** Present when opening found the store damaged, or imports to run again to bring back what it lost. */
  storeHealth?: StoreHealth;
}
