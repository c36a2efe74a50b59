// The LanceDB `chunks` table: passages of messages with their vectors, searched by meaning with pre-filters.
import { connect, Index, type Connection, type Table } from '@lancedb/lancedb';
import { Field, FixedSizeList, Float32, Float64, Int32, Schema, Utf8 } from 'apache-arrow';

const TABLE = 'chunks';
/** Brute force is exact and fast below this many chunks; above it an IVF-PQ index keeps queries quick. */
export const ANN_INDEX_THRESHOLD = 50_000;
const ANN_PROBES = 32;
const ANN_REFINE = 10;
/** Up to this many allowed messages, filters go to LanceDB as an id list (a true pre-filter). */
const ID_LIST_LIMIT = 4_000;

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
    store.hasAnnIndex = (await table.listIndices()).some((index) => index.columns.includes('vector'));
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

  async ensureAnnIndex(): Promise<boolean> {
    if (this.hasAnnIndex || this.rows < this.annThreshold) return false;
    await this.table.createIndex('vector', { config: Index.ivfPq({ distanceType: 'cosine', numPartitions: Math.max(16, Math.round(Math.sqrt(this.rows))) }) });
    this.hasAnnIndex = true;
    return true;
  }

  /**
   * Nearest chunks to `vector` among `allowed` messages (null: all). Small allowed sets are pushed into LanceDB as
   * a pre-filter; large ones are applied to an over-fetched result, widening until `limit` chunks survive.
   */
  async nearest(vector: Float32Array, limit: number, allowed: Set<string> | null, options: { exact?: boolean } = {}): Promise<ChunkMatch[]> {
    if (this.rows === 0 || limit <= 0 || allowed?.size === 0) return [];
    const run = async (k: number, where: string | null): Promise<ChunkMatch[]> => {
      // With an index, probe more partitions and re-rank with exact distances: recall stays close to brute force.
      let query = this.table.query().nearestTo(Array.from(vector)).distanceType('cosine').nprobes(ANN_PROBES).refineFactor(ANN_REFINE).select(['messageId', 'origin', 'text', '_distance']).limit(k);
      if (where) query = query.where(where);
      if (options.exact) query = query.bypassVectorIndex();
      const rows = (await query.toArray()) as { messageId: string; origin: string; text: string; _distance: number }[];
      return rows.map((row) => ({ messageId: row.messageId, origin: row.origin, text: row.text, similarity: 1 - row._distance }));
    };
    if (allowed === null) return run(limit, null);
    if (allowed.size <= ID_LIST_LIMIT) return run(limit, `messageId IN (${[...allowed].map(quote).join(',')})`);
    for (let k = limit * 4; ; k *= 4) {
      const matches = (await run(k, null)).filter((match) => allowed.has(match.messageId));
      if (matches.length >= limit || k >= this.rows) return matches.slice(0, limit);
    }
  }

  close(): void {
    this.table.close();
    this.connection.close();
  }
}
