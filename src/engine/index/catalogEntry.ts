// One message's metadata as a listing or a reader takes it from the catalog: pre-folded fields and parsed lists.
import type { Address, AttachmentInfo } from '../../shared/model/message';
import { decodeAddresses, type CatalogRow } from '../store/messageRecord';
import { foldText } from './fold';
import type { Catalog } from './catalog';

/** One message's metadata, with searchable fields pre-folded, assembled from the columns for a page or a reader. */
export interface CatalogEntry {
  row: CatalogRow;
  labels: string[];
  attachments: AttachmentInfo[];
  foldedFrom: string;
  foldedTo: string;
  foldedCc: string;
  foldedBcc: string;
  foldedSubject: string;
  foldedAttachmentNames: string;
  /** Folder path, its last segment and labels as place keys (see placeKey), for in:/label:/@folder: filters. */
  folderKey: string;
  folderLeafKey: string;
  labelKeys: string[];
}

/** What a listing shows of a message, and the folded subject it tells a match in the subject by. */
export type ListedEntry = Pick<CatalogEntry, 'row' | 'labels' | 'attachments' | 'foldedSubject'>;

/**
 * A message as a listing shows it: reading its folded senders and recipients too, each page made their columns count
 * as read in bulk, so an engine that only searched came to hold every distinct recipient list decoded (issue 25).
 */
export function listedEntryOf(catalog: Catalog, ordinal: number): ListedEntry {
  return {
    row: catalog.row(ordinal),
    labels: catalog.labels(ordinal),
    attachments: catalog.attachments(ordinal),
    foldedSubject: catalog.columns.subject.valueAt(ordinal),
  };
}

/** Everything the catalog knows of one message: its row and its folded fields. */
export function entryOf(catalog: Catalog, ordinal: number): CatalogEntry {
  const { columns } = catalog;
  return {
    ...listedEntryOf(catalog, ordinal),
    foldedFrom: columns.from.valueAt(ordinal),
    foldedTo: columns.to.valueAt(ordinal),
    foldedCc: columns.cc.valueAt(ordinal),
    foldedBcc: columns.bcc.valueAt(ordinal),
    foldedAttachmentNames: columns.attachmentNames.valueAt(ordinal),
    folderKey: columns.folderKey.valueAt(ordinal),
    folderLeafKey: columns.folderLeafKey.valueAt(ordinal),
    labelKeys: catalog.labelKeys(ordinal),
  };
}

function foldPeople(people: Address[]): string {
  return foldText(people.map((person) => `${person.name} <${person.address}>`).join('\n'));
}

/** The To, Cc or Bcc list of a message, parsed when a listing or a reader needs it. */
export function recipients(entry: Pick<CatalogEntry, 'row'>, field: 'to' | 'cc' | 'bcc'): Address[] {
  const column = `${field}Json` as const;
  return decodeAddresses(entry.row[column], column);
}

/**
 * How many distinct texts of each kind stay remembered folded. Repeats come close together (a thread's replies, a
 * list's recipient line), so a bounded memory keeps nearly every saving; unbounded, the texts of every message of an
 * archive stayed in the heap for as long as the engine ran (issue 25).
 */
export const REMEMBERED_TEXTS = 4096;

/** `folded(text)` from `known`, or made and remembered there; `known` is emptied when full. */
function remembered(known: Map<string, string>, text: string, fold: (text: string) => string): string {
  let folded = known.get(text);
  if (folded === undefined) {
    folded = fold(text);
    if (known.size >= REMEMBERED_TEXTS) known.clear();
    known.set(text, folded);
  }
  return folded;
}

/** The catalog's folded fields, a repeated text folded once: replies repeat their subject, sender and recipient lists. */
export class FoldedTexts {
  /** Folded people by their JSON text, so a repeated recipient list is parsed and folded once. */
  private readonly people = new Map<string, string>();
  /** Folded subjects and senders by their text. */
  private readonly texts = new Map<string, string>();

  /** How many folded texts are remembered now. */
  get held(): number {
    return this.people.size + this.texts.size;
  }

  of(text: string): string {
    return remembered(this.texts, text, foldText);
  }

  peopleOf(json: string, column: 'toJson' | 'ccJson' | 'bccJson'): string {
    return remembered(this.people, json, (text) => foldPeople(decodeAddresses(text, column)));
  }
}
