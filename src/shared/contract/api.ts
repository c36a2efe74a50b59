// LanternApi: every call the UI can make and every event it can receive, in all three hosts.
import type { Answer, AskRequest } from '../model/answer';
import type { EmbeddingReport } from '../model/embedding';
import type { Folder } from '../model/folder';
import type { Suggestion } from '../query/complete';
import type { ImportProgress, ImportReport } from '../model/importing';
import type { MessageDetail } from '../model/message';
import type { AttachmentFile, AttachmentOutcome, AttachmentRef } from '../model/attachment';
import type { AttachmentPreview, GalleryPage, GalleryRequest, PreviewRequest } from '../model/gallery';
import type { SearchRequest, SearchResult } from '../model/search';
import type { Stats } from '../model/stats';
import type { OcrProgress, OcrReport } from '../model/ocr';
import type { PeopleList, PeopleRequest, PersonDetail } from '../model/people';
import type { Timeline, TimelineRequest } from '../model/timeline';
import type { BackupSummary, Settings, SettingsPatch } from '../model/settings';
import type { ModelDownloadOptions, ModelDownloadOutcome, ModelDownloadProgress, ModelListing } from '../model/models';

/** Calls answered by the engine. Every method takes plain JSON and returns plain JSON. */
export interface LanternApi {
  search(request: SearchRequest): Promise<SearchResult>;
  /** A search's matches by day, month or year, and its facets (senders, recipients, places, years, attachments), over every match. */
  timeline(request: TimelineRequest): Promise<Timeline>;
  /** The message with this id, or null when there is none. */
  getMessage(id: string): Promise<MessageDetail | null>;
  /**
   * The stored copy of one attachment, on the engine's machine, with a sanitised name. Fails with a sentence when
   * there is none: mail imported before copies were kept ("re-import the file"), an attachment too large to keep.
   */
  attachmentFile(ref: AttachmentRef): Promise<AttachmentFile>;
  /** The attachments of every message a query matches, newest mail first, a page at a time (the gallery). */
  listAttachments(request: GalleryRequest): Promise<GalleryPage>;
  /** A picture's or a PDF's first page's thumbnail as a data URL, made once and kept; null when it gets an icon. */
  attachmentThumbnail(ref: AttachmentRef): Promise<string | null>;
  /** An attachment to look at in the reading pane, the query's words marked; programs and scripts are refused. */
  previewAttachment(request: PreviewRequest): Promise<AttachmentPreview>;
  listFolders(): Promise<Folder[]>;
  getStats(): Promise<Stats>;
  /** Imports files or folders on the engine's machine; progress arrives as events tagged with `importId`. */
  importPaths(paths: string[], importId: string): Promise<ImportReport>;
  cancelImport(importId: string): Promise<void>;
  /** Runs (or resumes) the embedding stage to the end; progress arrives as 'embedding-progress' events. */
  embed(): Promise<EmbeddingReport>;
  /**
   * Pauses (true) or resumes (false) the background embedding stage between batches; the answer is whether it is paused.
   * Not saved: a restart embeds again. An 'embedding-progress' event with `paused` follows.
   */
  setEmbeddingPaused(paused: boolean): Promise<boolean>;
  /** Runs (or resumes) the OCR stage: text read from images and scanned PDF pages; progress arrives as 'ocr-progress' events. */
  ocr(): Promise<OcrReport>;
  /** Answers a question from the mail with citations; text streams as 'answer-token' events tagged with `requestId`. */
  ask(request: AskRequest): Promise<Answer>;
  /** Stops the answer being written for `requestId`: the model stops and that `ask` returns what it wrote, marked stopped. */
  cancelAsk(requestId: string): Promise<void>;
  /** Suggestions for the query token under the cursor: operators with hints, then values from the archive. */
  complete(text: string, cursor: number): Promise<Suggestion[]>;
  /** The settings saved in the data folder (time zone, answer provider, model folder, interaction log, backups). */
  getSettings(): Promise<Settings>;
  /** Changes some settings; a bad value is refused with a message naming it and nothing is saved. */
  updateSettings(patch: SettingsPatch): Promise<Settings>;
  /** Takes a snapshot of the store now, into the backup folder of the settings. */
  backupNow(): Promise<BackupSummary>;
  /** Finished snapshots in the backup folder, newest first. */
  listBackups(): Promise<BackupSummary[]>;
  /** Correspondents, one per person (aliases joined), with counts relative to the archive's owner; filtered, sorted, paged. */
  listPeople(request: PeopleRequest): Promise<PeopleList>;
  /** The person one of whose addresses this is, with monthly activity, co-correspondents, threads, attachments and words; null when unknown. */
  getPerson(address: string): Promise<PersonDetail | null>;
  /** Keeps an address out of every alias group (true) or lets the rule group it again (false); answers the separated addresses. */
  separateAddress(address: string, isSeparated: boolean): Promise<string[]>;
  /** The model catalogue with what is installed, in use, being downloaded, and where downloads come from. */
  listModels(): Promise<ModelListing>;
  /**
   * Downloads a catalogue model into the data folder's models/, only when the person asked; each file is checked
   * against its SHA-256 before it is installed. Progress arrives as 'model-download' events; a paused download resumes
   * from its bytes on the next call. A failure is an error whose message says why in one sentence.
   */
  downloadModel(name: string, options: ModelDownloadOptions): Promise<ModelDownloadOutcome>;
  /** Stops a download and keeps its bytes, so the next `downloadModel` resumes it. */
  pauseModelDownload(name: string): Promise<void>;
  /** Stops a download and deletes what it fetched. */
  cancelModelDownload(name: string): Promise<void>;
  /** Makes an installed (or built-in) model the one its role uses, saved in settings. */
  useModel(name: string): Promise<ModelListing>;
  /** Deletes an installed model; when it was in use, its role goes back to the built-in one. */
  removeModel(name: string): Promise<ModelListing>;
  /** Uses files the person already has: a sentence-transformers ONNX folder (embedder or cross-encoder) or a .gguf (answers). */
  useModelFiles(path: string): Promise<ModelListing>;
}

export type ApiMethod = keyof LanternApi;
export type ApiArguments<M extends ApiMethod> = Parameters<LanternApi[M]>;
export type ApiResult<M extends ApiMethod> = Awaited<ReturnType<LanternApi[M]>>;

/** Events pushed from the engine to every window. */
export type LanternEvent =
  | { type: 'import-progress'; progress: ImportProgress }
  | { type: 'import-finished'; importId: string; report: ImportReport }
  /** A piece of an answer being written (LLM providers stream; the extractive one sends its answer at once). */
  | { type: 'answer-token'; requestId: string; text: string }
  /** Background embedding of messages for semantic search: done of total messages. */
  | { type: 'embedding-progress'; done: number; total: number; embedderId: string; paused?: boolean; etaSeconds?: number | null }
  /** Background OCR of images and scanned pages: done of total messages that have them. */
  | { type: 'ocr-progress'; progress: OcrProgress }
  /** The stored messages changed (an import added some): listings should refresh. */
  | { type: 'store-changed' }
  /** A model download the person started: bytes, rate, time left, and how it ended. */
  | { type: 'model-download'; progress: ModelDownloadProgress }
  | { type: 'engine-restarted'; reason: string };

export type LanternEventListener = (event: LanternEvent) => void;

/** What the renderer gets: the API, events, and how dropped files reach the engine in this host. */
export interface LanternClient extends LanternApi {
  subscribe(listener: LanternEventListener): () => void;
  /** Turns files dropped on the page into paths the engine can read (a real path in Electron, an upload in a browser). */
  resolveDroppedFiles(files: File[]): Promise<string[]>;
  readonly host: 'electron' | 'browser';
  /**
   * Opens an attachment with the user's program for its type, from a fresh temporary copy; programs and scripts are
   * refused (they can only be saved). Browser mode downloads it instead, since a page cannot start programs.
   */
  openAttachment(ref: AttachmentRef): Promise<AttachmentOutcome>;
  /** Saves an attachment where the user chooses (a save dialog); browser mode downloads it. */
  saveAttachment(ref: AttachmentRef): Promise<AttachmentOutcome>;
  /** Electron only: keeps the API key in the OS keychain. Browser mode reads LANTERN_API_KEY from the environment. */
  setApiKey?(key: string | null): Promise<void>;
}
