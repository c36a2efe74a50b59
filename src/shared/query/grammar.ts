// The operator table: the one definition of the query language used by parse, complete and the help sheet.

/** What kind of value an operator takes; autocomplete suggests values by this kind. */
export type ValueKind =
  | 'person'
  | 'text'
  | 'folder'
  | 'category'
  | 'list'
  | 'source'
  | 'attachment-kind'
  | 'size'
  | 'date'
  | 'duration'
  | 'date-range'
  | 'state'
  | 'thread'
  | 'id';

export interface OperatorDefinition {
  /** Canonical name, lower case, without the colon. */
  name: string;
  /** Other names that mean the same (`label` and `folder` for `in`). */
  aliases: string[];
  valueKind: ValueKind;
  /** One line for autocomplete and the help sheet. */
  hint: string;
  example: string;
  /** Fixed values, when the operator takes only those. */
  values?: readonly string[];
}

export const ATTACHMENT_KINDS = ['attachment', 'pdf', 'document', 'spreadsheet', 'presentation', 'image'] as const;
export const MESSAGE_STATES = ['unread', 'read', 'starred', 'important'] as const;

export const OPERATORS: readonly OperatorDefinition[] = [
  { name: 'from', aliases: [], valueKind: 'person', hint: 'Sender name or address', example: 'from:kiraly' },
  { name: 'to', aliases: [], valueKind: 'person', hint: 'Recipient name or address', example: 'to:john' },
  { name: 'cc', aliases: [], valueKind: 'person', hint: 'Copied recipient', example: 'cc:finance' },
  { name: 'bcc', aliases: [], valueKind: 'person', hint: 'Blind-copied recipient', example: 'bcc:me@example.com' },
  {
    name: 'participants',
    aliases: [],
    valueKind: 'person',
    hint: 'Anyone on the mail: sender or recipient',
    example: 'participants:janesh',
  },
  { name: 'subject', aliases: [], valueKind: 'text', hint: 'Words in the subject', example: 'subject:"Q4 Report"' },
  { name: 'body', aliases: [], valueKind: 'text', hint: 'Words in the message text', example: 'body:invoice' },
  {
    name: 'filename',
    aliases: [],
    valueKind: 'text',
    hint: 'Attachment name or extension',
    example: 'filename:pdf',
  },
  {
    name: 'in',
    aliases: ['label', 'folder'],
    valueKind: 'folder',
    hint: 'Folder or label',
    example: 'in:inbox',
  },
  { name: 'category', aliases: [], valueKind: 'category', hint: 'Gmail category tab', example: 'category:updates' },
  { name: 'list', aliases: [], valueKind: 'list', hint: 'Mailing list id', example: 'list:io-uring' },
  { name: 'source', aliases: [], valueKind: 'source', hint: 'Imported file or archive', example: 'source:takeout' },
  {
    name: 'has',
    aliases: [],
    valueKind: 'attachment-kind',
    hint: 'Has an attachment (of a kind)',
    example: 'has:attachment',
    values: ATTACHMENT_KINDS,
  },
  { name: 'larger', aliases: [], valueKind: 'size', hint: 'Bigger than a size', example: 'larger:5M' },
  { name: 'smaller', aliases: [], valueKind: 'size', hint: 'Smaller than a size', example: 'smaller:200k' },
  { name: 'size', aliases: [], valueKind: 'size', hint: 'At least a size', example: 'size:1M' },
  { name: 'after', aliases: ['since'], valueKind: 'date', hint: 'On or after a date', example: 'after:2024-01-01' },
  { name: 'before', aliases: ['until'], valueKind: 'date', hint: 'Before a date', example: 'before:2024/06/30' },
  { name: 'older_than', aliases: [], valueKind: 'duration', hint: 'Older than (d, w, m, y)', example: 'older_than:1y' },
  { name: 'newer_than', aliases: [], valueKind: 'duration', hint: 'Newer than (d, w, m, y)', example: 'newer_than:7d' },
  {
    name: 'date',
    aliases: [],
    valueKind: 'date-range',
    hint: 'A day, month or range',
    example: 'date:2024-01..2024-03',
  },
  {
    name: 'is',
    aliases: [],
    valueKind: 'state',
    hint: 'Read, unread, starred or important',
    example: 'is:starred',
    values: MESSAGE_STATES,
  },
  { name: 'thread', aliases: [], valueKind: 'thread', hint: 'Messages of one thread', example: 'thread:1a2b3c' },
  { name: 'id', aliases: ['rfc822msgid'], valueKind: 'id', hint: 'Message-ID', example: 'id:<abc@example.com>' },
];

/** A scope narrows the whole search to a place: `@folder:inbox`, `@collection:a,b`, `-@folder:drafts`. */
export interface ScopeDefinition {
  /** Name after the `@`, lower case. */
  name: string;
  scope: 'folder' | 'label' | 'collection' | 'thread' | 'document';
  hint: string;
  example: string;
}

export const SCOPES: readonly ScopeDefinition[] = [
  { name: 'folder', scope: 'folder', hint: 'Only this folder (several: a,b)', example: '@folder:inbox' },
  { name: 'label', scope: 'label', hint: 'Only this label', example: '@label:work' },
  { name: 'tag', scope: 'label', hint: 'Same as @label', example: '@tag:receipts' },
  { name: 'collection', scope: 'collection', hint: 'Only these collections', example: '@collection:taxes,legal' },
  { name: 'thread', scope: 'thread', hint: 'Only this thread', example: '@thread:1a2b3c' },
  { name: 'document', scope: 'document', hint: 'Only this document', example: '@document:report.pdf' },
];

/** `@*` searches everything: it is written to lift a scope the app would otherwise add. */
export const EVERYTHING_SCOPE = '@*';

/** `in:anywhere` searches every folder, Trash and Spam too, which other searches leave out (see excludedFolders). */
export const ANYWHERE = 'anywhere';

/**
 * `in:"/sbeck/Inbox"`: a place that starts with "/" is one folder or label by its whole path from the top, never by its
 * last segment, so the tree can tell the top-level Inbox from sbeck/Inbox (plain `in:inbox` finds both).
 */
export const WHOLE_PATH = '/';

/** Gmail's category tabs, offered by autocomplete for `category:`. */
export const CATEGORIES = ['primary', 'social', 'promotions', 'updates', 'forums'] as const;

/** Finds an operator by name or alias, case-insensitively. */
export function findOperator(name: string): OperatorDefinition | undefined {
  const lower = name.toLowerCase();
  return OPERATORS.find((operator) => operator.name === lower || operator.aliases.includes(lower));
}

/** Whether `name` (`from`, `@folder`, any case) is an operator or scope of the language, not a word with a colon. */
export function isKnownOperator(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('@') ? SCOPES.some((scope) => `@${scope.name}` === lower) : findOperator(lower) !== undefined;
}
