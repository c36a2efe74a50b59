// In-memory columns of every message's metadata (no text): filters, counts and listings run over these.
import type { Address, AttachmentInfo } from '../../shared/model/message';
import type { CatalogRow } from '../store/messageRecord';
import { foldText } from './fold';

/**
 * One message's metadata, with searchable fields pre-folded. Recipients stay as their JSON text (see `recipients`):
 * long Cc lists parsed into objects for every message were the largest part of the engine's memory.
 */
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

/** Gmail writes "my-label" for "My label"; places compare folded, with punctuation and spaces alike ("/" separates folders). */
export function placeKey(value: string): string {
  return foldText(value).replace(/[^\p{L}\p{N}/]+/gu, ' ').trim();
}

function foldPeople(people: Address[]): string {
  return foldText(people.map((person) => `${person.name} <${person.address}>`).join('\n'));
}

function parseJson<T>(json: string, fallback: T): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

/** The To, Cc or Bcc list of a message, parsed when a listing or a reader needs it. */
export function recipients(entry: CatalogEntry, field: 'to' | 'cc' | 'bcc'): Address[] {
  return parseJson<Address[]>(field === 'to' ? entry.row.toJson : field === 'cc' ? entry.row.ccJson : entry.row.bccJson, []);
}

/** Messages are numbered 0..size-1 in load order ("ordinals"); indexes and bitsets speak ordinals. */
export class Catalog {
  readonly entries: CatalogEntry[] = [];
  private readonly ordinalById = new Map<string, number>();
  private readonly ordinalsByMessageId = new Map<string, number[]>();
  private readonly threadSizes = new Map<string, number>();
  dates = new Float64Array(1024);

  get size(): number {
    return this.entries.length;
  }

  has(id: string): boolean {
    return this.ordinalById.has(id);
  }

  ordinalOf(id: string): number | undefined {
    return this.ordinalById.get(id);
  }

  ordinalsOfMessageId(messageId: string): number[] {
    return this.ordinalsByMessageId.get(messageId) ?? [];
  }

  /** Adds a row and returns its ordinal. */
  add(row: CatalogRow): number {
    const ordinal = this.entries.length;
    const attachments = parseJson<AttachmentInfo[]>(row.attachmentsJson, []);
    const labels = parseJson<string[]>(row.labelsJson, []);
    // Parsed once for their folded form, then dropped; the JSON text in `row` is what stays.
    const to = parseJson<Address[]>(row.toJson, []);
    const cc = parseJson<Address[]>(row.ccJson, []);
    const bcc = parseJson<Address[]>(row.bccJson, []);
    this.entries.push({
      // Parsed above and kept parsed: their JSON text would only double them.
      row: { ...row, attachmentsJson: '', labelsJson: '' },
      labels,
      folderKey: placeKey(row.folder),
      folderLeafKey: placeKey(row.folder.split('/').pop() ?? ''),
      labelKeys: labels.map(placeKey),
      attachments,
      foldedFrom: foldText(`${row.fromName} <${row.fromAddress}>`),
      foldedTo: foldPeople(to),
      foldedCc: foldPeople(cc),
      foldedBcc: foldPeople(bcc),
      foldedSubject: foldText(row.subject),
      foldedAttachmentNames: foldText(attachments.map((attachment) => attachment.filename).join('\n')),
    });
    if (ordinal >= this.dates.length) {
      const grown = new Float64Array(this.dates.length * 2);
      grown.set(this.dates);
      this.dates = grown;
    }
    this.dates[ordinal] = row.date;
    this.ordinalById.set(row.id, ordinal);
    this.threadSizes.set(row.threadId, (this.threadSizes.get(row.threadId) ?? 0) + 1);
    if (row.messageId) {
      const list = this.ordinalsByMessageId.get(row.messageId);
      if (list) list.push(ordinal);
      else this.ordinalsByMessageId.set(row.messageId, [ordinal]);
    }
    return ordinal;
  }

  /** Messages stored in a thread. */
  threadSize(threadId: string): number {
    return this.threadSizes.get(threadId) ?? 0;
  }

  /** The same attachments with their stored copies' hashes filled in; names are unchanged, so nothing else is. */
  setAttachments(ordinal: number, attachments: AttachmentInfo[]): void {
    this.entries[ordinal]!.attachments = attachments;
  }

  setLabels(ordinal: number, labels: string[]): void {
    const entry = this.entries[ordinal]!;
    entry.labels = labels;
    entry.labelKeys = labels.map(placeKey);
  }
}
