// Benchmark driver (own process): time from an import's start to the first search that finds its mail. A person drops
// a Takeout and types a query at once; this is how long the window has nothing to show.
import { stat } from 'node:fs/promises';
import { openEngine } from '../src/engine/api/engine';

const [dataDir, archive, parseWorker] = process.argv.slice(2) as [string, string, string];
/** A word nearly every message of a mailing list about io_uring holds. */
const QUERY = 'io_uring';

const engine = await openEngine({ dataDir, parseWorkerScript: parseWorker });
let firstStoredMs: number | null = null;
let resolveFirst = (): void => {};
const firstStored = new Promise<void>((resolve) => (resolveFirst = resolve));
const started = performance.now();
engine.subscribe((event) => {
  if (event.type !== 'store-changed' || firstStoredMs !== null) return;
  firstStoredMs = performance.now() - started;
  resolveFirst();
});
const importing = engine.importPaths([archive], 'bench-first-result');
importing.catch(() => undefined);
await firstStored;
// The window searches on the event; so does this, until the search finds something (the first batch may hold none).
let hits = 0;
let searches = 0;
while (hits === 0) {
  searches += 1;
  hits = (await engine.search({ query: QUERY, limit: 20 })).hits.length;
}
const firstResultMs = performance.now() - started;
const storedAtFirstResult = (await engine.getStats()).messages;
await engine.cancelImport('bench-first-result');
await importing.catch(() => undefined);
await engine.close();

process.stdout.write(
  JSON.stringify({
    archiveMb: Math.round((await stat(archive)).size / 1024 / 1024),
    firstStoredMs: Math.round(firstStoredMs ?? 0),
    firstResultMs: Math.round(firstResultMs),
    searches,
    storedAtFirstResult,
    query: QUERY,
  }),
);
