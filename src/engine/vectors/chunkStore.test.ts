// The chunk table's filtered searches and indexes: narrow filters fill the page exactly, date spans pre-filter,
// and stores indexed before IVF-RQ (IVF-PQ, IVF-Flat) are searched well until the writer replaces their index.
import { join } from 'node:path';
import { connect, Index } from '@lancedb/lancedb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { seededRandom } from '../../../test/seededRandom';
import { normalizeL2 } from '../embed/embedder';
import type { ChunkPlaces } from './chunkFilter';
import { ChunkStore, type ChunkRow } from './chunkStore';
import { cachedBytes, CACHE_BOUND_BYTES } from '../store/lanceConnection';

const DIMENSIONS = 32;
/** Above the 10,000 passages from which filtered columns get btrees. */
const MESSAGES = 5200;
const PASSAGES_PER_MESSAGE = 2;
const DAY = 86_400_000;

const next = seededRandom(11);
const centers = Array.from({ length: 30 }, () => Float32Array.from({ length: DIMENSIONS }, () => next() - 0.5));
const near = (center: Float32Array): Float32Array => normalizeL2(Float32Array.from(center, (value) => value + 0.3 * (next() - 0.5)));

/** One message in eight is filed under "archive" (650, across every date); one in five has the label "work". */
function placesOfMessage(message: number): ChunkPlaces {
  return {
    folder: message % 8 === 0 ? 'archive' : 'inbox',
    labels: message % 5 === 0 ? '|work|' : '',
    participants: `person ${message % 50} <p${message % 50}@example.org>`,
  };
}

/** Message m is dated day m, so a date span picks a run of messages. */
function rows(): ChunkRow[] {
  return Array.from({ length: MESSAGES * PASSAGES_PER_MESSAGE }, (_, index) => {
    const message = Math.floor(index / PASSAGES_PER_MESSAGE);
    return {
      chunkId: `m${message}#${index % PASSAGES_PER_MESSAGE}`,
      messageId: `m${message}`,
      threadId: `t${message % 500}`,
      date: message * DAY,
      origin: 'body',
      position: index % PASSAGES_PER_MESSAGE,
      text: `passage ${index}`,
      ...placesOfMessage(message),
      vector: near(centers[index % centers.length]!),
    };
  });
}

describe('ChunkStore filtered search', () => {
  let location: string;
  let store: ChunkStore;

  beforeEach(async () => {
    location = join(await makeTempDir(), 'lancedb');
    // Thresholds low enough that this table gets its IVF-RQ and btree indexes.
    store = await ChunkStore.open(location, DIMENSIONS, false, 1000);
    const all = rows();
    for (let start = 0; start < all.length; start += 2600) await store.add(all.slice(start, start + 2600));
    expect(await store.ensureIndexes()).toBe(true);
  });

  afterEach(() => store.close());

  it('builds an IVF-RQ index on the vectors and btrees on the filtered columns', async () => {
    const table = await (await connect(location)).openTable('chunks_v2');
    const indices = await table.listIndices();
    expect(indices.find((index) => index.columns.includes('vector'))?.indexType).toBe('IvfRq');
    expect(indices.find((index) => index.columns.includes('messageId'))?.indexType).toBe('BTree');
    expect(indices.find((index) => index.columns.includes('date'))?.indexType).toBe('BTree');
    expect(await store.ensureIndexes()).toBe(false);
  });

  it('fills the page from a few allowed messages, exactly as brute force among them', async () => {
    const allowed = new Set(Array.from({ length: 40 }, (_, index) => `m${index * 73}`));
    const query = near(centers[3]!);
    const found = await store.nearest(query, 30, allowed);
    const exact = await store.nearest(query, 30, allowed, { exact: true });
    expect(found).toHaveLength(30);
    expect(found.every((match) => allowed.has(match.messageId))).toBe(true);
    expect(found.map((match) => match.text)).toEqual(exact.map((match) => match.text));
  });

  it('searches many allowed messages within their date span, keeping only allowed ones', async () => {
    // Every other message of days 1000–1599: too many for an id list, a narrow date span.
    const allowed = new Set(Array.from({ length: 600 }, (_, index) => `m${1000 + index}`).filter((_, index) => index % 2 === 0));
    const query = near(centers[7]!);
    const span = { from: 1000 * DAY, to: 1598 * DAY, passages: 600 * PASSAGES_PER_MESSAGE, allowedShare: 0.5 };
    const found = await store.nearest(query, 50, allowed, { dates: span });
    expect(found).toHaveLength(50);
    expect(found.every((match) => allowed.has(match.messageId))).toBe(true);
    // A span this small is compared exactly: the same passages as brute force among the allowed messages.
    const exact = await store.nearest(query, 50, allowed, { dates: span, exact: true });
    expect(found.map((match) => match.text)).toEqual(exact.map((match) => match.text));
  });

  it('fills the page from a folder across every date with one pre-filtered search, as brute force does', async () => {
    const allowed = new Set(
      Array.from({ length: MESSAGES }, (_, index) => index)
        .filter((index) => index % 8 === 0)
        .map((index) => `m${index}`),
    );
    const span = { from: 0, to: (MESSAGES - 1) * DAY, passages: MESSAGES * PASSAGES_PER_MESSAGE, allowedShare: allowed.size / MESSAGES };
    const filter = { sql: "folder = 'archive'", exact: true };
    let found = 0;
    for (let query = 0; query < 10; query += 1) {
      const vector = near(centers[query]!);
      const matches = await store.nearest(vector, 100, allowed, { dates: span, filter });
      expect(matches).toHaveLength(100);
      expect(matches.every((match) => allowed.has(match.messageId))).toBe(true);
      const exact = new Set((await store.nearest(vector, 100, allowed, { dates: span, filter, exact: true })).map((match) => match.text));
      found += matches.filter((match) => exact.has(match.text)).length;
    }
    expect(found / 1000).toBeGreaterThanOrEqual(0.9);
  });

  it('probes further partitions until a narrow pre-filter has filled the page', async () => {
    // 650 of 5,200 messages also labelled work: 130 messages, 260 passages; 200 asked for.
    const allowed = new Set(
      Array.from({ length: MESSAGES }, (_, index) => index)
        .filter((index) => index % 40 === 0)
        .map((index) => `m${index}`),
    );
    const wide = new Set([...allowed, ...Array.from({ length: 600 }, (_, index) => `m${index * 8 + 1}`)]);
    const filter = { sql: "folder = 'archive' AND labels LIKE '%|work|%'", exact: true };
    // The wide set only gets past the id list; the filter alone decides which passages are searched.
    const matches = await store.nearest(near(centers[5]!), 200, wide, { filter });
    expect(matches).toHaveLength(200);
    expect(matches.every((match) => allowed.has(match.messageId))).toBe(true);
  });

  it("keeps the index it reads in the process's bounded session caches", async () => {
    const before = cachedBytes();
    for (let query = 0; query < 10; query += 1) expect(await store.nearest(near(centers[query]!), 20, null)).toHaveLength(20);
    // Nothing more held there means the table was opened outside the shared session, under LanceDB's 7 GB of caches.
    expect(cachedBytes()).toBeGreaterThan(before);
    expect(cachedBytes()).toBeLessThanOrEqual(CACHE_BOUND_BYTES);
  });

  it('still keeps to the allowed messages when their span is most of the archive', async () => {
    const allowed = new Set(Array.from({ length: MESSAGES }, (_, index) => `m${index}`).filter((_, index) => index % 3 !== 0));
    const span = { from: 0, to: (MESSAGES - 1) * DAY, passages: MESSAGES * PASSAGES_PER_MESSAGE, allowedShare: allowed.size / MESSAGES };
    const found = await store.nearest(near(centers[12]!), 100, allowed, { dates: span });
    expect(found).toHaveLength(100);
    expect(found.every((match) => allowed.has(match.messageId))).toBe(true);
  });
});

/** Indexes earlier versions built, as they built them. */
const EARLIER_INDEXES = [
  { kind: 'IVF-PQ', config: () => Index.ivfPq({ distanceType: 'cosine', numPartitions: 16, numSubVectors: 8 }) },
  { kind: 'IVF-Flat', config: () => Index.ivfFlat({ distanceType: 'cosine', numPartitions: 16 }) },
];

describe.each(EARLIER_INDEXES)('a store indexed with $kind before IVF-RQ', ({ kind, config }) => {
  it('keeps finding what brute force finds, and the writer replaces its index', async () => {
    const location = join(await makeTempDir(), 'lancedb');
    const first = await ChunkStore.open(location, DIMENSIONS, false, 1000);
    await first.add(rows());
    first.close();
    const table = await (await connect(location)).openTable('chunks_v2');
    await table.createIndex('vector', { config: config() });
    table.close();

    const store = await ChunkStore.open(location, DIMENSIONS, false, 1000);
    const raw = await (await connect(location)).openTable('chunks_v2');
    try {
      let found = 0;
      let foundWithoutRefine = 0;
      for (let query = 0; query < 20; query += 1) {
        const vector = near(centers[query]!);
        const exact = new Set((await store.nearest(vector, 10, null, { exact: true })).map((match) => match.text));
        found += (await store.nearest(vector, 10, null)).filter((match) => exact.has(match.text)).length;
        const unrefined = (await raw
          .query()
          .nearestTo(Array.from(vector))
          .distanceType('cosine')
          .nprobes(32)
          .select(['text', '_distance'])
          .limit(10)
          .toArray()) as { text: string }[];
        foundWithoutRefine += unrefined.filter((row) => exact.has(row.text)).length;
      }
      console.log(
        `${kind} recall@10 as searched: ${(found / 200).toFixed(3)}, by the bare index: ${(foundWithoutRefine / 200).toFixed(3)}`,
      );
      expect(found / 200).toBeGreaterThanOrEqual(0.8);
      // A coarse PQ index is usable only through the refine step it keeps.
      if (kind === 'IVF-PQ') expect(found).toBeGreaterThan(foundWithoutRefine * 1.5);
      expect(await store.ensureIndexes()).toBe(true);
      const indices = await (await (await connect(location)).openTable('chunks_v2')).listIndices();
      expect(indices.find((index) => index.columns.includes('vector'))?.indexType).toBe('IvfRq');
    } finally {
      raw.close();
      store.close();
    }
  });
});

describe('a schema-1 chunk table, without folder, labels and participants', () => {
  it('is searched as it is by readers, and copied whole into the current schema by the writer', async () => {
    const location = join(await makeTempDir(), 'lancedb');
    const all = rows().slice(0, 2000);
    const connection = await connect(location);
    // As stores embedded before schema 2 wrote it.
    const schema1 = all.map(({ folder: _folder, labels: _labels, participants: _participants, vector, ...row }) => ({
      ...row,
      vector: Array.from(vector),
    }));
    (await connection.createTable('chunks', schema1)).close();

    const store = await ChunkStore.open(location, DIMENSIONS);
    try {
      expect(store.needsUpgrade).toBe(true);
      expect(store.size).toBe(2000);
      const allowed = new Set(
        Array.from({ length: 1000 }, (_, index) => `m${index}`).filter((_, index) => index % 8 === 0 || index % 3 === 0),
      );
      const query = near(centers[2]!);
      // Its rows have no folder column: the filter is left out, the allowed set still holds.
      const before = await store.nearest(query, 20, allowed, { filter: { sql: "folder = 'archive'", exact: false }, exact: true });
      expect(before).toHaveLength(20);
      expect(before.every((match) => allowed.has(match.messageId))).toBe(true);
      await expect(store.add(all.slice(0, 1))).rejects.toThrow(/upgrade/);

      expect(await store.upgrade((messageId) => placesOfMessage(Number(messageId.slice(1))))).toBe(2000);
      expect(store.needsUpgrade).toBe(false);
      expect(await connection.tableNames()).toEqual(['chunks_v2']);
      const after = await store.nearest(query, 20, allowed, { filter: { sql: "folder = 'archive'", exact: false }, exact: true });
      expect(after.map((match) => match.text)).toEqual(before.map((match) => match.text));
      const copied = (await (await connection.openTable('chunks_v2')).query().where("chunkId = 'm16#1'").toArray())[0] as Record<
        string,
        unknown
      >;
      expect(copied).toMatchObject({
        messageId: 'm16',
        folder: 'archive',
        labels: '',
        participants: 'person 16 <p16@example.org>',
        position: 1,
      });
      expect(Array.from((copied.vector as { toArray(): Float32Array }).toArray())).toEqual(
        Array.from(all.find((row) => row.chunkId === 'm16#1')!.vector),
      );
    } finally {
      store.close();
    }
  });

  it('is copied again from the start when a copy stopped part way', async () => {
    const location = join(await makeTempDir(), 'lancedb');
    const all = rows().slice(0, 400);
    const connection = await connect(location);
    (
      await connection.createTable(
        'chunks',
        all.map(({ folder: _folder, labels: _labels, participants: _participants, vector, ...row }) => ({
          ...row,
          vector: Array.from(vector),
        })),
      )
    ).close();
    // A partial copy left behind.
    (
      await connection.createTable(
        'chunks_v2',
        all.slice(0, 50).map((row) => ({ ...row, vector: Array.from(row.vector) })),
      )
    ).close();
    const store = await ChunkStore.open(location, DIMENSIONS);
    try {
      expect(store.needsUpgrade).toBe(true);
      expect(store.size).toBe(400);
      expect(await store.upgrade((messageId) => placesOfMessage(Number(messageId.slice(1))))).toBe(400);
      expect(await (await connection.openTable('chunks_v2')).countRows()).toBe(400);
    } finally {
      store.close();
    }
  });
});

describe('places that change after embedding', () => {
  it('are brought up to date, one update per distinct set of places', async () => {
    const location = join(await makeTempDir(), 'lancedb');
    const store = await ChunkStore.open(location, DIMENSIONS);
    try {
      await store.add(rows().slice(0, 1000));
      const current = (messageId: string): ChunkPlaces => placesOfMessage(Number(messageId.slice(1)));
      expect(await store.syncPlaces(current)).toBe(0);
      // Messages 0–99 were imported again from another export with the label "travel".
      const relabelled = (messageId: string): ChunkPlaces => {
        const places = current(messageId);
        return Number(messageId.slice(1)) < 100 ? { ...places, labels: `${places.labels || '|'}travel|` } : places;
      };
      expect(await store.syncPlaces(relabelled)).toBe(100);
      expect(await store.syncPlaces(relabelled)).toBe(0);
      const table = await (await connect(location)).openTable('chunks_v2');
      const travel = (await table.query().where("labels LIKE '%|travel|%'").select(['messageId']).toArray()) as { messageId: string }[];
      expect(travel).toHaveLength(200);
      expect(new Set(travel.map((row) => row.messageId))).toEqual(new Set(Array.from({ length: 100 }, (_, index) => `m${index}`)));
      expect(((await table.query().where("chunkId = 'm0#1'").toArray())[0] as ChunkPlaces).labels).toBe('|work|travel|');
      table.close();
    } finally {
      store.close();
    }
  });
});
