// In-memory columns of every message's metadata (no text): filters, counts and listings run over these.
import type { Address, AttachmentInfo } from '../../shared/model/message';
import { decodeAddresses, decodeAttachments, type CatalogRow } from '../store/messageRecord';
import { placeKey } from '../../shared/query/placeKey';
import { foldText } from './fold';
import { mapRecord, type CatalogParts } from './catalogParts';
import { ValueColumn } from './valueColumn';
import { entryOf, FoldedTexts, type CatalogEntry } from './catalogEntry';
import { labelSetOf, type LabelSet } from './labelSet';
import { bodyHashOf } from './bodyHash';
import { StringList } from './stringList';
import { SavedAttachments } from './savedAttachments';
import { countedOnce, grown } from './grownArray';
import { IdTable } from './idTable';
import { messageIdOrdinals, messageIdSteps, noteMessageId, type OrdinalsByMessageId } from './messageIdOrdinals';

/** Shared by every message without attachments, most of an archive: one array instead of one each. */
const NO_ATTACHMENTS: AttachmentInfo[] = Object.freeze([]) as unknown as AttachmentInfo[];

const IS_READ = 1;
const IS_STARRED = 2;

/**
 * Messages are numbered 0..size-1 in load order ("ordinals"); indexes and bitsets speak ordinals. Each field is a
 * column: strings as numbers into their distinct values (see ValueColumn), numbers and flags in typed arrays. An object
 * per message with its own row object was most of the engine's memory, and the cause of slow major garbage collections
 * on the largest archives; columns hold about a third of that (bench/measured-reasons.md).
 */
export class Catalog {
  private ids = StringList.of([]);
  private messageIds = StringList.of([]);
  dates = new Float64Array(1024);
  private sizes = new Float64Array(1024);
  private flags = new Uint8Array(1024);
  /** Each message's bodyHashOf, 0 until known: set from the text an import hands in, or by sameMail.ts once read. */
  private bodyHashes = new Float64Array(1024);
  private attachmentLists: AttachmentInfo[][] = [];
  /** A snapshot's lists, read from it until a message is added or its list replaced (then `attachmentLists` holds all). */
  private savedAttachments: SavedAttachments | null = null;
  /** Label lists by their JSON text, with the parsed lists by number (a mailbox has few distinct ones), parsed at first use. */
  private labelColumn = new ValueColumn();
  private readonly labelSets: (LabelSet | undefined)[] = [];
  /** Fields as stored, for listings and the reader. */
  private readonly stored = {
    threadId: new ValueColumn(),
    subject: new ValueColumn(),
    fromName: new ValueColumn(),
    fromAddress: new ValueColumn(),
    toJson: new ValueColumn(),
    ccJson: new ValueColumn(),
    bccJson: new ValueColumn(),
    folder: new ValueColumn(),
    parentId: new ValueColumn(),
  };
  private readonly folded = new FoldedTexts();
  /** Ordinals by id, over `ids` (each id read from it, not kept again); filled in at its first look-up. */
  private idTable = new IdTable(this.ids);
  private ordinalsByMessageIdMap: OrdinalsByMessageId | null = new Map();
  /** Messages per thread, by the thread id's number in its column (see ValueColumn.numberAt). */
  private threadSizeCounts: Int32Array | null = new Int32Array(1024);
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

  /** How many times an existing row's labels were replaced: counts kept beside the catalog recount when it moves. */
  labelAmendments = 0;
  /** Moves with every change (added row, replaced labels or attachments), so a writer tells a saved snapshot still current. */
  revision = 0;

  /** A snapshot's columns; lookups by id, Message-ID and thread are made, and strings, labels and attachment lists
   * decoded, when first used (a keyword search from the command line needs few of them). */
  static fromParts(parts: CatalogParts): Catalog {
    const catalog = new Catalog();
    catalog.ids = parts.ids;
    catalog.messageIds = parts.messageIds;
    catalog.dates = parts.dates;
    catalog.sizes = parts.sizes;
    catalog.flags = parts.flags;
    catalog.bodyHashes = parts.bodyHashes;
    Object.assign(catalog.stored, mapRecord(parts.stored, ValueColumn.fromParts));
    Object.assign(catalog.columns, mapRecord(parts.columns, ValueColumn.fromParts));
    catalog.savedAttachments = new SavedAttachments(ValueColumn.fromParts(parts.attachments), NO_ATTACHMENTS);
    catalog.labelColumn = ValueColumn.fromParts(parts.labels);
    // Shown with a hit, never scanned by a filter, and decoded whole by an import's look-ups alone: read singly, a warm
    // engine does not keep the recipient lists and Message-IDs of a 100k-message archive decoded (issue 25). Ids too: a
    // search reads a page's, or a filter's few thousand, and the look-up by id compares saved bytes; decoded after a few
    // hundred searches, a million ids stayed in the heap as strings beside those bytes.
    for (const column of [catalog.stored.toJson, catalog.stored.ccJson, catalog.stored.bccJson]) column.readSingly();
    for (const list of [catalog.messageIds, parts.ids]) list.readSingly();
    catalog.idTable = new IdTable(parts.ids);
    catalog.ordinalsByMessageIdMap = null;
    catalog.threadSizeCounts = null;
    return catalog;
  }

  /** By number, not id: decoding every thread id to count by it was a tenth of a one-off search at 100k (issue 25). */
  private get threadSizes(): Int32Array {
    this.threadSizeCounts ??= this.stored.threadId.countsByNumber(this.size);
    return this.threadSizeCounts;
  }

  /** What adding a message needs made (lookups, attachment lists), a step each, for an import to make between searches
   * (runInTurns) before its first message: made by it, they held the engine's thread 0.2 s at 100k (issue 25). */
  *lookupSteps(): Generator<void> {
    for (const column of [...Object.values(this.stored), ...Object.values(this.columns), this.labelColumn]) yield* column.numberSteps();
    yield* this.idTable.steps();
    // The longest: noted a few thousand messages a step, kept unless a look-up made them whole meanwhile.
    if (!this.ordinalsByMessageIdMap) {
      const size = this.size;
      const made = yield* messageIdSteps(this.messageIds, size);
      if (this.size === size) this.ordinalsByMessageIdMap ??= made;
    }
    yield void this.ownAttachmentLists();
  }

  /** Every message's attachment list, held per message from now on (a snapshot's lists were read from it). */
  private ownAttachmentLists(): AttachmentInfo[][] {
    const saved = this.savedAttachments;
    if (saved !== null) {
      this.attachmentLists = Array.from({ length: this.size }, (_, ordinal) => saved.at(ordinal));
      this.savedAttachments = null;
    }
    return this.attachmentLists;
  }

  /** The ids joined, as UTF-8, when they are still the snapshot's bytes and those are UTF-8 (see StringList.savedUtf8). */
  savedIdBytes(): Uint8Array[] | null {
    return this.ids.savedUtf8();
  }

  /** The columns, for a snapshot (see CatalogParts). */
  parts(): CatalogParts {
    const size = this.size;
    const attachments = new ValueColumn();
    for (let ordinal = 0; ordinal < size; ordinal += 1) {
      const list = this.attachments(ordinal);
      attachments.set(ordinal, list.length === 0 ? '[]' : JSON.stringify(list));
    }
    return {
      ids: this.ids,
      messageIds: this.messageIds,
      dates: this.dates.subarray(0, size),
      sizes: this.sizes.subarray(0, size),
      flags: this.flags.subarray(0, size),
      bodyHashes: this.bodyHashes.subarray(0, size),
      attachments: attachments.parts(size),
      labels: this.labelColumn.parts(size),
      stored: mapRecord(this.stored, (column) => column.parts(size)),
      columns: mapRecord(this.columns, (column) => column.parts(size)),
    };
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.idTable.ordinalOf(id) !== undefined;
  }

  ordinalOf(id: string): number | undefined {
    return this.idTable.ordinalOf(id);
  }

  ordinalsOfMessageId(messageId: string): number[] {
    const ordinals = (this.ordinalsByMessageIdMap ??= messageIdOrdinals(this.messageIds, this.size)).get(messageId);
    return ordinals === undefined ? [] : typeof ordinals === 'number' ? [ordinals] : ordinals;
  }

  /** Adds a row (whole records: only the catalog's fields are kept) with its text's bodyHashOf when already made. */
  add(row: CatalogRow, bodyHash?: number): number {
    const attachmentLists = this.ownAttachmentLists();
    const ordinal = this.ids.length;
    this.ids.push(row.id);
    this.messageIds.push(row.messageId);
    this.dates = grown(this.dates, ordinal + 1, (length) => new Float64Array(length));
    this.sizes = grown(this.sizes, ordinal + 1, (length) => new Float64Array(length));
    this.flags = grown(this.flags, ordinal + 1, (length) => new Uint8Array(length));
    this.bodyHashes = grown(this.bodyHashes, ordinal + 1, (length) => new Float64Array(length));
    const { text } = row as { text?: unknown };
    if (bodyHash !== undefined) this.bodyHashes[ordinal] = bodyHash;
    else if (typeof text === 'string') this.bodyHashes[ordinal] = bodyHashOf(text);
    this.dates[ordinal] = row.date;
    this.sizes[ordinal] = row.size;
    this.flags[ordinal] = (row.isRead ? IS_READ : 0) | (row.isStarred ? IS_STARRED : 0);
    const attachments = row.attachmentsJson === '[]' ? NO_ATTACHMENTS : decodeAttachments(row.attachmentsJson);
    attachmentLists.push(attachments.length === 0 ? NO_ATTACHMENTS : attachments);
    this.setLabelsJson(ordinal, row.labelsJson);
    const { stored, columns } = this;
    stored.threadId.set(ordinal, row.threadId);
    stored.subject.set(ordinal, row.subject);
    stored.fromName.set(ordinal, row.fromName);
    stored.fromAddress.set(ordinal, row.fromAddress);
    stored.toJson.set(ordinal, row.toJson);
    stored.ccJson.set(ordinal, row.ccJson);
    stored.bccJson.set(ordinal, row.bccJson);
    stored.folder.set(ordinal, row.folder);
    stored.parentId.set(ordinal, row.parentId);
    columns.from.set(ordinal, this.folded.of(`${row.fromName} <${row.fromAddress}>`));
    columns.to.set(ordinal, this.folded.peopleOf(row.toJson, 'toJson'));
    columns.cc.set(ordinal, this.folded.peopleOf(row.ccJson, 'ccJson'));
    columns.bcc.set(ordinal, this.folded.peopleOf(row.bccJson, 'bccJson'));
    columns.subject.set(ordinal, this.folded.of(row.subject));
    columns.attachmentNames.set(
      ordinal,
      attachments.length === 0 ? '' : foldText(attachments.map((attachment) => attachment.filename).join('\n')),
    );
    columns.folderKey.set(ordinal, placeKey(row.folder));
    columns.folderLeafKey.set(ordinal, placeKey(row.folder.split('/').pop() ?? ''));
    columns.listId.set(ordinal, row.listId);
    columns.sourceId.set(ordinal, row.sourceId);
    // Lookups not made yet are made from the columns, this row included, when first used (the id table enters it then).
    if (this.threadSizeCounts) this.threadSizeCounts = countedOnce(this.threadSizeCounts, stored.threadId.numberAt(ordinal));
    if (this.ordinalsByMessageIdMap) noteMessageId(this.ordinalsByMessageIdMap, row.messageId, ordinal);
    this.revision += 1;
    return ordinal;
  }

  private setLabelsJson(ordinal: number, json: string): void {
    this.labelColumn.set(ordinal, json);
    const number = this.labelColumn.numberAt(ordinal);
    this.labelSets[number] ??= labelSetOf(json);
  }

  id(ordinal: number): string {
    return this.ids.at(ordinal);
  }

  messageId(ordinal: number): string {
    return this.messageIds.at(ordinal);
  }

  threadId(ordinal: number): string {
    return this.stored.threadId.valueAt(ordinal);
  }

  /** A number per conversation (equal numbers, one conversation), for grouping without reading the ids' strings. */
  threadNumber(ordinal: number): number {
    return this.stored.threadId.numberAt(ordinal);
  }

  /** Every threadNumber is below its valueCount; numbersInto copies those of many messages at once. */
  get threadNumbers(): Pick<ValueColumn, 'valueCount' | 'numbersInto'> {
    return this.stored.threadId;
  }

  subject(ordinal: number): string {
    return this.stored.subject.valueAt(ordinal);
  }

  /** Numbers of the sender's address and of the subject as stored, as threadNumber's (equal numbers, equal strings). */
  senderAddressNumber(ordinal: number): number {
    return this.stored.fromAddress.numberAt(ordinal);
  }

  subjectNumber(ordinal: number): number {
    return this.stored.subject.numberAt(ordinal);
  }

  sender(ordinal: number): Address {
    return { name: this.stored.fromName.valueAt(ordinal), address: this.stored.fromAddress.valueAt(ordinal) };
  }

  folder(ordinal: number): string {
    return this.stored.folder.valueAt(ordinal);
  }

  sourceId(ordinal: number): string {
    return this.columns.sourceId.valueAt(ordinal);
  }

  listId(ordinal: number): string {
    return this.columns.listId.valueAt(ordinal);
  }

  /** The To, Cc or Bcc list, parsed. */
  recipients(ordinal: number, field: 'to' | 'cc' | 'bcc'): Address[] {
    const column = `${field}Json` as const;
    return decodeAddresses(this.stored[column].valueAt(ordinal), column);
  }

  /** The number of a message's To, Cc or Bcc list among the distinct lists (equal numbers, equal lists). */
  recipientListNumber(ordinal: number, field: 'to' | 'cc' | 'bcc'): number {
    return this.stored[`${field}Json`].numberAt(ordinal);
  }

  /** The message's bodyHashOf, or null while its text has not been read. */
  bodyHash(ordinal: number): number | null {
    return this.bodyHashes[ordinal] || null;
  }

  setBodyHash(ordinal: number, hash: number): void {
    this.bodyHashes[ordinal] = hash;
  }

  /** The raw message's size in bytes. */
  messageSize(ordinal: number): number {
    return this.sizes[ordinal]!;
  }

  isRead(ordinal: number): boolean {
    return (this.flags[ordinal]! & IS_READ) !== 0;
  }

  isStarred(ordinal: number): boolean {
    return (this.flags[ordinal]! & IS_STARRED) !== 0;
  }

  private labelSet(ordinal: number): LabelSet {
    return (this.labelSets[this.labelColumn.numberAt(ordinal)] ??= labelSetOf(this.labelColumn.valueAt(ordinal)));
  }

  labels(ordinal: number): string[] {
    return this.labelSet(ordinal).labels;
  }

  /** The labels as place keys (see placeKey). */
  labelKeys(ordinal: number): string[] {
    return this.labelSet(ordinal).keys;
  }

  attachments(ordinal: number): AttachmentInfo[] {
    const saved = this.savedAttachments;
    return saved === null ? this.attachmentLists[ordinal]! : saved.at(ordinal);
  }

  /**
   * How many of the first `length` messages have each distinct folder, source, list, label list or attachment list (the
   * lists as JSON), counted by value number with each value decoded once; null for attachment lists not read from a
   * snapshot (see attachments), which are read message by message.
   */
  valueCounts(field: 'folder' | 'sourceId' | 'listId' | 'labels' | 'attachments', length: number): Map<string, number> | null {
    if (field === 'attachments') return this.savedAttachments?.counts(length) ?? null;
    return (field === 'folder' ? this.stored.folder : field === 'labels' ? this.labelColumn : this.columns[field]).counts(length);
  }

  /** Sets the bit of every message (of the first `into.length`) whose label keys pass `test`, tested once per distinct list. */
  markLabels(into: Uint8Array, test: (keys: string[]) => boolean): void {
    this.labelColumn.mark(into, (json, number) => test((this.labelSets[number] ??= labelSetOf(json)).keys));
  }

  /** The stored fields of a message's row. */
  row(ordinal: number): CatalogRow {
    const attachments = this.attachments(ordinal);
    return {
      id: this.id(ordinal),
      messageId: this.messageId(ordinal),
      threadId: this.threadId(ordinal),
      subject: this.subject(ordinal),
      date: this.dates[ordinal]!,
      fromName: this.stored.fromName.valueAt(ordinal),
      fromAddress: this.stored.fromAddress.valueAt(ordinal),
      toJson: this.stored.toJson.valueAt(ordinal),
      ccJson: this.stored.ccJson.valueAt(ordinal),
      bccJson: this.stored.bccJson.valueAt(ordinal),
      folder: this.folder(ordinal),
      labelsJson: this.labelColumn.valueAt(ordinal),
      attachmentsJson: attachments.length === 0 ? '[]' : JSON.stringify(attachments),
      attachmentCount: attachments.length,
      parentId: this.stored.parentId.valueAt(ordinal),
      size: this.sizes[ordinal]!,
      listId: this.listId(ordinal),
      isRead: this.isRead(ordinal),
      isStarred: this.isStarred(ordinal),
      sourceId: this.sourceId(ordinal),
    };
  }

  /** Everything the catalog knows of one message. */
  entry(ordinal: number): CatalogEntry {
    return entryOf(this, ordinal);
  }

  /** How many messages the thread of the message at `ordinal` holds, this one included. */
  threadSize(ordinal: number): number {
    return this.threadSizes[this.stored.threadId.numberAt(ordinal)] ?? 0;
  }

  /** The same attachments with their stored copies' hashes filled in; names are unchanged, so nothing else is. */
  setAttachments(ordinal: number, attachments: AttachmentInfo[]): void {
    this.ownAttachmentLists()[ordinal] = attachments;
    this.revision += 1;
  }

  setLabels(ordinal: number, labels: string[]): void {
    this.labelAmendments += 1;
    this.revision += 1;
    this.setLabelsJson(ordinal, JSON.stringify(labels));
  }
}
