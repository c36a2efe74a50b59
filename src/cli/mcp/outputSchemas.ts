// The shape of each MCP tool's structured result: listed to clients, checked by the SDK, and the type the tools build.
import { z } from 'zod';

const address = z.object({ name: z.string(), address: z.string() });
const nextOffset = z.number().int().nullable();

export const SEARCH_OUTPUT = {
  query: z.string().describe('The query that ran, with the context scopes'),
  total: z.number().int().describe('Every match, on all pages'),
  isTotalEstimated: z.boolean().describe('True when total is an estimate (a phrase with very many candidates); later pages read further'),
  offset: z.number().int(),
  nextOffset: nextOffset.describe('The offset of the next page, or null on the last one'),
  mode: z.enum(['keyword', 'semantic', 'hybrid', 'rerank', 'hyde']).describe('The mode that ran'),
  modeNote: z.string().nullable().describe('Why the mode differs from the one asked for'),
  tookMs: z.number(),
  parsed: z.object({
    filters: z.array(z.object({ operator: z.string(), value: z.string(), negated: z.boolean() })),
    warnings: z.array(z.string()).describe('Parts of the query that were ignored or read as text, and why'),
  }),
  similarCount: z
    .number()
    .int()
    .optional()
    .describe('When nothing matched: how many messages are about similar things; search again with similar: true to list them'),
  hits: z.array(
    z.object({
      id: z.string().describe('Pass to get_email'),
      subject: z.string(),
      from: address,
      date: z.string().describe('ISO 8601, UTC'),
      folder: z.string(),
      labels: z.array(z.string()),
      snippet: z.string(),
      matchType: z.enum(['keyword', 'semantic', 'both']),
      matchedIn: z.string(),
      matchedImageText: z.boolean().optional().describe("True when matchedIn's text was read from an image or scanned page by OCR"),
      attachments: z.array(z.string()).describe('Attachment file names'),
    }),
  ),
};

export const EMAIL_OUTPUT = {
  id: z.string(),
  messageId: z.string(),
  threadId: z.string(),
  subject: z.string(),
  from: address,
  to: z.array(address),
  cc: z.array(address),
  date: z.string(),
  folder: z.string(),
  labels: z.array(z.string()),
  text: z.string(),
  textLength: z.number().int(),
  textTruncated: z.boolean(),
  nextTextOffset: nextOffset.describe('Pass as textOffset to read on, or null when the text ends here'),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
  attachmentTexts: z
    .array(z.object({ filename: z.string(), text: z.string(), truncated: z.boolean(), error: z.string().optional() }))
    .optional(),
};

const place = { count: z.number().int() };

export const FOLDERS_OUTPUT = {
  messages: z.number().int(),
  collections: z.array(
    z.object({
      id: z.string().describe('Use in @collection:'),
      path: z.string(),
      kind: z.string(),
      messages: z.number().int(),
      folders: z.array(z.object({ path: z.string(), ...place })),
      labels: z.array(z.object({ name: z.string(), ...place })),
    }),
  ),
};

export const ANSWER_OUTPUT = {
  answer: z.string().describe('Plain text with [n] markers that refer to citations'),
  refused: z.boolean().describe('True when the mail did not support an answer'),
  provider: z.string(),
  citations: z.array(
    z.object({ n: z.number().int(), id: z.string(), subject: z.string(), from: address, date: z.string(), quote: z.string() }),
  ),
};

type Shape = Record<string, z.ZodType>;
/** The object a tool returns for an output shape. */
export type OutputOf<S extends Shape> = z.infer<z.ZodObject<S>>;
