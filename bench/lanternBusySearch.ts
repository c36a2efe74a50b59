// Benchmark driver (own process): search latency while the engine is busy, first importing another archive into
// the store, then embedding it. A person keeps searching while a Takeout imports; this says how that feels.
import type { EmbeddingReport } from '../src/shared/model/embedding';
import type { ImportReport } from '../src/shared/model/importing';
import { openEngine } from '../src/engine/api/engine';
import type { Engine } from '../src/engine/api/engineTypes';
import { BENCH_QUERIES } from './queries';
import { percentile, type BusyLatency } from './measure';

const [dataDir, otherArchive] = process.argv.slice(2) as [string, string];
/** Embedding a large store takes hours on two cores; a minute of it shows how searches fare meanwhile. */
const EMBEDDING_WINDOW_MS = 60_000;

/** What a person types into the search bar between searches: operator values and words, a keystroke at a time. */
const TYPED = ['from:j', 'in:', 'label:', 'filename:re', 'to:m', 'list:'];

interface Samples {
  searches: number[];
  completions: number[];
}

/**
 * Runs the bench queries one after another, as a person would, until `work` settles, and before each one asks for
 * autocomplete values as the search bar does while they type; returns both latencies.
 */
async function searchWhile(engine: Engine, work: Promise<unknown>): Promise<Samples> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  const samples: Samples = { searches: [], completions: [] };
  for (let index = 0; !settled; index += 1) {
    const typed = TYPED[index % TYPED.length]!;
    const typingBegan = performance.now();
    await engine.complete(typed, typed.length);
    samples.completions.push(performance.now() - typingBegan);
    const query = BENCH_QUERIES[index % BENCH_QUERIES.length]!;
    const begin = performance.now();
    await engine.search({ query: query.lantern, limit: 20, mode: 'auto' });
    samples.searches.push(performance.now() - begin);
  }
  return samples;
}

function summary(samples: number[], busyMs: number): BusyLatency {
  return {
    searches: samples.length,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    max: Math.max(0, ...samples),
    busyMs: Math.round(busyMs),
  };
}

import { join } from 'node:path';
// Parsing on worker threads, as the app and the lantern command import: without the script it ran on the engine's
// thread, between the searches it measures.
const engine = await openEngine({
  dataDir,
  embedWorkerScript: join(import.meta.dirname, 'embedWorker.mjs'),
  parseWorkerScript: join(import.meta.dirname, 'parseWorker.mjs'),
});
// Warm, so the first timed search does not pay for loading the indexes.
await engine.search({ query: BENCH_QUERIES[0]!.lantern, limit: 20 });

const importStarted = performance.now();
const importing: Promise<ImportReport> = engine.importPaths([otherArchive], 'bench-busy-import');
const duringImport = await searchWhile(engine, importing);
const report = await importing;
const importMs = performance.now() - importStarted;

const embeddingStarted = performance.now();
const embedding: Promise<EmbeddingReport | null> = engine.embed().catch(() => null);
const window = new Promise((resolve) => setTimeout(resolve, EMBEDDING_WINDOW_MS));
const duringEmbedding = await searchWhile(engine, Promise.race([embedding, window]));
const embeddingMs = performance.now() - embeddingStarted;
const embeddedStats = await engine.getStats();
// Closing stops the embedding between batches; it resumes at the next start.
await engine.close();

process.stdout.write(
  JSON.stringify({
    imported: report.imported,
    duringImport: summary(duringImport.searches, importMs),
    completionsDuringImport: summary(duringImport.completions, importMs),
    duringEmbedding: summary(duringEmbedding.searches, embeddingMs),
    embedded: embeddedStats.embeddedMessages,
  }),
);
