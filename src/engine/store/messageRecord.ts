// The stored form of one message: a flat row of the LanceDB `messages` table (lists and addresses as JSON text), and
// the one decoder of each JSON column (recordColumns.ts).
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

// The decoders live apart from the schema so the parse workers, which decode but never build a table, do not load Arrow.
export { decodeAddresses, decodeAttachments, decodeAttachmentTexts, decodeHeaders, decodeLabels } from './recordColumns';
