// The MCP tool `timeline`: a search's matches by day, month or year, and its facets, for an assistant to see the shape of a topic.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { LanternApi } from '../../shared/contract/api';
import { errorMessage } from '../../shared/errorMessage';

const MODES = ['keyword', 'semantic', 'hybrid', 'rerank', 'hyde', 'auto'] as const;

const TIMELINE_DESCRIPTION = [
  "Count the user's mail that a search matches, over time and by facet: a histogram by day, month or year (chosen by the",
  "span, in the user's time zone) and the top senders, recipients, folders and labels, years and attachment kinds, each",
  'with its count and the operator that narrows the search to it (from:, to:, in:"/path", date:YYYY, has:kind). Counts',
  'cover every match, not a page. Narrow to bars with after:<start> before:<end> (before: is exclusive, so a bar is',
  'after:start before:end). The query is the same language as search_emails.',
].join(' ');

const count = z.number().int();

export const TIMELINE_OUTPUT = {
  query: z.string(),
  total: count.describe('Every match counted: the bars plus undated'),
  isEstimated: z
    .boolean()
    .describe('The counts are scaled up from an even sample: a quoted phrase with many candidates was checked in a sample of them'),
  undated: count.describe('Matches without a usable date, in no bar'),
  granularity: z.enum(['day', 'month', 'year']),
  timeZone: z.string(),
  mode: z.enum(['keyword', 'semantic', 'hybrid', 'rerank', 'hyde']),
  tookMs: z.number(),
  buckets: z.array(z.object({ start: z.string(), end: z.string(), label: z.string(), count })),
  facets: z.array(
    z.object({
      kind: z.enum(['senders', 'recipients', 'places', 'years', 'attachments']),
      title: z.string(),
      distinct: count,
      values: z.array(z.object({ label: z.string(), count, operator: z.string() })),
    }),
  ),
};

export function registerTimelineTool(server: McpServer, api: Pick<LanternApi, 'timeline'>): void {
  server.registerTool(
    'timeline',
    {
      title: 'Mail over time and by facet',
      description: TIMELINE_DESCRIPTION,
      inputSchema: {
        query: z.string().max(10_000).describe('Operators and words, e.g. from:anna has:pdf budget; "" for all mail'),
        mode: z.enum(MODES).optional().describe('keyword, semantic, hybrid, rerank, hyde or auto (default)'),
      },
      outputSchema: TIMELINE_OUTPUT,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, mode }): Promise<CallToolResult> => {
      try {
        const timeline = await api.timeline({ query, mode: mode ?? 'auto' });
        return { content: [{ type: 'text', text: JSON.stringify(timeline, null, 2) }], structuredContent: { ...timeline } };
      } catch (error) {
        return { content: [{ type: 'text', text: errorMessage(error) }], isError: true };
      }
    },
  );
}
