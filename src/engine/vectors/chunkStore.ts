// The LanceDB `chunks` table: passages of messages with their vectors, searched by meaning with pre-filters.
import { Index, type Connection, type Table } from '@lancedb/lancedb';
import { lanceConnection } from '../store/lanceConnection';
import type { TableHealing } from '../../shared/model/storeHealth';
import type { ChunkFilter, ChunkPlaces } from './chunkFilter';
import { schemaFor, vectorSize } from './chunkSchema';
import { openFailure, openIntactTable, readIntact, READ_AS_IS, type HealingPlace, type OpenedTable } from '../store/tableHealth';
import { tidyTable, VERSION_GRACE_MS } from '../store/tidyTable';

/**
 * Schema 2 added the folder, labels and participants columns. It has its own table so that the writer can copy a
 * schema-1 table (`chunks`) into it, vectors and all, and drop the old one only once the copy is whole.
 */
export const CHUNK_TABLE = 'chunks_v2';
const SCHEMA_1_TABLE = 'chunks';
/** Rows per batch when the schema-1 table is copied. */
const UPGRADE_BATCH = 4096;
/** Messages per update when their folder or labels changed since they were embedded. */
const UPDATE_BATCH = 500;
/** Brute force reads every passage: from this many an IVF index keeps queries quick (bench/measured-reasons.md). */
export const ANN_INDEX_THRESHOLD = 10_000;
/**
 * The vector index is IVF-RQ: one bit per dimension (RaBitQ) in the partitions, then the best `k × refine` re-ranked
 * on their full vectors. Against IVF-Flat (the index before) it was faster at higher recall with a far smaller index,
 * and did not grow the engine by the whole vectors that IVF-Flat caches as queries read them (figures in
 * bench/measured-reasons.md, chunkStore.ts).
 */
const ANN_PROBES = 64;
/** Past this k (a broad filter's over-fetch), re-ranking twice k costs more than the order it fixes (bench/measured-reasons.md). */
const WIDE_K = 1000;
/** A small k still has this many candidates re-ranked: one bit per dimension orders the nearest few coarsely. */
const MIN_RERANKED = 200;
/** Re-ranking factor per kind of vector index; IVF-Flat's distances are exact already. */
const REFINE_FACTOR: Record<string, (k: number) => number | null> = {
  IvfRq: (k) => (k > WIDE_K ? 1 : Math.max(2, Math.ceil(MIN_RERANKED / k))),
  IvfFlat: () => null,
  // Stores embedded before IVF-Flat have an IVF-PQ index, poor without its refine step (recall@10 0.96 with it).
  IvfPq: () => 10,
};
/** With a pre-filter LanceDB probes further partitions, up to this many, while fewer than k passages passed. */
const MAX_PROBES = 100_000;
/**
 * Up to this many allowed messages are searched exactly, by an id list (found through a btree on messageId), so a
 * narrow filter still fills the page; past it the list costs more than the index (bench/measured-reasons.md).
 */
const ID_LIST_LIMIT = 500;
/**
 * Up to this many passages of a date span under half the table are compared exactly: a pre-filtered search of a narrow
 * span probed partition after partition, kept the whole index in memory and was no quicker (bench/measured-reasons.md).
 */
const EXACT_RANGE_CHUNKS = 20_000;
/** Over-fetching for a broad filter stops here: a page of fewer hits beats seconds of reading. */
const MAX_OVERFETCH = 10_000;
/**
 * Filters reach LanceDB as `messageId IN (…)` or a date range; btrees on both make either pre-filter an order of
 * magnitude faster from this many rows (bench/measured-reasons.md).
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

export interface ChunkRow extends ChunkPlaces {
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

function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A table this store created or copied into, on its own connection: nothing to heal, closed with the store. */
function ownTable(name: string, connection: Connection, table: Table): OpenedTable {
  return { name, connection, table, healing: null, close: () => table.close() };
}

export class ChunkStore {
  private rows = 0;
  private hasAnnIndex = false;
  private hasFilterIndexes = false;
  /**
   * The kind of the table's vector index. A store indexed before IVF-RQ keeps its index, searched with that kind's
   * refine step, until the writer's embedding stage (every run ends with ensureIndexes) replaces it; readers never write.
   */
  private vectorIndexType: string | null = null;

  private constructor(
    private readonly connection: Connection,
    private opened: OpenedTable,
    private readonly location: string,
    private readonly place: HealingPlace,
    readonly dimensions: number,
    private readonly annThreshold: number,
    /** A schema-1 table: no folder, labels or participants, so filters reach it as ids and dates only. */
    private isSchema1: boolean,
  ) {}

  private get table(): Table {
    return this.opened.table;
  }

  /**
   * Opens the table for vectors of `dimensions`; a table of another size, or any table when `replace`, is dropped.
   * A schema-1 table is opened as it is (readers never write); the writer copies it with `upgrade`. A table whose
   * newest versions are damaged opens at its newest intact one (see tableHealth); `place` says whether this engine may
   * repair it. The vectors of the versions given up are made again by the next embedding run, which embeds every
   * message the table has no passages of.
   */
  static async open(
    location: string,
    dimensions: number,
    replace = false,
    annThreshold = ANN_INDEX_THRESHOLD,
    place: HealingPlace = READ_AS_IS,
    tableName = CHUNK_TABLE,
  ): Promise<ChunkStore> {
    const connection = await lanceConnection(location);
    try {
      const names = await connection.tableNames();
      const openSized = async (name: string): Promise<OpenedTable | null> => {
        if (!names.includes(name)) return null;
        const opened = await openIntactTable(location, name, place);
        if ((await vectorSize(opened.table)) === dimensions && !replace) return opened;
        opened.close();
        await connection.dropTable(name);
        return null;
      };
      // Both tables exist only when a copy stopped part way: the schema-1 table is still the whole truth. Only the
      // first embedder's table can have a schema-1 table before it; another embedder's table is always schema 2.
      const schema1 = tableName === CHUNK_TABLE ? await openSized(SCHEMA_1_TABLE) : null;
      const opened =
        schema1 ??
        (await openSized(tableName)) ??
        ownTable(tableName, connection, await connection.createEmptyTable(tableName, schemaFor(dimensions)));
      const store = new ChunkStore(connection, opened, location, place, dimensions, annThreshold, schema1 !== null);
      await store.readIndexState();
      return store;
    } catch (error) {
      connection.close();
      throw openFailure(CHUNK_TABLE, location, error);
    }
  }

  /** What opening or reading found damaged and gave up, or null for a whole table. */
  get healing(): TableHealing | null {
    return this.opened.healing;
  }

  private async readIndexState(): Promise<void> {
    this.rows = await this.table.countRows();
    const indices = await this.table.listIndices();
    const vectorIndex = indices.find((index) => index.columns.includes('vector'));
    this.vectorIndexType = vectorIndex?.indexType ?? null;
    this.hasAnnIndex = this.vectorIndexType === 'IvfRq';
    this.hasFilterIndexes = FILTER_COLUMNS.every((column) => indices.some((index) => index.columns.includes(column)));
  }

  get size(): number {
    return this.rows;
  }

  /** True when the table predates the folder, labels and participants columns. */
  get needsUpgrade(): boolean {
    return this.isSchema1;
  }

  /**
   * Writer only: copies a schema-1 table, vectors and all, into the current schema with each message's places, then
   * drops it. Indexes are rebuilt by the next ensureIndexes. Interrupted, it starts over from the old table next time.
   */
  async upgrade(placesOf: (messageId: string) => ChunkPlaces): Promise<number> {
    if (!this.isSchema1) return 0;
    const names = await this.connection.tableNames();
    if (names.includes(CHUNK_TABLE)) await this.connection.dropTable(CHUNK_TABLE);
    const next = await this.connection.createEmptyTable(CHUNK_TABLE, schemaFor(this.dimensions));
    let copied = 0;
    let pending: ChunkRow[] = [];
    const flush = async (): Promise<void> => {
      if (pending.length === 0) return;
      await next.add(pending.map((row) => ({ ...row, vector: Array.from(row.vector) })));
      copied += pending.length;
      pending = [];
    };
    for await (const batch of this.table.query()) {
      for (const row of batch.toArray() as Record<string, unknown>[]) {
        const messageId = String(row.messageId);
        pending.push({
          chunkId: String(row.chunkId),
          messageId,
          threadId: String(row.threadId),
          date: Number(row.date),
          origin: String(row.origin),
          position: Number(row.position),
          text: String(row.text),
          vector: (row.vector as { toArray(): Float32Array }).toArray(),
          ...placesOf(messageId),
        });
      }
      if (pending.length >= UPGRADE_BATCH) await flush();
    }
    await flush();
    const { healing } = this.opened;
    this.opened.close();
    await this.connection.dropTable(SCHEMA_1_TABLE);
    // What healing the old table found is still this session's to report.
    this.opened = { ...ownTable(CHUNK_TABLE, this.connection, next), healing };
    this.isSchema1 = false;
    await this.readIndexState();
    return copied;
  }

  /**
   * Writer only: gives passages the folder, labels and participants their message has now (labels grow when a copy
   * of a message is imported again); one update per distinct set of places. Returns the messages changed.
   */
  async syncPlaces(placesOf: (messageId: string) => ChunkPlaces | null): Promise<number> {
    if (this.isSchema1 || this.rows === 0) return 0;
    const changed = new Map<string, { places: ChunkPlaces; ids: string[] }>();
    for await (const batch of this.table.query().where('position = 0').select(['messageId', 'folder', 'labels', 'participants'])) {
      for (const row of batch.toArray() as unknown as (ChunkPlaces & { messageId: string })[]) {
        const places = placesOf(row.messageId);
        if (!places || (places.folder === row.folder && places.labels === row.labels && places.participants === row.participants)) continue;
        const key = JSON.stringify(places);
        const group = changed.get(key) ?? { places, ids: [] };
        group.ids.push(row.messageId);
        changed.set(key, group);
      }
    }
    let count = 0;
    for (const { places, ids } of changed.values()) {
      for (let start = 0; start < ids.length; start += UPDATE_BATCH) {
        const slice = ids.slice(start, start + UPDATE_BATCH);
        await this.table.update({
          values: { folder: places.folder, labels: places.labels, participants: places.participants },
          where: `messageId IN (${slice.map(quote).join(',')})`,
        });
        count += slice.length;
      }
    }
    return count;
  }

  /**
   * Ids of messages that already have chunks (to resume embedding where it stopped). The scan reads every data file,
   * so a damaged one shows here: the table then goes back to the newest version that reads whole (see tableHealth),
   * and the messages whose passages it lost are left out, to be embedded again.
   */
  async embeddedMessageIds(): Promise<Set<string>> {
    const { value, healing } = await readIntact(this.opened, this.location, this.place, async () => {
      const ids = new Set<string>();
      // The column itself, not rows: making a row object per passage was most of an engine's open on a store with vectors.
      for await (const batch of this.table.query().select(['messageId'])) {
        for (const id of batch.getChild('messageId') ?? []) ids.add(String(id));
      }
      return ids;
    });
    if (healing) await this.readIndexState();
    return value;
  }

  /**
   * How many messages have chunks, for an engine that only reads them: each has one passage at position 0 (as
   * syncPlaces relies on), so LanceDB counts them without a row reaching JavaScript, where reading every passage's
   * message id took a tenth of a whole `lantern search` at 100k messages (issue 25). Read through the same healing
   * as the ids; a schema-1 table is counted by its ids.
   */
  async embeddedMessageCount(): Promise<number> {
    if (this.isSchema1) return (await this.embeddedMessageIds()).size;
    const { value, healing } = await readIntact(this.opened, this.location, this.place, () => this.table.countRows('position = 0'));
    if (healing) await this.readIndexState();
    return value;
  }

  async add(chunks: ChunkRow[]): Promise<void> {
    if (chunks.length === 0) return;
    if (this.isSchema1) throw new Error('embed: the chunk table needs its upgrade before passages are added');
    await this.table.add(chunks.map((chunk) => ({ ...chunk, vector: Array.from(chunk.vector) })));
    this.rows += chunks.length;
  }

  /** Drops the passages of these messages, so that embedding makes them again from their changed text (OCR added some). */
  async removeMessages(messageIds: readonly string[]): Promise<void> {
    if (messageIds.length === 0 || this.rows === 0) return;
    await this.table.delete(`messageId IN (${messageIds.map(quote).join(',')})`);
    this.rows = await this.table.countRows();
  }

  /**
   * Merges the files of this run's appends and drops the table versions replaced more than a minute ago (see
   * tidyTable); the rest go at the next run's end.
   */
  async compact(): Promise<void> {
    await tidyTable(this.table, VERSION_GRACE_MS);
  }

  /** Builds the indexes a large table needs; true when the vector index was built now. */
  async ensureIndexes(): Promise<boolean> {
    if (!this.hasFilterIndexes && this.rows >= FILTER_INDEX_THRESHOLD) {
      for (const column of FILTER_COLUMNS) await this.table.createIndex(column, { config: Index.btree(), replace: true });
      this.hasFilterIndexes = true;
    }
    if (this.hasAnnIndex || this.rows < this.annThreshold) return false;
    await this.table.createIndex('vector', {
      config: Index.ivfRq({ distanceType: 'cosine', numPartitions: Math.max(16, Math.round(Math.sqrt(this.rows))), numBits: 1 }),
      replace: true,
    });
    this.hasAnnIndex = true;
    this.vectorIndexType = 'IvfRq';
    return true;
  }

  /**
   * Nearest chunks to `vector` among `allowed` messages (null: all). A few allowed messages are searched exactly by
   * id. More are pre-filtered by `filter` (the query's operators on the chunk's own columns) and their date span:
   * when the filter is exact, the index fills the page in one search; otherwise passages are kept when their message
   * is allowed, widening until `limit` survive or MAX_OVERFETCH is reached.
   */
  async nearest(
    vector: Float32Array,
    limit: number,
    allowed: Set<string> | null,
    options: { exact?: boolean; dates?: DateSpan; filter?: ChunkFilter } = {},
  ): Promise<ChunkMatch[]> {
    if (this.rows === 0 || limit <= 0 || allowed?.size === 0) return [];
    const run = async (k: number, where: string | null, isExact: boolean): Promise<ChunkMatch[]> => {
      let query = this.table
        .query()
        .nearestTo(Array.from(vector))
        .distanceType('cosine')
        .select(['messageId', 'origin', 'text', '_distance'])
        .limit(k);
      query = where ? query.where(where).maximumNprobes(MAX_PROBES).minimumNprobes(ANN_PROBES) : query.nprobes(ANN_PROBES);
      const refine = this.vectorIndexType === null ? null : (REFINE_FACTOR[this.vectorIndexType]?.(k) ?? null);
      if (isExact) query = query.bypassVectorIndex();
      else if (refine !== null) query = query.refineFactor(refine);
      const rows = (await query.toArray()) as { messageId: string; origin: string; text: string; _distance: number }[];
      return rows.map((row) => ({ messageId: row.messageId, origin: row.origin, text: row.text, similarity: 1 - row._distance }));
    };
    const isExact = options.exact === true;
    if (allowed === null) return run(limit, null, isExact);
    if (allowed.size <= ID_LIST_LIMIT) return run(limit, `messageId IN (${[...allowed].map(quote).join(',')})`, true);
    const filter = this.isSchema1 ? undefined : options.filter;
    const span = options.dates;
    const conditions = [filter?.sql, span ? `date >= ${span.from} AND date <= ${span.to}` : null].filter(
      (condition) => typeof condition === 'string',
    );
    const where = conditions.length === 0 ? null : conditions.map((condition) => `(${condition})`).join(' AND ');
    const inSpan = span ? span.passages : this.rows;
    const isSmall = isExact || (inSpan <= EXACT_RANGE_CHUNKS && inSpan * 2 < this.rows);
    // The filter allows exactly the allowed messages: the index's pre-filtered search returns `limit` of them.
    if (filter?.exact && where) return (await run(limit, where, isSmall)).filter((match) => allowed.has(match.messageId));
    // Start where about limit × 1.5 allowed passages are expected among the nearest of the span: usually one round.
    const share = span ? span.allowedShare : allowed.size / Math.max(1, this.rows);
    for (let k = Math.min(MAX_OVERFETCH, Math.ceil((limit * 1.5) / Math.max(share, 1e-3))); ; k *= 4) {
      const matches = (await run(k, where, isSmall)).filter((match) => allowed.has(match.messageId));
      if (matches.length >= limit || k >= inSpan || k >= MAX_OVERFETCH) return matches.slice(0, limit);
    }
  }

  close(): void {
    this.opened.close();
    this.connection.close();
  }

  /** Writer only: closes the store and deletes its table, for vectors another embedder's have replaced. */
  async drop(): Promise<void> {
    const { name } = this.opened;
    this.opened.close();
    try {
      await this.connection.dropTable(name);
    } finally {
      this.connection.close();
    }
  }
}
