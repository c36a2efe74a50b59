// The MCP server: four tools over a read-only engine, answering on stdio. Tool failures are tool errors, never crashes.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { LanternApi } from '../../shared/contract/api';
import type { SearchMode } from '../../shared/model/search';
import { EVERYTHING_SCOPE, SCOPES } from '../../shared/query/grammar';
import { parseQuery } from '../../shared/query/parse';
import { ANSWER_OUTPUT, EMAIL_OUTPUT, FOLDERS_OUTPUT, SEARCH_OUTPUT, type OutputOf } from './outputSchemas';
import { ASK_DESCRIPTION, GET_EMAIL_DESCRIPTION, LIST_FOLDERS_DESCRIPTION, searchDescription } from './toolDescriptions';
import { errorMessage } from '../../shared/errorMessage';
import { registerPeopleTool } from './peopleTool';
import { registerTimelineTool } from './timelineTool';

const MAX_RESULTS = 50;
const MAX_TEXT = 20_000;
const MAX_ATTACHMENT_TEXT = 10_000;
const MODES = ['keyword', 'semantic', 'hybrid', 'rerank', 'hyde', 'auto'] as const satisfies readonly SearchMode[];

export type ToolApi = Pick<
  LanternApi,
  'search' | 'getMessage' | 'listFolders' | 'getStats' | 'ask' | 'timeline' | 'listPeople' | 'getPerson'
>;

/** The result as JSON text for clients that read text, and as structured content checked against the output schema. */
function result<T extends Record<string, unknown>>(value: T): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Runs a tool body; any failure becomes a tool error with the engine's own sentence. */
async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    return toolError(errorMessage(error));
  }
}

const SCOPE_NAMES = SCOPES.map((scope) => scope.name);

/** @-scopes as a list, or one scope as a string: assistants following the @-scope convention often send just "@collection:x". */
function scopesArgument(example: string): z.ZodType<string | string[]> {
  const scope = z.string().max(500);
  return z.union([scope, z.array(scope).max(20)]).describe(`@-scopes, e.g. ${example}; one scope may be given as a string`);
}
const SCOPE_PATTERN = new RegExp(`^-?@(${SCOPE_NAMES.join('|')}):\\S`, 'i');

/**
 * The query with its @-scopes appended: scopes are part of the query language. A query whose top level is an OR is
 * put in parentheses first, since AND binds tighter ("a OR b @folder:x" would scope b only); other queries are left
 * as written, because parentheses would stop the plain-English reading ("5 latest pdfs").
 */
export function withContext(query: string, context: string | readonly string[] | undefined): string {
  const scopes = (typeof context === 'string' ? [context] : (context ?? [])).map((scope) => scope.trim()).filter(Boolean);
  for (const scope of scopes) {
    if (scope !== EVERYTHING_SCOPE && !SCOPE_PATTERN.test(scope)) {
      throw new Error(
        `context: "${scope}" is not an @-scope; write it like ${SCOPES.map((known) => known.example).join(', ')} (a leading - excludes)`,
      );
    }
  }
  const text = query.trim();
  if (scopes.length === 0) return text;
  const base = text !== '' && parseQuery(text).root?.kind === 'or' ? `(${text})` : text;
  return [base, ...scopes].filter(Boolean).join(' ');
}

function capped(text: string, limit: number): { text: string; truncated: boolean } {
  return text.length > limit
    ? { text: `${text.slice(0, limit)}\n[… cut at ${limit} of ${text.length} characters]`, truncated: true }
    : { text, truncated: false };
}

/** One page of a long text, with where the next call should start; the note tells a reader who ignores the field. */
function textPage(text: string, start: number): { text: string; nextTextOffset: number | null } {
  const end = start + MAX_TEXT;
  if (start === 0 && end >= text.length) return { text, nextTextOffset: null };
  const page = text.slice(start, end);
  if (end >= text.length) return { text: `[… from character ${start} of ${text.length}]\n${page}`, nextTextOffset: null };
  return {
    text: `${page}\n[… cut at ${end} of ${text.length} characters; call get_email with textOffset: ${end} for more]`,
    nextTextOffset: end,
  };
}

export function createMcpServer(api: ToolApi, version: string): McpServer {
  const server = new McpServer({ name: 'lantern', version });

  server.registerTool(
    'search_emails',
    {
      title: 'Search mail',
      description: searchDescription(),
      inputSchema: {
        query: z.string().max(10_000).describe('Operators and words, e.g. from:anna has:pdf after:2024-01-01 budget'),
        mode: z.enum(MODES).optional().describe('keyword, semantic, hybrid, rerank, hyde or auto (default)'),
        limit: z.number().int().min(1).max(MAX_RESULTS).optional().describe(`Hits per page, 1-${MAX_RESULTS} (default 10)`),
        offset: z.number().int().min(0).optional().describe('Hits to skip, for the next page'),
        sort: z.enum(['relevance', 'date']).optional().describe('relevance (default) or date (newest first)'),
        context: scopesArgument('["@folder:inbox", "@label:work"]').optional(),
        similar: z
          .boolean()
          .optional()
          .describe('True to list the messages about similar things that a search finding nothing counted in similarCount (by meaning)'),
      },
      outputSchema: SEARCH_OUTPUT,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, mode, limit, offset, sort, context, similar }) =>
      guarded(async () => {
        const full = withContext(query, context);
        if (full === '') return toolError('search_emails: give a query (words and/or operators such as from:anna after:2024-01-01)');
        const found = await api.search({
          query: full,
          mode: mode ?? 'auto',
          limit: limit ?? 10,
          offset: offset ?? 0,
          sort,
          ...(similar ? { similar: true } : {}),
        });
        return result<OutputOf<typeof SEARCH_OUTPUT>>({
          query: full,
          total: found.total,
          isTotalEstimated: found.isTotalEstimated,
          offset: offset ?? 0,
          nextOffset: (offset ?? 0) + found.hits.length < found.total ? (offset ?? 0) + found.hits.length : null,
          mode: found.mode,
          modeNote: found.modeNote,
          tookMs: found.tookMs,
          parsed: { filters: found.parsed.filters, warnings: found.parsed.warnings },
          ...(found.similarCount ? { similarCount: found.similarCount } : {}),
          hits: found.hits.map((hit) => ({
            id: hit.id,
            subject: hit.subject,
            from: hit.from,
            date: hit.date,
            folder: hit.folder,
            labels: hit.labels,
            snippet: hit.snippet,
            matchType: hit.matchType,
            matchedIn: hit.matchedIn,
            ...(hit.matchedImageText ? { matchedImageText: true } : {}),
            attachments: hit.attachments.map((attachment) => attachment.filename),
          })),
        });
      }),
  );

  server.registerTool(
    'get_email',
    {
      title: 'Read one mail',
      description: GET_EMAIL_DESCRIPTION,
      inputSchema: {
        id: z.string().min(1).max(1_000).describe('The id from search_emails'),
        includeAttachmentText: z.boolean().optional().describe('Also return the text extracted from attachments'),
        textOffset: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe(`Where to start reading a long text (default 0); each call returns up to ${MAX_TEXT} characters`),
      },
      outputSchema: EMAIL_OUTPUT,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id, includeAttachmentText, textOffset }) =>
      guarded(async () => {
        const message = await api.getMessage(id);
        if (!message) return toolError(`get_email: no message with id "${id}"; ids come from search_emails`);
        const start = textOffset ?? 0;
        if (start > 0 && start >= message.text.length)
          return toolError(`get_email: textOffset ${start} is past the end of the text (${message.text.length} characters)`);
        const body = textPage(message.text, start);
        return result<OutputOf<typeof EMAIL_OUTPUT>>({
          id: message.id,
          messageId: message.messageId,
          threadId: message.threadId,
          subject: message.subject,
          from: message.from,
          to: message.to,
          cc: message.cc,
          date: message.date,
          folder: message.folder,
          labels: message.labels,
          text: body.text,
          textLength: message.text.length,
          textTruncated: body.nextTextOffset !== null,
          nextTextOffset: body.nextTextOffset,
          // The tool's declared shape: an assistant has no use for the store's hashes, and extra fields fail its schema.
          attachments: message.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
          ...(includeAttachmentText
            ? {
                attachmentTexts: message.attachmentTexts.map((item) => ({
                  filename: item.filename,
                  ...capped(item.text, MAX_ATTACHMENT_TEXT),
                  ...(item.error ? { error: item.error } : {}),
                })),
              }
            : {}),
        });
      }),
  );

  server.registerTool(
    'list_folders',
    {
      title: 'Folders and labels',
      description: LIST_FOLDERS_DESCRIPTION,
      outputSchema: FOLDERS_OUTPUT,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(async () => {
        const [folders, stats] = await Promise.all([api.listFolders(), api.getStats()]);
        return result<OutputOf<typeof FOLDERS_OUTPUT>>({
          messages: stats.messages,
          collections: stats.sources.map((source) => ({
            id: source.id,
            path: source.path,
            kind: source.kind,
            messages: source.messages,
            folders: folders
              .filter((folder) => folder.source === source.id && folder.kind === 'folder')
              .map((folder) => ({ path: folder.path, count: folder.count })),
            labels: folders
              .filter((folder) => folder.source === source.id && folder.kind === 'label')
              .map((folder) => ({ name: folder.path, count: folder.count })),
          })),
        });
      }),
  );

  let asked = 0;
  server.registerTool(
    'ask',
    {
      title: 'Answer from the mail',
      description: ASK_DESCRIPTION,
      inputSchema: {
        question: z.string().min(1).max(10_000).describe('A question; operators and plain-English constraints work here too'),
        context: scopesArgument('["@collection:work"]').optional(),
      },
      outputSchema: ANSWER_OUTPUT,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ question, context }) =>
      guarded(async () => {
        asked += 1;
        const answer = await api.ask({ question: withContext(question, context), requestId: `mcp-${process.pid}-${asked}` });
        return result<OutputOf<typeof ANSWER_OUTPUT>>({
          answer: answer.answer,
          refused: answer.refused,
          provider: answer.provider,
          citations: answer.citations.map((citation) => ({
            n: citation.n,
            id: citation.id,
            subject: citation.subject,
            from: citation.from,
            date: citation.date,
            quote: citation.quote,
          })),
        });
      }),
  );

  registerTimelineTool(server, api);

  registerPeopleTool(server, api);

  return server;
}
