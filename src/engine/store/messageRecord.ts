// The stored form of one message: a flat row of the LanceDB `messages` table (lists and addresses as JSON text), and
// the one decoder of each JSON column.
import type { Address, AttachmentInfo, AttachmentText } from '../../shared/model/message';
import { lanceArrow } from './lanceArrow';

const { Bool, Field, Float64, Int32, Schema, Utf8 } = lanceArrow;

export interface MessageRecord {
  id: string;
  messageId: string;
  threadId: string;
  subject: string;
  /** Epoch milliseconds (UTC); 0 when the message carries no usable date. */
  date: number;
  fromName: string;
  fromAddress: string;
  /** JSON of Address[]. */
  toJson: string;
  ccJson: string;
  bccJson: string;
  folder: string;
  /** JSON of string[]. */
  labelsJson: string;
  /** JSON of AttachmentInfo[]. */
  attachmentsJson: string;
  attachmentCount: number;
  /** JSON of {filename, text}[]: text extracted from attachments, for keyword and semantic search. */
  attachmentTextJson: string;
  /** Id of the message this one was attached to (message/rfc822 parts, attached .eml/.msg); '' for top-level mail. */
  parentId: string;
  /** Size of the raw message in bytes. */
  size: number;
  text: string;
  html: string;
  snippet: string;
  /** JSON of a header name → value record (the headers shown when reading). */
  headersJson: string;
  listId: string;
  isRead: boolean;
  isStarred: boolean;
  sourceId: string;
  sourceFile: string;
  sourceOffset: number;
  contentHash: string;
}

export const MESSAGE_SCHEMA = new Schema([
  new Field('id', new Utf8(), false),
  new Field('messageId', new Utf8(), false),
  new Field('threadId', new Utf8(), false),
  new Field('subject', new Utf8(), false),
  new Field('date', new Float64(), false),
  new Field('fromName', new Utf8(), false),
  new Field('fromAddress', new Utf8(), false),
  new Field('toJson', new Utf8(), false),
  new Field('ccJson', new Utf8(), false),
  new Field('bccJson', new Utf8(), false),
  new Field('folder', new Utf8(), false),
  new Field('labelsJson', new Utf8(), false),
  new Field('attachmentsJson', new Utf8(), false),
  new Field('attachmentCount', new Int32(), false),
  new Field('attachmentTextJson', new Utf8(), false),
  new Field('parentId', new Utf8(), false),
  new Field('size', new Float64(), false),
  new Field('text', new Utf8(), false),
  new Field('html', new Utf8(), false),
  new Field('snippet', new Utf8(), false),
  new Field('headersJson', new Utf8(), false),
  new Field('listId', new Utf8(), false),
  new Field('isRead', new Bool(), false),
  new Field('isStarred', new Bool(), false),
  new Field('sourceId', new Utf8(), false),
  new Field('sourceFile', new Utf8(), false),
  new Field('sourceOffset', new Float64(), false),
  new Field('contentHash', new Utf8(), false),
]);

/** The columns the in-memory catalog loads at start (everything but the large text columns). */
export const CATALOG_COLUMNS = [
  'id',
  'messageId',
  'threadId',
  'subject',
  'date',
  'fromName',
  'fromAddress',
  'toJson',
  'ccJson',
  'bccJson',
  'folder',
  'labelsJson',
  'attachmentsJson',
  'attachmentCount',
  'parentId',
  'size',
  'listId',
  'isRead',
  'isStarred',
  'sourceId',
] as const satisfies readonly (keyof MessageRecord)[];

export type CatalogRow = Pick<MessageRecord, (typeof CATALOG_COLUMNS)[number]>;

/** Columns already reported as damaged: a damaged store says so once per column, not once per row read. */
const reportedColumns = new Set<string>();

/**
 * A JSON column's value, or null when it does not parse. Every reader of a row decodes through here, so a value
 * damaged on disk reads as empty wherever it is met (and is reported once) instead of failing one reader and not another.
 */
function decodeJson(column: keyof MessageRecord, json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch (error) {
    if (!reportedColumns.has(column)) {
      reportedColumns.add(column);
      console.warn(`message store: a stored ${column} is not JSON (${(error as Error).message}); it is read as empty`);
    }
    return null;
  }
}

/** The items of a JSON list column, each read as an object (an item that is not one has no fields). */
function decodeList<T>(column: keyof MessageRecord, json: string, item: (fields: Record<string, unknown>) => T): T[] {
  const parsed = decodeJson(column, json);
  if (!Array.isArray(parsed)) return [];
  return parsed.map((value: unknown) => item(typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}));
}

const textOf = (value: unknown): string => String(value ?? '');

/** `toJson`, `ccJson` or `bccJson`. */
export function decodeAddresses(json: string, column: 'toJson' | 'ccJson' | 'bccJson'): Address[] {
  return decodeList(column, json, (fields) => ({ name: textOf(fields.name), address: textOf(fields.address) }));
}

export function decodeLabels(json: string): string[] {
  const parsed = decodeJson('labelsJson', json);
  return Array.isArray(parsed) ? parsed.map(textOf) : [];
}

/** As stored: the catalog keeps these objects for every message, so they are not copied field by field. */
export function decodeAttachments(json: string): AttachmentInfo[] {
  const parsed = decodeJson('attachmentsJson', json);
  return Array.isArray(parsed) ? (parsed as AttachmentInfo[]) : [];
}

/** Each attachment's name and extracted text, and why its text could not be read. */
export function decodeAttachmentTexts(json: string): AttachmentText[] {
  return decodeList('attachmentTextJson', json, (fields) => ({
    filename: textOf(fields.filename),
    text: textOf(fields.text),
    ...(typeof fields.error === 'string' ? { error: fields.error } : {}),
    ...(fields.source === 'ocr' ? { source: 'ocr' as const } : {}),
  }));
}

/** The header fields shown when reading, by name. */
export function decodeHeaders(json: string): Record<string, string> {
  const parsed = decodeJson('headersJson', json);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name, textOf(value)]));
}
