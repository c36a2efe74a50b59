// The LanceDB `messages` table: the durable record of every message, and the source every index is rebuilt from.
import { connect, Index, type Connection, type Table } from '@lancedb/lancedb';
import type { RecordBatch, Table as ArrowTable } from 'apache-arrow';
import { mergeFragments, tidyTable, type Tidied } from './tidyTable';
import { CATALOG_COLUMNS, MESSAGE_SCHEMA, type CatalogRow, type MessageRecord } from './messageRecord';
import { lanceArrow } from './lanceArrow';

const TABLE = 'messages';
/** Below this many rows a scan is as fast as an index lookup and the index would only cost writes. */
const ID_INDEX_THRESHOLD = 5_000;
/**
 * Every import batch (500 messages) leaves a fragment and a table version: 2,000 of each and 269 MB of manifests at a
 * million messages. From this many small fragments on they are merged; LanceDB's own rule of thumb is every 20 writes.
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

/**
 * The records as an Arrow table, built column by column: given plain rows, LanceDB walks every field of every row to
 * infer a schema it already has, on the importing thread (a quarter of its time storing a batch).
 */
function recordsTable(records: readonly MessageRecord[]): ArrowTable {
  const { RecordBatch, Struct, Table, makeData, vectorFromArray } = lanceArrow;
  const children = MESSAGE_SCHEMA.fields.map((field) => vectorFromArray(records.map((record) => record[field.name as keyof MessageRecord]), field.type).data[0]!);
  const batch = new RecordBatch(MESSAGE_SCHEMA, makeData({ type: new Struct(MESSAGE_SCHEMA.fields), length: records.length, nullCount: 0, children }));
  return new Table(MESSAGE_SCHEMA, [batch]);
}

export class MessageStore {
  private hasIdIndex = false;

  private constructor(
    private readonly connection: Connection,
    private readonly table: Table,
  ) {}

  /** `location` is a folder path or a LanceDB URI (s3://..., gs://...). */
  static async open(location: string): Promise<MessageStore> {
    const connection = await connect(location);
    const names = await connection.tableNames();
    const table = names.includes(TABLE) ? await connection.openTable(TABLE) : await connection.createEmptyTable(TABLE, MESSAGE_SCHEMA);
    const store = new MessageStore(connection, table);
    store.hasIdIndex = (await table.listIndices()).some((index) => index.columns.includes('id'));
    return store;
  }

  async count(): Promise<number> {
    return this.table.countRows();
  }

  async add(records: MessageRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.table.add(recordsTable(records));
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
  }

  /** Merges small fragments and drops versions replaced more than `graceMs` ago (see tidyTable). */
  async tidy(graceMs: number): Promise<Tidied> {
    return tidyTable(this.table, graceMs);
  }

  /** Builds the id index once the table is big enough for it to pay off; later writes keep it current. */
  async ensureIdIndex(rowCount: number): Promise<void> {
    if (this.hasIdIndex || rowCount < ID_INDEX_THRESHOLD) return;
    await this.table.createIndex('id', { config: Index.btree() });
    this.hasIdIndex = true;
  }

  async get(ids: string[]): Promise<MessageRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.table
      .query()
      .where(`id IN (${ids.map(quote).join(',')})`)
      .toArray();
    return rows as MessageRecord[];
  }

  /** Selected columns of records by id, for callers that do not need the large text columns. */
  async getColumns<K extends keyof MessageRecord>(ids: string[], columns: readonly K[]): Promise<Pick<MessageRecord, K>[]> {
    if (ids.length === 0) return [];
    const data = await this.table
      .query()
      .where(`id IN (${ids.map(quote).join(',')})`)
      .select([...columns])
      .toArrow();
    return rowsOf(data, columns);
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
  }

  /** Fills in an already stored message's attachment list (hashes added by a later import of its file). */
  async updateAttachments(id: string, attachmentsJson: string): Promise<void> {
    await this.table.update({ where: `id = ${quote(id)}`, values: { attachmentsJson } });
  }

  close(): void {
    this.table.close();
    this.connection.close();
  }
}
