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

/** Everything the catalog knows of one message: its row and its folded fields. */
export function entryOf(catalog: Catalog, ordinal: number): CatalogEntry {
  const { columns } = catalog;
  return {
    row: catalog.row(ordinal),
    labels: catalog.labels(ordinal),
    attachments: catalog.attachments(ordinal),
    foldedFrom: columns.from.valueAt(ordinal),
    foldedTo: columns.to.valueAt(ordinal),
    foldedCc: columns.cc.valueAt(ordinal),
    foldedBcc: columns.bcc.valueAt(ordinal),
    foldedSubject: columns.subject.valueAt(ordinal),
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
export function recipients(entry: CatalogEntry, field: 'to' | 'cc' | 'bcc'): Address[] {
  const column = `${field}Json` as const;
  return decodeAddresses(entry.row[column], column);
}

/** The catalog's folded fields, each distinct text folded once: replies repeat their subject, sender and recipient lists. */
export class FoldedTexts {
  /** Folded people by their JSON text, so a repeated recipient list is parsed and folded once. */
  private readonly people = new Map<string, string>();
  /** Folded subjects and senders by their text. */
  private readonly texts = new Map<string, string>();

  of(text: string): string {
    let folded = this.texts.get(text);
    if (folded === undefined) {
      folded = foldText(text);
      this.texts.set(text, folded);
    }
    return folded;
  }

  peopleOf(json: string, column: 'toJson' | 'ccJson' | 'bccJson'): string {
    let folded = this.people.get(json);
    if (folded === undefined) {
      folded = foldPeople(decodeAddresses(json, column));
      this.people.set(json, folded);
    }
    return folded;
  }
}
