// The one decoder of each JSON column of a stored message: every reader of a row, the parse workers included, decodes here.
import type { Address, AttachmentInfo, AttachmentText } from '../../shared/model/message';
import type { MessageRecord } from './messageRecord';

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
