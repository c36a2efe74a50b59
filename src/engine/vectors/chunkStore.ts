// The LanceDB `chunks` table: passages of messages with their vectors, searched by meaning with pre-filters.
import { connect, Index, type Connection, type Table } from '@lancedb/lancedb';
import { Field, FixedSizeList, Float32, Float64, Int32, Schema, Utf8 } from 'apache-arrow';

const TABLE = 'chunks';
/**
 * Brute force is exact but reads every passage, about 4 µs each (at 33k messages, 47k passages took 200 ms a query);
 * from this many on an IVF index keeps queries quick.
 */
export const ANN_INDEX_THRESHOLD = 10_000;
/**
 * IVF-Flat keeps whole vectors in its partitions, so distances are exact within the probed ones and nothing is read
 * again to refine them. Measured on 140k passages (100k messages, USE vectors): IVF-PQ with refineFactor 10 took
 * 240 ms a query (its refinement reads 10 × k vectors one by one); IVF-Flat with 32 probes 37–53 ms, recall@10 0.90.
 */
const ANN_PROBES = 32;
/**
 * Up to this many allowed messages are searched exactly, by an id list (found through a btree on messageId), so a
 * narrow filter still fills the page; at 100k messages 500 ids took 150 ms.
 */
const ID_LIST_LIMIT = 500;
/** Passages within a date range are compared exactly up to about this many (about 50 µs each), else through the index. */
const EXACT_RANGE_CHUNKS = 1_500;
/** Over-fetching for a broad filter stops here: a page of fewer hits beats seconds of reading. */
const MAX_OVERFETCH = 10_000;
/** What the IVF-PQ index of earlier stores needs to find what brute force finds (recall@10 0.96). */
const LEGACY_REFINE = 10;
/**
 * Filters reach LanceDB as `messageId IN (…)` or a date range; btrees on both pay for themselves from this many rows
 * (at 140k passages a date pre-filter took 180 ms without one, 13 ms with it; 500 ids 1.6 s without, 150 ms with).
 */
const FILTER_INDEX_THRESHOLD = 10_000;
const FILTER_COLUMNS = ['messageId', 'date'] as const;

/** The date span (inclusive, as stored numbers) of the messages a filter allows, and how many passages fall in it. */
export interface DateSpan {
  from: number;
  to: number;
  /** Estimated passages with a date in the span, from the catalog's count of messages there. */
  passages: number;
  /** The allowed messages' share of all messages in the span, 0..1. */
  allowedShare: number;
}

export interface ChunkRow {
  chunkId: string;
  messageId: string;
  threadId: string;
  date: number;
  /** 'body' or the attachment's file name. */
  origin: string;
  position: number;
  text: string;
  vector: Float32Array;
}

export interface ChunkMatch {
  messageId: string;
  origin: string;
  text: string;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

function schemaFor(dimensions: number): Schema {
  return new Schema([
    new Field('chunkId', new Utf8(), false),
    new Field('messageId', new Utf8(), false),
    new Field('threadId', new Utf8(), false),
    new Field('date', new Float64(), false),
    new Field('origin', new Utf8(), false),
    new Field('position', new Int32(), false),
    new Field('text', new Utf8(), false),
    new Field('vector', new FixedSizeList(dimensions, new Field('item', new Float32(), true)), false),
  ]);
}

function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export class ChunkStore {
  private rows = 0;
  private hasAnnIndex = false;
  private hasFilterIndexes = false;
  /**
   * Stores embedded before IVF-Flat have an IVF-PQ index, poor without its refine step: it keeps that step until the
   * writer's embedding stage (every run ends with ensureIndexes) replaces the index; readers never write.
   */
  private hasLegacyIndex = false;

  private constructor(
    private readonly connection: Connection,
    private table: Table,
    readonly dimensions: number,
    private readonly annThreshold: number,
  ) {}

  /** Opens the table for vectors of `dimensions`; a table of another size, or any table when `replace`, is dropped. */
  static async open(location: string, dimensions: number, replace = false, annThreshold = ANN_INDEX_THRESHOLD): Promise<ChunkStore> {
    const connection = await connect(location);
    const names = await connection.tableNames();
    let table: Table | null = names.includes(TABLE) ? await connection.openTable(TABLE) : null;
    if (table) {
      const vectorField = (await table.schema()).fields.find((field) => field.name === 'vector');
      const size = (vectorField?.type as FixedSizeList | undefined)?.listSize;
      if (size !== dimensions || replace) {
        table.close();
        await connection.dropTable(TABLE);
        table = null;
      }
    }
    table ??= await connection.createEmptyTable(TABLE, schemaFor(dimensions));
    const store = new ChunkStore(connection, table, dimensions, annThreshold);
    store.rows = await table.countRows();
    const indices = await table.listIndices();
    const vectorIndex = indices.find((index) => index.columns.includes('vector'));
    store.hasAnnIndex = vectorIndex?.indexType === 'IvfFlat';
    store.hasLegacyIndex = vectorIndex !== undefined && !store.hasAnnIndex;
    store.hasFilterIndexes = FILTER_COLUMNS.every((column) => indices.some((index) => index.columns.includes(column)));
    return store;
  }

  get size(): number {
    return this.rows;
  }

  /** Ids of messages that already have chunks (to resume embedding where it stopped). */
  async embeddedMessageIds(): Promise<Set<string>> {
    const ids = new Set<string>();
    for await (const batch of this.table.query().select(['messageId'])) {
      for (const row of batch.toArray()) ids.add(String(row.messageId));
    }
    return ids;
  }

  async add(chunks: ChunkRow[]): Promise<void> {
    if (chunks.length === 0) return;
    await this.table.add(chunks.map((chunk) => ({ ...chunk, vector: Array.from(chunk.vector) })));
    this.rows += chunks.length;
  }

  /** Builds the indexes a large table needs; true when the vector index was built now. */
  async ensureIndexes(): Promise<boolean> {
    if (!this.hasFilterIndexes && this.rows >= FILTER_INDEX_THRESHOLD) {
      for (const column of FILTER_COLUMNS) await this.table.createIndex(column, { config: Index.btree(), replace: true });
      this.hasFilterIndexes = true;
    }
    if (this.hasAnnIndex || this.rows < this.annThreshold) return false;
    await this.table.createIndex('vector', { config: Index.ivfFlat({ distanceType: 'cosine', numPartitions: Math.max(16, Math.round(Math.sqrt(this.rows))) }), replace: true });
    this.hasAnnIndex = true;
    this.hasLegacyIndex = false;
    return true;
  }

  /**
   * Nearest chunks to `vector` among `allowed` messages (null: all). A few allowed messages are searched exactly by
   * id; more, within their date span (a numeric pre-filter, exact when the span holds few passages) and kept when
   * their message is allowed, widening until `limit` chunks survive or MAX_OVERFETCH is reached.
   */
  async nearest(vector: Float32Array, limit: number, allowed: Set<string> | null, options: { exact?: boolean; dates?: DateSpan } = {}): Promise<ChunkMatch[]> {
    if (this.rows === 0 || limit <= 0 || allowed?.size === 0) return [];
    const run = async (k: number, where: string | null, isExact: boolean): Promise<ChunkMatch[]> => {
      let query = this.table.query().nearestTo(Array.from(vector)).distanceType('cosine').nprobes(ANN_PROBES).select(['messageId', 'origin', 'text', '_distance']).limit(k);
      if (where) query = query.where(where);
      if (this.hasLegacyIndex) query = query.refineFactor(LEGACY_REFINE);
      if (isExact) query = query.bypassVectorIndex();
      const rows = (await query.toArray()) as { messageId: string; origin: string; text: string; _distance: number }[];
      return rows.map((row) => ({ messageId: row.messageId, origin: row.origin, text: row.text, similarity: 1 - row._distance }));
    };
    const isExact = options.exact === true;
    if (allowed === null) return run(limit, null, isExact);
    if (allowed.size <= ID_LIST_LIMIT) return run(limit, `messageId IN (${[...allowed].map(quote).join(',')})`, true);
    const span = options.dates;
    const where = span ? `date >= ${span.from} AND date <= ${span.to}` : null;
    const inSpan = span ? span.passages : this.rows;
    // Start where about limit × 1.5 allowed passages are expected among the nearest of the span: usually one round.
    const share = span ? span.allowedShare : allowed.size / Math.max(1, this.rows);
    for (let k = Math.min(MAX_OVERFETCH, Math.ceil((limit * 1.5) / Math.max(share, 1e-3))); ; k *= 4) {
      const matches = (await run(k, where, isExact || inSpan <= EXACT_RANGE_CHUNKS)).filter((match) => allowed.has(match.messageId));
      if (matches.length >= limit || k >= inSpan || k >= MAX_OVERFETCH) return matches.slice(0, limit);
    }
  }

  close(): void {
    this.table.close();
    this.connection.close();
  }
}
