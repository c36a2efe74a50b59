// The chunk table's filtered searches and indexes: narrow filters fill the page exactly, date spans pre-filter,
// and stores indexed before IVF-Flat are searched well until the writer replaces their index.
import { join } from 'node:path';
import { connect, Index } from '@lancedb/lancedb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { seededRandom } from '../../../test/seededRandom';
import { normalizeL2 } from '../embed/embedder';
import { ChunkStore, type ChunkRow } from './chunkStore';

const DIMENSIONS = 32;
/** Above the 10,000 passages from which filtered columns get btrees. */
const MESSAGES = 5200;
const PASSAGES_PER_MESSAGE = 2;
const DAY = 86_400_000;

const next = seededRandom(11);
const centers = Array.from({ length: 30 }, () => Float32Array.from({ length: DIMENSIONS }, () => next() - 0.5));
const near = (center: Float32Array): Float32Array => normalizeL2(Float32Array.from(center, (value) => value + 0.3 * (next() - 0.5)));

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
      vector: near(centers[index % centers.length]!),
    };
  });
}

describe('ChunkStore filtered search', () => {
  let location: string;
  let store: ChunkStore;

  beforeEach(async () => {
    location = join(await makeTempDir(), 'lancedb');
    // Thresholds low enough that this table gets its IVF-Flat and btree indexes.
    store = await ChunkStore.open(location, DIMENSIONS, false, 1000);
    const all = rows();
    for (let start = 0; start < all.length; start += 2600) await store.add(all.slice(start, start + 2600));
    expect(await store.ensureIndexes()).toBe(true);
  });

  afterEach(() => store.close());

  it('builds an IVF-Flat index on the vectors and btrees on the filtered columns', async () => {
    const table = await (await connect(location)).openTable('chunks');
    const indices = await table.listIndices();
    expect(indices.find((index) => index.columns.includes('vector'))?.indexType).toBe('IvfFlat');
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

  it('still keeps to the allowed messages when their span is most of the archive', async () => {
    const allowed = new Set(Array.from({ length: MESSAGES }, (_, index) => `m${index}`).filter((_, index) => index % 3 !== 0));
    const span = { from: 0, to: (MESSAGES - 1) * DAY, passages: MESSAGES * PASSAGES_PER_MESSAGE, allowedShare: allowed.size / MESSAGES };
    const found = await store.nearest(near(centers[12]!), 100, allowed, { dates: span });
    expect(found).toHaveLength(100);
    expect(found.every((match) => allowed.has(match.messageId))).toBe(true);
  });
});

describe('a store indexed before IVF-Flat', () => {
  it('keeps finding what brute force finds, and the writer replaces its IVF-PQ index', async () => {
    const location = join(await makeTempDir(), 'lancedb');
    const first = await ChunkStore.open(location, DIMENSIONS, false, 1000);
    await first.add(rows());
    first.close();
    const table = await (await connect(location)).openTable('chunks');
    await table.createIndex('vector', { config: Index.ivfPq({ distanceType: 'cosine', numPartitions: 16, numSubVectors: 8 }) });
    table.close();

    const store = await ChunkStore.open(location, DIMENSIONS, false, 1000);
    const raw = await (await connect(location)).openTable('chunks');
    try {
      let found = 0;
      let foundWithoutRefine = 0;
      for (let query = 0; query < 20; query += 1) {
        const vector = near(centers[query]!);
        const exact = new Set((await store.nearest(vector, 10, null, { exact: true })).map((match) => match.text));
        found += (await store.nearest(vector, 10, null)).filter((match) => exact.has(match.text)).length;
        const unrefined = (await raw.query().nearestTo(Array.from(vector)).distanceType('cosine').nprobes(32).select(['text', '_distance']).limit(10).toArray()) as { text: string }[];
        foundWithoutRefine += unrefined.filter((row) => exact.has(row.text)).length;
      }
      console.log(`legacy IVF-PQ recall@10 with its refine step: ${(found / 200).toFixed(3)}, without: ${(foundWithoutRefine / 200).toFixed(3)}`);
      // The refine step it keeps is what makes a coarse PQ index usable.
      expect(found / 200).toBeGreaterThanOrEqual(0.8);
      expect(found).toBeGreaterThan(foundWithoutRefine * 1.5);
      expect(await store.ensureIndexes()).toBe(true);
      const indices = await (await (await connect(location)).openTable('chunks')).listIndices();
      expect(indices.find((index) => index.columns.includes('vector'))?.indexType).toBe('IvfFlat');
    } finally {
      raw.close();
      store.close();
    }
  });
});
