// The shapes of API arguments (zod), checked by the engine's router for every caller: the window, a browser page, the CLI, MCP.
import { z } from 'zod';
import type { ApiArguments, ApiMethod } from './api';
import { API_METHOD_TABLE } from './apiMethods';
import type { WireError } from './errors';
import { MAX_PAGE_SIZE, MAX_QUERY_LENGTH } from './apiLimits';
import type { SearchMode, SearchRequest, SortOrder } from '../model/search';
import type { AnswerTurn, AskRequest, ProviderName } from '../model/answer';
import type { SettingsPatch } from '../model/settings';
import type { AttachmentRef } from '../model/attachment';
import type { GalleryRequest, PreviewRequest } from '../model/gallery';
import type { TimelineRequest } from '../model/timeline';
import type { ModelDownloadOptions } from '../model/models';
import type { PeopleRequest, PeopleSort } from '../model/people';

const MAX_IMPORT_PATHS = 10_000;

const identifier = z.string().min(1).max(1_000);

// Records of allowed values, so a new sort order or search mode in the model fails to compile until listed.
const SORT_ORDERS = { relevance: true, date: true } as const satisfies Record<SortOrder, true>;
const SEARCH_MODES = { keyword: true, semantic: true, hybrid: true, rerank: true, hyde: true, auto: true } as const satisfies Record<
  SearchMode,
  true
>;

function oneOf<T extends string>(values: Record<T, true>): z.ZodType<T> {
  return z.enum(Object.keys(values) as [T, ...T[]]) as unknown as z.ZodType<T>;
}

// Record<keyof SearchRequest, ...> makes a field added to SearchRequest (even an optional one) fail to compile
// until it is validated here; otherwise the strict object would refuse every request that uses it.
const searchRequest = z.strictObject({
  query: z.string().max(MAX_QUERY_LENGTH),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  offset: z.number().int().min(0).optional(),
  sort: oneOf(SORT_ORDERS).optional(),
  mode: oneOf(SEARCH_MODES).optional(),
  isTyping: z.boolean().optional(),
  similar: z.boolean().optional(),
} satisfies Record<keyof SearchRequest, z.ZodType>);

const timelineRequest = z.strictObject({
  query: z.string().max(MAX_QUERY_LENGTH),
  sort: oneOf(SORT_ORDERS).optional(),
  mode: oneOf(SEARCH_MODES).optional(),
  isTyping: z.boolean().optional(),
} satisfies Record<keyof TimelineRequest, z.ZodType>);

const PEOPLE_SORTS = { messages: true, last: true, name: true } as const satisfies Record<PeopleSort, true>;

const peopleRequest = z.strictObject({
  query: z.string().max(MAX_QUERY_LENGTH).optional(),
  mode: oneOf(SEARCH_MODES).optional(),
  filter: z.string().max(1_000).optional(),
  isTyping: z.boolean().optional(),
  sort: oneOf(PEOPLE_SORTS).optional(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  offset: z.number().int().min(0).optional(),
} satisfies Record<keyof PeopleRequest, z.ZodType>);

const PROVIDERS = { extractive: true, ollama: true, openai: true, local: true } as const satisfies Record<ProviderName, true>;
const MAX_HISTORY = 50;

const answerTurn = z.strictObject({
  question: z.string().max(MAX_QUERY_LENGTH),
  answer: z.string().max(100_000),
  citedIds: z.array(identifier).max(100).optional(),
} satisfies Record<keyof AnswerTurn, z.ZodType>);

const askRequest = z.strictObject({
  question: z.string().min(1).max(MAX_QUERY_LENGTH),
  requestId: identifier,
  history: z.array(answerTurn).max(MAX_HISTORY).optional(),
  provider: oneOf(PROVIDERS).optional(),
} satisfies Record<keyof AskRequest, z.ZodType>);

// The window only learns paths from the OS (dialogs, webUtils.getPathForFile), which are always absolute, and the CLI
// resolves what was typed against its own working directory; a relative path would be resolved against the engine's
// working directory, which the user never chose. POSIX "/...", Windows "C:\..." or "C:/...", and UNC "\\server\share";
// written without node:path, since src/shared runs in every host.
const ABSOLUTE_PATH = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;
const absolutePath = z.string().min(1).max(4_096).regex(ABSOLUTE_PATH, { message: 'must be an absolute path' });

// Shapes only; the engine checks values (a real time zone, a .gguf path) and names the wrong one.
const providerChoice = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('extractive') }),
  z.strictObject({ kind: z.literal('ollama'), model: z.string().max(200), baseUrl: z.string().max(2_000).optional() }),
  z.strictObject({ kind: z.literal('openai'), model: z.string().max(200), baseUrl: z.string().max(2_000) }),
  z.strictObject({ kind: z.literal('local'), modelPath: z.string().max(4_096), threads: z.number().int().min(1).max(256).optional() }),
]);

const settingsPatch = z.strictObject({
  timeZone: z.string().max(100).nullable().optional(),
  answerProvider: providerChoice.optional(),
  modelFolder: absolutePath.nullable().optional(),
  rerankerFolder: absolutePath.nullable().optional(),
  modelMirror: z.string().max(2_000).nullable().optional(),
  interactionLog: z.boolean().optional(),
  backups: z.strictObject({ keep: z.number().int().min(0).max(100).optional(), folder: absolutePath.nullable().optional() }).optional(),
} satisfies Record<keyof SettingsPatch, z.ZodType>);

// The engine checks the mirror's scheme and names it; here only the shape.
const modelDownloadOptions = z.strictObject({
  mirror: z.string().min(1).max(2_000).optional(),
} satisfies Record<keyof ModelDownloadOptions, z.ZodType>);

/** Also checks the desktop app's open and save calls, which main answers itself (see src/main/attachmentActions.ts). */
export const attachmentRef = z.strictObject({
  messageId: identifier,
  index: z.number().int().min(0).max(100_000),
} satisfies Record<keyof AttachmentRef, z.ZodType>);

const galleryRequest = z.strictObject({
  query: z.string().max(MAX_QUERY_LENGTH),
  mode: oneOf(SEARCH_MODES).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  isTyping: z.boolean().optional(),
} satisfies Record<keyof GalleryRequest, z.ZodType>);

const previewRequest = z.strictObject({
  ref: attachmentRef,
  query: z.string().max(MAX_QUERY_LENGTH),
  page: z.number().int().min(1).max(1_000_000).optional(),
} satisfies Record<keyof PreviewRequest, z.ZodType>);

/** The named pieces the method table (apiMethods.ts) builds each method's argument tuple from. */
export const argumentShapes = {
  tuple: z.tuple,
  identifier,
  searchRequest,
  timelineRequest,
  attachmentRef,
  galleryRequest,
  previewRequest,
  askRequest,
  settingsPatch,
  importPaths: z.array(absolutePath).min(1).max(MAX_IMPORT_PATHS),
  queryText: z.string().max(MAX_QUERY_LENGTH),
  cursor: z.number().int().min(0).max(MAX_QUERY_LENGTH),
  flag: z.boolean(),
  peopleRequest,
  modelName: z.string().min(1).max(200),
  modelDownloadOptions,
  absolutePath,
};

export type ArgumentShapes = typeof argumentShapes;

export type ArgumentCheck<M extends ApiMethod> = { ok: true; args: ApiArguments<M> } | { ok: false; error: WireError };

/** Checks the raw arguments of a call to `method`; the error names the method and the offending argument. */
export function checkArguments<M extends ApiMethod>(method: M, raw: unknown[]): ArgumentCheck<M> {
  const parsed = API_METHOD_TABLE[method].args(argumentShapes).safeParse(raw);
  if (parsed.success) return { ok: true, args: parsed.data };
  const problems = parsed.error.issues
    .map((issue) => `${issue.path.length > 0 ? `argument ${issue.path.join('.')}` : 'arguments'}: ${issue.message}`)
    .join('; ');
  return { ok: false, error: { code: 'bad-request', message: `api: ${method} rejected its arguments (${problems})` } };
}
