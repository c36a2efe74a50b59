// The engine as its hosts see it: the LanternApi plus events and shutdown.
import type { LanternApi, LanternEventListener } from '../../shared/contract/api';
import type { AnswerProviderSettings } from '../answer/providers';
import type { Embedder } from '../embed/embedder';

export interface EngineOptions {
  /** Folder holding the store (LanceDB tables, keyword index, sources). Created when missing. */
  dataDir: string;
  /**
   * Where the message and chunk tables live: a folder or a LanceDB URI (s3://, gs://, az://, file://) that a team can
   * share. LANTERN_TABLES when not given, else <dataDir>/lancedb. The keyword index, settings and sources stay in
   * `dataDir`, per machine; a machine that finds the tables without its own index builds one from the records.
   */
  tablesLocation?: string;
  /** IANA time zone for dates in queries; the system's by default. */
  timeZone?: string;
  /** Built parse worker (out/engine/parseWorker.mjs); without it messages are parsed on the engine's own thread. */
  parseWorkerScript?: string;
  /** Built embedding worker (out/engine/embedWorker.mjs); without it the embedding stage runs on the engine's thread. */
  embedWorkerScript?: string;
  /**
   * 'background': embed new messages after open and after each import (the app, browser mode).
   * 'on-demand' (default): only when `embed()` is called (the CLI); existing vectors are still searched.
   */
  embedding?: 'background' | 'on-demand';
  /** A local sentence-transformers model folder chosen in settings. */
  modelFolder?: string;
  /**
   * An embedder to use instead of choosing one from the model folders; the caller owns it (and closes it). The bench
   * passes the real model behind a vector cache, so scaled copies of an archive get real vectors without re-embedding.
   */
  embedder?: Embedder;
  /** The app's resources folder, where bundled models live under models/. */
  resourcesDir?: string;
  /** A local cross-encoder folder for rerank mode; `resourcesDir`/models/reranker by default, the feature reranker without one. */
  rerankerFolder?: string;
  /** How questions are answered; the offline extractive provider by default. */
  answerProvider?: AnswerProviderSettings;
  /**
   * 'write' (default): this engine owns the store's writes and takes the data folder's writer lock.
   * 'read': no lock, imports and embedding refused, reloads when the writer (the app) changes the store;
   * for the MCP server and read commands run beside the app.
   */
  access?: 'write' | 'read';
  /**
   * How long table versions replaced by merging an import's fragments stay on disk for searches still reading them
   * (60 s by default); the bench's import driver, which has no readers, passes 0 to measure the settled store.
   */
  versionGraceMs?: number;
  /** Opt-in interaction log: a JSON-lines file; off (null) by default. */
  interactionLog?: string | null;
  /** Attachments larger than this are listed and searched but their bytes not kept; 100 MB by default (tests lower it). */
  maxStoredAttachmentBytes?: number;
  /** Candidates of a quoted phrase a timeline reads before it estimates (TIMELINE_PHRASE_SAMPLE; tests lower it). */
  timelinePhraseSample?: number;
}

export interface Engine extends LanternApi {
  subscribe(listener: LanternEventListener): () => void;
  /** Flushes indexes and closes the store; the engine answers nothing after this. */
  close(): Promise<void>;
}
