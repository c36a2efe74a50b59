// The bench's vector cache: the real model's vector for each passage text it has embedded, kept between runs.
// Scaled copies repeat the archive's messages, so their passages are the same texts: with this cache a 100k or 1M
// store gets the vectors the model would give it while the model embeds each distinct text once, ever.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Embedder } from '../src/engine/embed/embedder';

const KEY_BYTES = 16;

function keyOf(text: string): string {
  return createHash('sha256')
    .update(text)
    .digest('hex')
    .slice(0, KEY_BYTES * 2);
}

export class VectorCache {
  private readonly vectors = new Map<string, Float32Array>();

  private constructor(
    private readonly file: string,
    readonly dimensions: number,
  ) {}

  /** Opens (or starts) the cache file; a record cut short by a killed run is dropped. */
  static async open(file: string, dimensions: number): Promise<VectorCache> {
    const cache = new VectorCache(file, dimensions);
    await mkdir(dirname(file), { recursive: true });
    if (!existsSync(file)) return cache;
    const bytes = await readFile(file);
    const recordBytes = KEY_BYTES + dimensions * 4;
    const whole = Math.floor(bytes.length / recordBytes);
    for (let record = 0; record < whole; record += 1) {
      const start = record * recordBytes;
      const key = bytes.subarray(start, start + KEY_BYTES).toString('hex');
      // Copied out so the file's buffer can be freed.
      const vector = new Float32Array(bytes.buffer.slice(bytes.byteOffset + start + KEY_BYTES, bytes.byteOffset + start + recordBytes));
      cache.vectors.set(key, vector);
    }
    if (whole * recordBytes !== bytes.length) await truncate(file, whole * recordBytes);
    return cache;
  }

  get size(): number {
    return this.vectors.size;
  }

  get(text: string): Float32Array | undefined {
    return this.vectors.get(keyOf(text));
  }

  async add(texts: readonly string[], vectors: readonly Float32Array[]): Promise<void> {
    const records: Buffer[] = [];
    texts.forEach((text, index) => {
      const key = keyOf(text);
      if (this.vectors.has(key)) return;
      const vector = vectors[index]!;
      this.vectors.set(key, vector);
      records.push(Buffer.from(key, 'hex'), Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
    });
    if (records.length > 0) await appendFile(this.file, Buffer.concat(records));
  }
}

/** Spreads each call over several embedders of one model (worker threads), text i to embedder i mod n. */
export function poolEmbedder(members: Embedder[]): Embedder {
  const [first] = members;
  if (!first) throw new Error('bench: a pool needs at least one embedder');
  return {
    id: first.id,
    dimensions: first.dimensions,
    async embed(texts) {
      const shares = members.map((_, member) => texts.filter((_, index) => index % members.length === member));
      const results = await Promise.all(members.map((member, index) => member.embed(shares[index]!)));
      return texts.map((_, index) => results[index % members.length]![Math.floor(index / members.length)]!);
    },
    async close() {
      await Promise.all(members.map((member) => member.close()));
    },
  };
}

export interface CacheCounts {
  fromCache: number;
  embedded: number;
}

/** An embedder that answers from the cache and asks the model (loaded on the first miss) for the rest. */
export function cachingEmbedder(cache: VectorCache, id: string, loadModel: () => Promise<Embedder>, counts: CacheCounts): Embedder {
  let model: Promise<Embedder> | null = null;
  return {
    id,
    dimensions: cache.dimensions,
    async embed(texts) {
      const vectors = texts.map((text) => cache.get(text));
      const unknown = texts.filter((_, index) => vectors[index] === undefined);
      const missing = [...new Set(unknown)];
      counts.fromCache += texts.length - unknown.length;
      if (missing.length > 0) {
        model ??= loadModel();
        const fresh = await (await model).embed(missing);
        await cache.add(missing, fresh);
        counts.embedded += missing.length;
      }
      return texts.map((text, index) => vectors[index] ?? cache.get(text)!);
    },
    async close() {
      await (await model)?.close();
    },
  };
}
