// In-memory columns of every message's metadata (no text): filters, counts and listings run over these.
import type { Address, AttachmentInfo } from '../../shared/model/message';
import type { CatalogRow } from '../store/messageRecord';
import { foldText } from './fold';
import { ValueColumn } from './valueColumn';

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

/** Shared by every message without labels or attachments, most of an archive: one array instead of one each. */
const NO_LABELS: string[] = Object.freeze([]) as unknown as string[];
const NO_ATTACHMENTS: AttachmentInfo[] = Object.freeze([]) as unknown as AttachmentInfo[];

/** Messages are numbered 0..size-1 in load order ("ordinals"); indexes and bitsets speak ordinals. */
export class Catalog {
  readonly entries: CatalogEntry[] = [];
  /**
   * One copy of each repeated value (a list's To and Cc, a sender, a folder, a thread id): the store hands every row
   * its own strings, and a mailing list repeats the same few thousands of times.
   */
  private readonly shared = new Map<string, string>();
  /** Folded people by their JSON text, so a repeated recipient list is parsed and folded once. */
  private readonly foldedPeople = new Map<string, string>();
  /** Folded subjects and senders by their text: replies repeat both. */
  private readonly folded = new Map<string, string>();
  private readonly ordinalById = new Map<string, number>();
  private readonly ordinalsByMessageId = new Map<string, number[]>();
  private readonly threadSizes = new Map<string, number>();
  dates = new Float64Array(1024);
  /** The fields metadata filters test, as value columns (see ValueColumn); folded as the entries' fields are. */
  readonly columns = {
    from: new ValueColumn(),
    to: new ValueColumn(),
    cc: new ValueColumn(),
    bcc: new ValueColumn(),
    subject: new ValueColumn(),
    attachmentNames: new ValueColumn(),
    folderKey: new ValueColumn(),
    folderLeafKey: new ValueColumn(),
    listId: new ValueColumn(),
    sourceId: new ValueColumn(),
  };

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

  private intern(value: string): string {
    const existing = this.shared.get(value);
    if (existing !== undefined) return existing;
    this.shared.set(value, value);
    return value;
  }

  /** The folded form of a To, Cc or Bcc list, computed once per distinct list. */
  private foldedPeopleOf(json: string): string {
    let folded = this.foldedPeople.get(json);
    if (folded === undefined) {
      folded = this.intern(foldPeople(parseJson<Address[]>(json, [])));
      this.foldedPeople.set(json, folded);
    }
    return folded;
  }

  private foldedOf(text: string): string {
    let folded = this.folded.get(text);
    if (folded === undefined) {
      folded = this.intern(foldText(text));
      this.folded.set(text, folded);
    }
    return folded;
  }

  /** Adds a row and returns its ordinal. */
  add(row: CatalogRow): number {
    const ordinal = this.entries.length;
    const attachments = row.attachmentsJson === '[]' ? NO_ATTACHMENTS : parseJson<AttachmentInfo[]>(row.attachmentsJson, []);
    const labels = row.labelsJson === '[]' ? NO_LABELS : parseJson<string[]>(row.labelsJson, []);
    const intern = (value: string): string => this.intern(value);
    this.entries.push({
      // Labels and attachments are kept parsed (their JSON text would only double them); recipients stay JSON.
      // Fields are copied one by one: an importer hands in whole records, whose bodies must not stay in memory.
      row: {
        id: row.id,
        messageId: row.messageId,
        date: row.date,
        attachmentCount: row.attachmentCount,
        size: row.size,
        isRead: row.isRead,
        isStarred: row.isStarred,
        threadId: intern(row.threadId),
        subject: intern(row.subject),
        fromName: intern(row.fromName),
        fromAddress: intern(row.fromAddress),
        toJson: intern(row.toJson),
        ccJson: intern(row.ccJson),
        bccJson: intern(row.bccJson),
        folder: intern(row.folder),
        parentId: intern(row.parentId),
        listId: intern(row.listId),
        sourceId: intern(row.sourceId),
        attachmentsJson: '',
        labelsJson: '',
      },
      labels,
      folderKey: intern(placeKey(row.folder)),
      folderLeafKey: intern(placeKey(row.folder.split('/').pop() ?? '')),
      labelKeys: labels.length === 0 ? NO_LABELS : labels.map((label) => intern(placeKey(label))),
      attachments,
      foldedFrom: this.foldedOf(`${row.fromName} <${row.fromAddress}>`),
      foldedTo: this.foldedPeopleOf(row.toJson),
      foldedCc: this.foldedPeopleOf(row.ccJson),
      foldedBcc: this.foldedPeopleOf(row.bccJson),
      foldedSubject: this.foldedOf(row.subject),
      foldedAttachmentNames: attachments.length === 0 ? '' : foldText(attachments.map((attachment) => attachment.filename).join('\n')),
    });
    if (ordinal >= this.dates.length) {
      const grown = new Float64Array(this.dates.length * 2);
      grown.set(this.dates);
      this.dates = grown;
    }
    this.dates[ordinal] = row.date;
    const entry = this.entries[ordinal]!;
    const { columns } = this;
    columns.from.set(ordinal, entry.foldedFrom);
    columns.to.set(ordinal, entry.foldedTo);
    columns.cc.set(ordinal, entry.foldedCc);
    columns.bcc.set(ordinal, entry.foldedBcc);
    columns.subject.set(ordinal, entry.foldedSubject);
    columns.attachmentNames.set(ordinal, entry.foldedAttachmentNames);
    columns.folderKey.set(ordinal, entry.folderKey);
    columns.folderLeafKey.set(ordinal, entry.folderLeafKey);
    columns.listId.set(ordinal, entry.row.listId);
    columns.sourceId.set(ordinal, entry.row.sourceId);
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
    entry.labelKeys = labels.map((label) => this.intern(placeKey(label)));
  }
}
