// The method table: per API method its argument schema, how long a call may take, and whether it writes the data folder.
import type { z } from 'zod';
import type { ApiArguments, ApiMethod } from './api';
import type { ArgumentShapes } from './apiSchemas';

/** The word a read-only engine's refusal starts with ("import: this Lantern is read-only …"). */
export type WritingCall = 'import' | 'embed' | 'ocr' | 'settings' | 'models';

/** What the layers that forward, check, time out or refuse a call need to know about one method. */
export interface MethodSpec<M extends ApiMethod> {
  /**
   * The argument tuple's schema, built from the named shapes in apiSchemas.ts. A function of them rather than the
   * schema itself, so that the preload and the renderer, which only need the method names, do not bundle zod (bench/measured-reasons.md).
   */
  args: (shape: ArgumentShapes) => z.ZodType<ApiArguments<M>>;
  /** How long the desktop app's engine client waits for the answer; an import reports progress as events for hours. */
  timeoutMs: number;
  /** Whether the call writes the data folder, and so is refused by a read-only engine (the MCP server, read commands). */
  writes: false | WritingCall;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Every method once, typed as a record over ApiMethod: a method of LanternApi that is missing here, or a row for one
 * that is not in it, does not compile, and each row's schema must produce that method's arguments. The preload, main's IPC, both renderer clients, the router, the read-only engine and the MCP server's
 * tools derive their forwarders from it (see forwarders.ts), so a new method is its LanternApi signature, its row
 * here and its implementation in the engine.
 */
export const API_METHOD_TABLE: { readonly [M in ApiMethod]: MethodSpec<M> } = {
  search: { args: (shape) => shape.tuple([shape.searchRequest]), timeoutMs: MINUTE, writes: false },
  timeline: { args: (shape) => shape.tuple([shape.timelineRequest]), timeoutMs: MINUTE, writes: false },
  getMessage: { args: (shape) => shape.tuple([shape.identifier]), timeoutMs: 30 * SECOND, writes: false },
  attachmentFile: { args: (shape) => shape.tuple([shape.attachmentRef]), timeoutMs: 30 * SECOND, writes: false },
  listAttachments: { args: (shape) => shape.tuple([shape.galleryRequest]), timeoutMs: MINUTE, writes: false },
  // A thumbnail is kept in the data folder's thumbnails/, a cache a read-only engine may also fill.
  attachmentThumbnail: { args: (shape) => shape.tuple([shape.attachmentRef]), timeoutMs: 30 * SECOND, writes: false },
  previewAttachment: { args: (shape) => shape.tuple([shape.previewRequest]), timeoutMs: MINUTE, writes: false },
  listFolders: { args: (shape) => shape.tuple([]), timeoutMs: 30 * SECOND, writes: false },
  getStats: { args: (shape) => shape.tuple([]), timeoutMs: MINUTE, writes: false },
  importPaths: { args: (shape) => shape.tuple([shape.importPaths, shape.identifier]), timeoutMs: 24 * HOUR, writes: 'import' },
  cancelImport: { args: (shape) => shape.tuple([shape.identifier]), timeoutMs: 30 * SECOND, writes: false },
  embed: { args: (shape) => shape.tuple([]), timeoutMs: 24 * HOUR, writes: 'embed' },
  // Pausing writes nothing; a read-only engine runs no embedding stage, so there it only notes the wish.
  setEmbeddingPaused: { args: (shape) => shape.tuple([shape.flag]), timeoutMs: 30 * SECOND, writes: false },
  ocr: { args: (shape) => shape.tuple([]), timeoutMs: 24 * HOUR, writes: 'ocr' },
  ask: { args: (shape) => shape.tuple([shape.askRequest]), timeoutMs: 10 * MINUTE, writes: false },
  cancelAsk: { args: (shape) => shape.tuple([shape.identifier]), timeoutMs: 30 * SECOND, writes: false },
  complete: { args: (shape) => shape.tuple([shape.queryText, shape.cursor]), timeoutMs: 10 * SECOND, writes: false },
  getSettings: { args: (shape) => shape.tuple([]), timeoutMs: 30 * SECOND, writes: false },
  updateSettings: { args: (shape) => shape.tuple([shape.settingsPatch]), timeoutMs: MINUTE, writes: 'settings' },
  // A snapshot is written to the backup folder, not the data folder, so a read-only engine may take one.
  backupNow: { args: (shape) => shape.tuple([]), timeoutMs: 6 * HOUR, writes: false },
  listBackups: { args: (shape) => shape.tuple([]), timeoutMs: 30 * SECOND, writes: false },
  listPeople: { args: (shape) => shape.tuple([shape.peopleRequest]), timeoutMs: MINUTE, writes: false },
  getPerson: { args: (shape) => shape.tuple([shape.identifier]), timeoutMs: MINUTE, writes: false },
  separateAddress: { args: (shape) => shape.tuple([shape.identifier, shape.flag]), timeoutMs: 30 * SECOND, writes: 'settings' },
  listModels: { args: (shape) => shape.tuple([]), timeoutMs: 30 * SECOND, writes: false },
  // A model of a few gigabytes over a slow line takes hours; progress arrives as events meanwhile.
  downloadModel: { args: (shape) => shape.tuple([shape.modelName, shape.modelDownloadOptions]), timeoutMs: 24 * HOUR, writes: 'models' },
  pauseModelDownload: { args: (shape) => shape.tuple([shape.modelName]), timeoutMs: 30 * SECOND, writes: false },
  cancelModelDownload: { args: (shape) => shape.tuple([shape.modelName]), timeoutMs: 30 * SECOND, writes: 'models' },
  useModel: { args: (shape) => shape.tuple([shape.modelName]), timeoutMs: MINUTE, writes: 'models' },
  removeModel: { args: (shape) => shape.tuple([shape.modelName]), timeoutMs: MINUTE, writes: 'models' },
  useModelFiles: { args: (shape) => shape.tuple([shape.absolutePath]), timeoutMs: MINUTE, writes: 'models' },
};

export const API_METHODS = Object.keys(API_METHOD_TABLE) as ApiMethod[];

export function isApiMethod(name: string): name is ApiMethod {
  return Object.hasOwn(API_METHOD_TABLE, name);
}
