// The MCP tool list_people: the archive's correspondents (aliases joined) with the query that finds each one's mail.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { LanternApi } from '../../shared/contract/api';
import { errorMessage } from '../../shared/errorMessage';
import type { OutputOf } from './outputSchemas';

const MAX_PEOPLE = 100;

export const LIST_PEOPLE_DESCRIPTION = [
  "List the people in the user's mail archive, most messages first (or by last date, or name): each person's name, addresses",
  '(several addresses or spellings of one person are joined, with the reason), messages from and to them, first and last date,',
  'and a query for search_emails that finds their mail. query counts only the mail a search matches (the people of a search,',
  'every operator works); filter narrows by words of a name or address. With address, also',
  "return that person's detail: monthly activity, the people they write with most, busiest threads, attachments and",
  'distinctive words.',
].join(' ');

const person = z.object({
  id: z.string().describe('Their main address; pass as address for their detail'),
  name: z.string(),
  addresses: z.array(z.object({ address: z.string(), messages: z.number().int(), reason: z.string().nullable() })),
  messages: z.number().int(),
  fromThem: z.number().int(),
  toThem: z.number().int(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  isOwner: z.boolean(),
  isList: z.boolean(),
  query: z.string().describe('Pass to search_emails to read their mail'),
});

export const PEOPLE_OUTPUT = {
  total: z.number().int().describe('People matching the filter, on all pages'),
  messages: z.number().int().describe('Messages the counts are over: the whole archive, or the matches of query'),
  offset: z.number().int(),
  nextOffset: z.number().int().nullable(),
  owner: z.string().describe('Who owns the archive and how that was decided'),
  countingRule: z.string(),
  people: z.array(person),
  detail: z
    .object({
      months: z.array(z.object({ month: z.string(), messages: z.number().int() })),
      coCorrespondents: z.array(z.object({ id: z.string(), name: z.string(), messages: z.number().int(), pairQuery: z.string() })),
      threads: z.array(z.object({ subject: z.string(), messages: z.number().int(), lastDate: z.string(), query: z.string() })),
      attachments: z.array(z.object({ messageId: z.string(), filename: z.string(), size: z.number(), date: z.string() })),
      words: z.array(z.string()),
    })
    .optional()
    .describe("The person's detail, when address was given"),
};

function summary(item: z.infer<typeof person>): z.infer<typeof person> {
  return {
    ...item,
    addresses: item.addresses.map(({ address, messages, reason }) => ({ address, messages, reason })),
  };
}

export function registerPeopleTool(server: McpServer, api: Pick<LanternApi, 'listPeople' | 'getPerson'>): void {
  server.registerTool(
    'list_people',
    {
      title: 'People',
      description: LIST_PEOPLE_DESCRIPTION,
      inputSchema: {
        query: z.string().max(10_000).optional().describe('Count only the mail this search matches, e.g. "has:pdf after:2024-01-01"'),
        filter: z.string().max(1_000).optional().describe('Words of a name or address, e.g. "adam hall"'),
        address: z.string().max(1_000).optional().describe("One of a person's addresses: adds their detail"),
        sort: z.enum(['messages', 'last', 'name']).optional().describe('messages (default), last (latest mail first) or name'),
        limit: z.number().int().min(1).max(MAX_PEOPLE).optional().describe(`People per page, 1-${MAX_PEOPLE} (default 20)`),
        offset: z.number().int().min(0).optional(),
      },
      outputSchema: PEOPLE_OUTPUT,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, filter, address, sort, limit, offset }): Promise<CallToolResult> => {
      try {
        const start = offset ?? 0;
        const detail = address ? await api.getPerson(address) : null;
        if (address && !detail) return { content: [{ type: 'text', text: `list_people: no mail to or from ${address}` }], isError: true };
        // With an address, the list call only brings the owner and counting rule the person's counts are read by.
        const list = await api.listPeople(detail ? { limit: 1 } : { query, filter, sort, limit: limit ?? 20, offset: start });
        const people = detail ? [detail.person] : list.people;
        const total = detail ? 1 : list.total;
        const value: OutputOf<typeof PEOPLE_OUTPUT> = {
          total,
          messages: list.messages,
          offset: detail ? 0 : start,
          nextOffset: !detail && start + people.length < total ? start + people.length : null,
          owner: list.owner.rule,
          countingRule: list.countingRule,
          people: people.map(summary),
          ...(detail
            ? {
                detail: {
                  months: detail.months,
                  coCorrespondents: detail.coCorrespondents,
                  threads: detail.threads.map(({ subject, messages, lastDate, query }) => ({ subject, messages, lastDate, query })),
                  attachments: detail.attachments.map(({ messageId, filename, size, date }) => ({ messageId, filename, size, date })),
                  words: detail.words.map((word) => word.word),
                },
              }
            : {}),
        };
        return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
      } catch (error) {
        return { content: [{ type: 'text', text: errorMessage(error) }], isError: true };
      }
    },
  );
}
