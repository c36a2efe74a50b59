// Benchmark driver (own process): the timeline call (every match, its bars and facets) beside the search's first page.
import { openEngine } from '../src/engine/api/engine';
import { BENCH_QUERIES } from './queries';
import { peakRssMb, percentile } from './measure';

const [dataDir] = process.argv.slice(2) as [string];
const REPEATS = 5;
/** All mail first: the largest match set a timeline counts, what the window shows before anything is typed. */
const QUERIES = ['', ...BENCH_QUERIES.map((query) => query.lantern)];

const engine = await openEngine({ dataDir });
const cold = performance.now();
await engine.timeline({ query: QUERIES[1]!, mode: 'keyword' });
const coldMs = performance.now() - cold;
// Warm-up: the first search of a query reads what later ones remember (phrase verdicts, copies' bodies), as search's own bench does.
for (const query of QUERIES) await engine.search({ query, limit: 100, mode: 'keyword' });

const timelineSamples: number[] = [];
const searchSamples: number[] = [];
const allMailSamples: number[] = [];
let largest = 0;
for (let repeat = 0; repeat < REPEATS; repeat += 1) {
  for (const query of QUERIES) {
    const searchStarted = performance.now();
    await engine.search({ query, limit: 100, mode: 'keyword' });
    searchSamples.push(performance.now() - searchStarted);
    const started = performance.now();
    const timeline = await engine.timeline({ query, mode: 'keyword' });
    const elapsed = performance.now() - started;
    timelineSamples.push(elapsed);
    if (query === '') allMailSamples.push(elapsed);
    largest = Math.max(largest, timeline.total);
  }
}
const stats = await engine.getStats();
await engine.close();
process.stdout.write(
  JSON.stringify({
    messages: stats.messages,
    queries: QUERIES.length,
    repeats: REPEATS,
    coldMs,
    timelineP50: percentile(timelineSamples, 0.5),
    timelineP95: percentile(timelineSamples, 0.95),
    timelineMax: Math.max(...timelineSamples),
    allMailP50: percentile(allMailSamples, 0.5),
    largestMatchSet: largest,
    searchP50: percentile(searchSamples, 0.5),
    searchP95: percentile(searchSamples, 0.95),
    peakRssMb: peakRssMb(),
  }),
);
