// Decides whether one catalog entry satisfies one metadata filter (everything but word lookups).
import type { AttachmentKind, Filter, MessageState, ScopeKind, TextField } from '../../shared/query/ast';
import { assertNever } from '../../shared/assertNever';
import type { CatalogEntry } from '../index/catalog';
import { foldText } from '../index/fold';

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

/** Gmail writes "my-label" for "My label"; compare folded, with punctuation and spaces alike (but "/" separates folders). */
export function placeKey(value: string): string {
  return foldText(value).replace(/[^\p{L}\p{N}/]+/gu, ' ').trim();
}

function placeMatches(entry: CatalogEntry, wanted: string): boolean {
  const key = placeKey(wanted);
  const folder = placeKey(entry.row.folder);
  const lastSegment = placeKey(entry.row.folder.split('/').pop() ?? '');
  if (folder === key || lastSegment === key) return true;
  return entry.labels.some((label) => placeKey(label) === key);
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
      return entry.labels.some((label) => placeKey(label) === 'important');
    default:
      return assertNever(state, 'message state');
  }
}

function inScope(entry: CatalogEntry, scope: ScopeKind, values: string[]): boolean {
  switch (scope) {
    case 'all':
      return true;
    case 'folder':
      return values.some((value) => {
        const key = placeKey(value);
        const folder = placeKey(entry.row.folder);
        return folder === key || folder.startsWith(`${key}/`) || placeKey(entry.row.folder.split('/').pop() ?? '') === key;
      });
    case 'label':
      return values.some((value) => entry.labels.some((label) => placeKey(label) === placeKey(value)));
    case 'collection':
      return values.some((value) => entry.row.sourceId === value || placeKey(entry.row.sourceId).includes(placeKey(value)));
    case 'thread':
      return values.includes(entry.row.threadId);
    case 'document':
      return values.includes(entry.row.id) || values.includes(entry.row.messageId);
    default:
      return assertNever(scope, 'scope');
  }
}

/** Filters answered from metadata; `body:` needs the message text and is answered by the keyword index instead. */
export type MetadataFilter = Exclude<Filter, { field: TextField }> | { field: Exclude<TextField, 'body'>; value: string };

export function matchesFilter(entry: CatalogEntry, filter: MetadataFilter, foldedValue: string): boolean {
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
      return placeMatches(entry, filter.value);
    case 'category':
      return entry.labels.some((label) => placeKey(label) === `category ${placeKey(filter.value)}`);
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
      return inScope(entry, filter.scope, filter.values);
    default:
      return assertNever(filter, 'filter');
  }
}
