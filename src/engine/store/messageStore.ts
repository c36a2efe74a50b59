// The LanceDB `messages` table: the durable record of every message, and the source every index is rebuilt from.
import { Index, type Table } from '@lancedb/lancedb';
import { lanceConnection } from './lanceConnection';
import type { RecordBatch, Table as ArrowTable } from 'apache-arrow';
import type { TableHealing } from '../../shared/model/storeHealth';
import { openFailure, openIntactTable, readIntact, READ_AS_IS, type HealingPlace, type OpenedTable } from './tableHealth';
import { mergeFragments, tidyTable, type Tidied } from './tidyTable';
import { CATALOG_COLUMNS, MESSAGE_SCHEMA, type CatalogRow, type MessageRecord } from './messageRecord';
import { arrowColumn } from './arrowColumn';
import { lanceArrow } from './lanceArrow';
import { localTableFolder } from './tableFiles';
import { checkObjectStoreSettings } from './objectStoreSettings';
import { inTurns } from './turns';
import { AddedRowPlaces } from './addedRowPlaces';

const TABLE = 'messages';
/** Below this many rows a scan is as fast as an index lookup and the index would only cost writes. */
const ID_INDEX_THRESHOLD = 5_000;
/**
 * Every import batch (500 messages) leaves a fragment and a table version, which pile up with their manifests over a
 * large archive (bench/measured-reasons.md). From this many small fragments on they are merged; LanceDB's own rule of
 * thumb is every 20 writes.
 */
const COMPACT_AFTER_FRAGMENTS = 20;

function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Plain objects of the selected columns, read column by column: Arrow's per-row proxies and their toJSON cost more
 * than the reading itself when a search checks thousands of texts or the catalog loads every row.
 */
function rowsOf<K extends keyof MessageRecord>(data: RecordBatch | ArrowTable, columns: readonly K[]): Pick<MessageRecord, K>[] {
  const rows: Record<string, unknown>[] = Array.from({ length: data.numRows }, () => ({}));
  for (const column of columns) {
    const vector = data.getChild(column);
    if (!vector) throw new Error(`store: the messages table has no column "${column}"`);
    let index = 0;
    for (const value of vector) rows[index++]![column] = value;
  }
  return rows as Pick<MessageRecord, K>[];
}

/** Records per Arrow record batch, each built in a turn of its own (see recordsTable). */
const RECORDS_PER_TURN = 50;

/**
 * The records as an Arrow table, built column by column: given plain rows, LanceDB walks every field of every row to
 * infer a schema it already has, on the importing thread (a quarter of its time storing a batch). Built a few records
 * at a time, giving the thread up between them: a whole batch held it for up to a third of a second at 100k messages,
 * which searches meanwhile waited out (issue 25).
 */
async function recordsTable(records: readonly MessageRecord[]): Promise<ArrowTable> {
  const pieces = Array.from({ length: Math.ceil(records.length / RECORDS_PER_TURN) }, (_, index) =>
    records.slice(index * RECORDS_PER_TURN, (index + 1) * RECORDS_PER_TURN),
  );
  const batches: RecordBatch[] = [];
  await inTurns(pieces, (piece) => batches.push(recordBatch(piece)), 0);
  return new lanceArrow.Table(MESSAGE_SCHEMA, batches);
}

function recordBatch(records: readonly MessageRecord[]): RecordBatch {
  const { RecordBatch, Struct, makeData } = lanceArrow;
  const children = MESSAGE_SCHEMA.fields.map((field) =>
    arrowColumn(
      field.type,
      records.map((record) => record[field.name as keyof MessageRecord]),
    ),
  );
  return new RecordBatch(
    MESSAGE_SCHEMA,
    makeData({ type: new Struct(MESSAGE_SCHEMA.fields), length: records.length, nullCount: 0, children }),
  );
}

export class MessageStore {
  private hasIdIndex = false;
  /** Whether the rows asked for by place have been where they were said to be (see getColumns). */
  private placesHold = true;
  private readonly addedPlaces = new AddedRowPlaces();

  private constructor(
    private readonly opened: OpenedTable,
    private readonly location: string,
    private readonly place: HealingPlace,
  ) {}

  private get table(): Table {
    return this.opened.table;
  }

  /**
   * `location` is a folder path or a LanceDB URI (s3://..., gs://...). A table whose newest version files are cut short
   * opens at its newest whole version (see tableHealth); `place` says whether this engine may repair it.
   */
  static async open(location: string, place: HealingPlace = READ_AS_IS): Promise<MessageStore> {
    checkObjectStoreSettings(location);
    try {
      const connection = await lanceConnection(location);
      let opened: OpenedTable;
      if ((await connection.tableNames()).includes(TABLE)) {
        connection.close();
        opened = await openIntactTable(location, TABLE, place);
      } else {
        const table = await connection.createEmptyTable(TABLE, MESSAGE_SCHEMA);
        opened = { name: TABLE, connection, table, healing: null, close: () => (table.close(), connection.close()) };
      }
      const store = new MessageStore(opened, location, place);
      await store.readIndexState();
      return store;
    } catch (error) {
      throw openFailure(TABLE, location, error);
    }
  }

  private async readIndexState(): Promise<void> {
    this.hasIdIndex = (await this.table.listIndices()).some((index) => index.columns.includes('id'));
  }

  /**
   * Runs `read` (a scan of every row, such as the catalog load) and, when it meets a damaged data file, goes back to
   * the newest version it reads whole (made current by a writer). The value is what `read` returned for that version.
   */
  async readIntact<T>(read: (store: MessageStore) => Promise<T>): Promise<T> {
    const { value, healing } = await readIntact(this.opened, this.location, this.place, () => read(this));
    if (healing) {
      this.addedPlaces.forget();
      await this.readIndexState();
    }
    return value;
  }

  /** What opening found damaged and gave up, or null for a whole table. */
  get healing(): TableHealing | null {
    return this.opened.healing;
  }

  /** The version the table is at, and when each of its versions was written (for `lantern check`). */
  async versions(): Promise<{ current: number; all: { version: number; timestamp: Date }[] }> {
    return { current: await this.table.version(), all: await this.table.listVersions() };
  }

  /** The table's folder on this machine, or null for object storage (see localTableFolder). */
  get localFolder(): string | null {
    return localTableFolder(this.location, TABLE);
  }

  /** The table version this store reads (a catalog snapshot is tied to it). */
  async version(): Promise<number> {
    return this.table.version();
  }

  async count(): Promise<number> {
    return this.table.countRows();
  }

  async add(records: MessageRecord[]): Promise<void> {
    if (records.length === 0) return;
    const firstPlace = await this.table.countRows();
    await this.table.add(await recordsTable(records));
    this.addedPlaces.note(
      records.map((record) => record.id),
      firstPlace,
    );
  }

  /**
   * Whether imports left COMPACT_AFTER_FRAGMENTS small fragments or more, to merge (rows keep their order, which the
   * saved keyword index's ordinals rely on).
   */
  async isFragmented(): Promise<boolean> {
    return (await this.table.stats()).fragmentStats.numSmallFragments >= COMPACT_AFTER_FRAGMENTS;
  }

  /** Merges small fragments; every version stays (see tidyTable for dropping them). */
  async mergeFragments(): Promise<void> {
    await mergeFragments(this.table);
    // The merge brought the id index up to date (LanceDB's optimize).
    this.addedPlaces.forget();
  }

  /** Merges small fragments and drops versions replaced more than `graceMs` ago (see tidyTable). */
  async tidy(graceMs: number): Promise<Tidied> {
    const tidied = await tidyTable(this.table, graceMs);
    this.addedPlaces.forget();
    return tidied;
  }

  /** Builds the id index once the table is big enough for it to pay off; later writes keep it current. */
  async ensureIdIndex(rowCount: number): Promise<void> {
    if (this.hasIdIndex || rowCount < ID_INDEX_THRESHOLD) return;
    await this.table.createIndex('id', { config: Index.btree() });
    this.hasIdIndex = true;
    this.addedPlaces.forget();
  }

  async get(ids: string[]): Promise<MessageRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.table
      .query()
      .where(`id IN (${ids.map(quote).join(',')})`)
      .toArray();
    return rows as MessageRecord[];
  }

  /**
   * Selected columns of records by id, for callers that do not need the large text columns; each id's row once, in no
   * promised order. Rows added since the id index last covered the table are read by place (see AddedRowPlaces), the
   * others by the index alone, and only ids neither finds by a filter over every row.
   *
   * `places`, when given, are where the rows likely are (the table's row numbers): the rows there are read first and
   * kept where their id is one asked for; the rest are read as above. A catalog ordinal is its message's place for as
   * long as no write moved rows (the catalog is read in the table's order and an import adds to both alike); once a
   * read finds a row elsewhere, places are no longer tried. A fresh engine's first read by id loads the id index first,
   * most of the reading of a search's page in a whole `lantern search` (issue 25).
   */
  async getColumns<K extends keyof MessageRecord>(
    ids: string[],
    columns: readonly K[],
    places?: readonly number[],
  ): Promise<Pick<MessageRecord, K>[]> {
    if (ids.length === 0) return [];
    const read: (keyof MessageRecord)[] = columns.includes('id' as K) ? [...columns] : [...columns, 'id'];
    const unread = new Set(ids);
    const rows: Pick<MessageRecord, 'id'>[] = [];
    const keep = (data: ArrowTable | null): void => {
      // An empty answer may come without its columns.
      if (!data || data.numRows === 0) return;
      for (const row of rowsOf(data, read)) if (unread.delete(row.id)) rows.push(row);
    };
    if (places !== undefined && places.length > 0 && this.placesHold) {
      keep(
        await this.table
          .takeOffsets([...places])
          .select(read)
          .toArrow(),
      );
      // A write moved rows (an update writes its row anew at the end): every later read goes by id, as before.
      if (unread.size > 0) this.placesHold = false;
    }
    if (unread.size > 0) keep(await this.addedPlaces.take(this.table, [...unread], read));
    if (unread.size > 0 && this.hasIdIndex)
      keep(
        await this.byIds([...unread], read)
          .fastSearch()
          .toArrow(),
      );
    if (unread.size > 0) keep(await this.byIds([...unread], read).toArrow());
    if (read.length > columns.length) for (const row of rows) delete (row as Partial<MessageRecord>).id;
    return rows as unknown as Pick<MessageRecord, K>[];
  }

  private byIds(ids: readonly string[], columns: readonly (keyof MessageRecord)[]) {
    return this.table
      .query()
      .where(`id IN (${ids.map(quote).join(',')})`)
      .select([...columns]);
  }

  /** Streams the catalog columns of every row, in batches. */
  async *scanCatalog(): AsyncIterable<CatalogRow[]> {
    yield* this.scanColumns(CATALOG_COLUMNS);
  }

  async *scanColumns<K extends keyof MessageRecord>(columns: readonly K[]): AsyncIterable<Pick<MessageRecord, K>[]> {
    for await (const batch of this.table.query().select([...columns])) {
      yield rowsOf(batch, columns);
    }
  }

  async updateLabels(id: string, labelsJson: string): Promise<void> {
    await this.table.update({ where: `id = ${quote(id)}`, values: { labelsJson } });
    this.addedPlaces.forget();
  }

  /** Fills in an already stored message's attachment list (hashes added by a later import of its file). */
  async updateAttachments(id: string, attachmentsJson: string): Promise<void> {
    await this.table.update({ where: `id = ${quote(id)}`, values: { attachmentsJson } });
    this.addedPlaces.forget();
  }

  /** Replaces a stored message's attachment text (the OCR stage adds text read from its images). */
  async updateAttachmentTexts(id: string, attachmentTextJson: string): Promise<void> {
    await this.table.update({ where: `id = ${quote(id)}`, values: { attachmentTextJson } });
    this.addedPlaces.forget();
  }

  close(): void {
    this.opened.close();
  }
}
