// Decides whether one catalog entry satisfies one metadata filter (everything but word lookups).
import type { AttachmentKind, Filter, MessageState, ScopeKind, TextField } from '../../shared/query/ast';
import { assertNever } from '../../shared/assertNever';
import type { CatalogEntry } from '../index/catalog';
import { foldText } from '../index/fold';
import { placeKey } from '../index/catalog';

const KIND_PATTERNS: Record<Exclude<AttachmentKind, 'attachment'>, RegExp> = {
  pdf: /(^application\/pdf$)|\.pdf$/,
  document: /(msword|wordprocessingml|opendocument\.text|rtf|^text\/plain$)|\.(docx?|odt|rtf|txt|pages)$/,
  spreadsheet: /(ms-excel|spreadsheetml|opendocument\.spreadsheet|text\/csv)|\.(xlsx?|ods|csv|numbers)$/,
  presentation: /(ms-powerpoint|presentationml|opendocument\.presentation)|\.(pptx?|odp|key)$/,
  image: /^image\/|\.(png|jpe?g|gif|bmp|webp|heic|tiff?)$/,
};

function hasAttachmentKind(entry: CatalogEntry, kind: AttachmentKind): boolean {
  if (kind === 'attachment') return entry.attachments.length > 0;
  const pattern = KIND_PATTERNS[kind];
  return entry.attachments.some((attachment) => pattern.test(attachment.contentType.toLowerCase()) || pattern.test(attachment.filename.toLowerCase()));
}

/** A folder or label by its whole path or its last segment ("projects" finds the label "Work/Projects"). */
function placeMatches(entry: CatalogEntry, key: string): boolean {
  if (entry.folderKey === key || entry.folderLeafKey === key || entry.labelKeys.includes(key)) return true;
  return entry.labelKeys.some((label) => label.endsWith(`/${key}`));
}

function hasState(entry: CatalogEntry, state: MessageState): boolean {
  switch (state) {
    case 'read':
      return entry.row.isRead;
    case 'unread':
      return !entry.row.isRead;
    case 'starred':
      return entry.row.isStarred;
    case 'important':
      return entry.labelKeys.includes('important');
    default:
      return assertNever(state, 'message state');
  }
}

/** `values` are the scope's values as place keys; ids compare raw. */
function inScope(entry: CatalogEntry, scope: ScopeKind, values: string[], rawValues: string[]): boolean {
  switch (scope) {
    case 'all':
      return true;
    case 'folder':
      return values.some((key) => entry.folderKey === key || entry.folderKey.startsWith(`${key}/`) || entry.folderLeafKey === key);
    case 'label':
      return values.some((key) => entry.labelKeys.includes(key));
    case 'collection':
      return values.some((key) => entry.row.sourceId === key || entry.row.sourceId.includes(key.replace(/ /g, '-')));
    case 'thread':
      return rawValues.includes(entry.row.threadId);
    case 'document':
      return rawValues.includes(entry.row.id) || rawValues.includes(entry.row.messageId);
    default:
      return assertNever(scope, 'scope');
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

export function matchesFilter(entry: CatalogEntry, filter: MetadataFilter, prepared: PreparedValue): boolean {
  const foldedValue = prepared.folded;
  switch (filter.field) {
    case 'from':
      return entry.foldedFrom.includes(foldedValue);
    case 'to':
      return entry.foldedTo.includes(foldedValue);
    case 'cc':
      return entry.foldedCc.includes(foldedValue);
    case 'bcc':
      return entry.foldedBcc.includes(foldedValue);
    case 'participants':
      return [entry.foldedFrom, entry.foldedTo, entry.foldedCc, entry.foldedBcc].some((people) => people.includes(foldedValue));
    case 'subject':
      return entry.foldedSubject.includes(foldedValue);
    case 'filename':
      return entry.foldedAttachmentNames.includes(foldedValue);
    case 'place':
      return placeMatches(entry, prepared.place);
    case 'category':
      return entry.labelKeys.includes(`category ${prepared.place}`);
    case 'list':
      return entry.row.listId.includes(foldedValue);
    case 'source':
      return foldText(entry.row.sourceId).includes(foldedValue);
    case 'has':
      return hasAttachmentKind(entry, filter.value);
    case 'size':
      return (filter.min === null || entry.row.size >= filter.min) && (filter.max === null || entry.row.size < filter.max);
    case 'date':
      return (filter.after === null || entry.row.date >= filter.after) && (filter.before === null || entry.row.date < filter.before);
    case 'is':
      return hasState(entry, filter.value);
    case 'thread':
      return entry.row.threadId === filter.value;
    case 'id':
      return entry.row.messageId === filter.value || entry.row.id === filter.value;
    case 'scope':
      return inScope(entry, filter.scope, prepared.scopeKeys, filter.values);
    default:
      return assertNever(filter, 'filter');
  }
}
