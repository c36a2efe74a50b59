// Benchmark driver (own process): gives every message of a store its vectors through the engine's own embedding
// stage (chunking, the chunks table, the ANN index), with the real model behind the bench's vector cache.
import { join } from 'node:path';
import { openEngine } from '../src/engine/api/engine';
import { UNIVERSAL_SENTENCE_ENCODER_ID } from '../src/engine/embed/universalSentenceEncoder';
import { createWorkerEmbedder } from '../src/engine/embed/workerEmbedder';
import { peakRssMb } from './measure';
import { cachingEmbedder, poolEmbedder, VectorCache, type CacheCounts } from './vectorCache';

const [dataDir, cacheFile, workerCount] = process.argv.slice(2) as [string, string, string];
/** The default embedder, as a person who adds no model folder gets it. */
const DIMENSIONS = 512;

const cache = await VectorCache.open(cacheFile, DIMENSIONS);
const cachedBefore = cache.size;
const counts: CacheCounts = { fromCache: 0, embedded: 0 };
const script = join(import.meta.dirname, 'embedWorker.mjs');
// One model per core: nothing else runs while the cache fills.
const embedder = cachingEmbedder(
  cache,
  UNIVERSAL_SENTENCE_ENCODER_ID,
  async () =>
    poolEmbedder(
      await Promise.all(Array.from({ length: Number(workerCount) }, () => createWorkerEmbedder(script, {}, UNIVERSAL_SENTENCE_ENCODER_ID))),
    ),
  counts,
);
const engine = await openEngine({ dataDir, embedder });
let lastLog = 0;
engine.subscribe((event) => {
  if (event.type !== 'embedding-progress' || performance.now() - lastLog < 30_000) return;
  lastLog = performance.now();
  console.error(
    `  vectors: ${event.done}/${event.total} messages (${counts.fromCache} passages from the cache, ${counts.embedded} embedded)`,
  );
});
const started = performance.now();
const report = await engine.embed();
const elapsedMs = performance.now() - started;
const stats = await engine.getStats();
await engine.close();
await embedder.close();
process.stdout.write(
  JSON.stringify({
    messages: report.embedded,
    chunks: report.chunks,
    fromCache: counts.fromCache,
    embedded: counts.embedded,
    cachedBefore,
    cachedAfter: cache.size,
    elapsedMs,
    embeddedMessages: stats.embeddedMessages,
    peakRssMb: peakRssMb(),
  }),
);
