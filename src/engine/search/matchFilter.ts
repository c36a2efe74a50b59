// The messages that satisfy one metadata filter (everything but word lookups), from the catalog's value columns.
import type { AttachmentKind, Filter, MessageState, TextField } from '../../shared/query/ast';
import { assertNever } from '../../shared/assertNever';
import type { Catalog } from '../index/catalog';
import { foldText } from '../index/fold';
import { placeKey, placeName } from '../../shared/query/placeKey';

const KIND_PATTERNS: Record<Exclude<AttachmentKind, 'attachment'>, RegExp> = {
  pdf: /(^application\/pdf$)|\.pdf$/,
  document: /(msword|wordprocessingml|opendocument\.text|rtf|^text\/plain$)|\.(docx?|odt|rtf|txt|pages)$/,
  spreadsheet: /(ms-excel|spreadsheetml|opendocument\.spreadsheet|text\/csv)|\.(xlsx?|ods|csv|numbers)$/,
  presentation: /(ms-powerpoint|presentationml|opendocument\.presentation)|\.(pptx?|odp|key)$/,
  image: /^image\/|\.(png|jpe?g|gif|bmp|webp|heic|tiff?)$/,
};

function hasAttachmentKind(catalog: Catalog, ordinal: number, kind: AttachmentKind): boolean {
  const attachments = catalog.attachments(ordinal);
  if (kind === 'attachment') return attachments.length > 0;
  const pattern = KIND_PATTERNS[kind];
  return attachments.some(
    (attachment) => pattern.test(attachment.contentType.toLowerCase()) || pattern.test(attachment.filename.toLowerCase()),
  );
}

function hasState(catalog: Catalog, ordinal: number, state: MessageState): boolean {
  switch (state) {
    case 'read':
      return catalog.isRead(ordinal);
    case 'unread':
      return !catalog.isRead(ordinal);
    case 'starred':
      return catalog.isStarred(ordinal);
    case 'important':
      return catalog.labelKeys(ordinal).includes('important');
    default:
      return assertNever(state, 'message state');
  }
}

/** Filters answered from metadata; `body:` needs the message text and is answered by the keyword index instead. */
export type MetadataFilter = Exclude<Filter, { field: TextField }> | { field: Exclude<TextField, 'body'>; value: string };

/** A filter's value folded and as place keys, computed once per query instead of once per message. */
export interface PreparedValue {
  folded: string;
  place: string;
  scopeKeys: string[];
}

export function prepareValue(filter: MetadataFilter): PreparedValue {
  const value = 'value' in filter && typeof filter.value === 'string' ? filter.value : '';
  return {
    folded: foldText(value),
    place: placeKey(value),
    scopeKeys: filter.field === 'scope' ? filter.values.map(placeKey) : [],
  };
}

/** Whether one message satisfies a filter that no value column answers. */
function entryMatches(catalog: Catalog, ordinal: number, filter: EntryFilter, prepared: PreparedValue): boolean {
  switch (filter.field) {
    case 'category':
      return catalog.labelKeys(ordinal).includes(`category ${prepared.place}`);
    case 'has':
      return hasAttachmentKind(catalog, ordinal, filter.value);
    case 'size': {
      const size = catalog.messageSize(ordinal);
      return (filter.min === null || size >= filter.min) && (filter.max === null || size < filter.max);
    }
    case 'is':
      return hasState(catalog, ordinal, filter.value);
    case 'thread':
      return catalog.threadId(ordinal) === filter.value;
    case 'id':
      return catalog.messageId(ordinal) === filter.value || catalog.id(ordinal) === filter.value;
    default:
      return assertNever(filter, 'filter');
  }
}

type ColumnFilter = Extract<
  MetadataFilter,
  { field: 'from' | 'to' | 'cc' | 'bcc' | 'participants' | 'subject' | 'filename' | 'list' | 'source' | 'place' | 'date' | 'scope' }
>;
type EntryFilter = Exclude<MetadataFilter, ColumnFilter>;

/** Sets the bit of every message that has one of the label keys `test` accepts. */
function markLabels(into: Uint8Array, catalog: Catalog, test: (label: string) => boolean): void {
  catalog.markLabels(into, (labels) => labels.some(test));
}

/** Sets the bits of the messages a scope takes in: folders and collections by value column, the rest one by one. */
function markScope(into: Uint8Array, catalog: Catalog, filter: Extract<MetadataFilter, { field: 'scope' }>, keys: string[]): void {
  const { columns } = catalog;
  const raw = filter.values;
  switch (filter.scope) {
    case 'all':
      into.fill(1);
      return;
    case 'folder':
      columns.folderKey.mark(into, (folder) => keys.some((key) => folder === key || folder.startsWith(`${key}/`)));
      columns.folderLeafKey.mark(into, (leaf) => keys.includes(leaf));
      return;
    case 'label':
      markLabels(into, catalog, (label) => keys.includes(label));
      return;
    case 'collection':
      columns.sourceId.mark(into, (source) => keys.some((key) => source === key || source.includes(key.replace(/ /g, '-'))));
      return;
    case 'thread':
      for (let ordinal = 0; ordinal < into.length; ordinal += 1) if (raw.includes(catalog.threadId(ordinal))) into[ordinal] = 1;
      return;
    case 'document':
      for (let ordinal = 0; ordinal < into.length; ordinal += 1) {
        if (raw.includes(catalog.id(ordinal)) || raw.includes(catalog.messageId(ordinal))) into[ordinal] = 1;
      }
      return;
    default:
      assertNever(filter.scope, 'scope');
  }
}

/** The messages (by ordinal) that satisfy one metadata filter, one byte each, marked in `result` (zeroed, one a message). */
export function filterMatches(filter: MetadataFilter, catalog: Catalog, result: Uint8Array = new Uint8Array(catalog.size)): Uint8Array {
  const prepared = prepareValue(filter);
  const { folded } = prepared;
  const { columns } = catalog;
  switch (filter.field) {
    case 'from':
    case 'to':
    case 'cc':
    case 'bcc':
      columns[filter.field].markContaining(result, folded);
      return result;
    case 'participants':
      for (const column of [columns.from, columns.to, columns.cc, columns.bcc]) column.markContaining(result, folded);
      return result;
    case 'subject':
      columns.subject.markContaining(result, folded);
      return result;
    case 'filename':
      columns.attachmentNames.markContaining(result, folded);
      return result;
    case 'list':
      columns.listId.markContaining(result, folded);
      return result;
    case 'source':
      columns.sourceId.mark(result, (source) => foldText(source).includes(prepared.folded));
      return result;
    case 'place': {
      // A folder or label by its whole path or its last segment ("projects" finds the label "Work/Projects"); a value
      // starting with "/" by its whole path only ("/Inbox" is not sbeck/Inbox).
      const { key, wholePath } = placeName(filter.value);
      columns.folderKey.mark(result, (folder) => folder === key);
      if (!wholePath) columns.folderLeafKey.mark(result, (leaf) => leaf === key);
      markLabels(result, catalog, (label) => label === key || (!wholePath && label.endsWith(`/${key}`)));
      return result;
    }
    case 'date': {
      const dates = catalog.dates;
      const { after, before } = filter;
      for (let ordinal = 0; ordinal < result.length; ordinal += 1) {
        const date = dates[ordinal]!;
        if ((after === null || date >= after) && (before === null || date < before)) result[ordinal] = 1;
      }
      return result;
    }
    case 'scope':
      markScope(result, catalog, filter, prepared.scopeKeys);
      return result;
    default: {
      for (let ordinal = 0; ordinal < result.length; ordinal += 1)
        if (entryMatches(catalog, ordinal, filter, prepared)) result[ordinal] = 1;
      return result;
    }
  }
}
