// Benchmark driver (own process): start-up to first result, cold and warm query latency per mode, engine memory.
import type { SearchMode } from '../src/shared/model/search';
import { openEngine } from '../src/engine/api/engine';
import { BENCH_QUERIES } from './queries';
import { peakRssMb, percentile } from './measure';

const [dataDir] = process.argv.slice(2) as [string];
const REPEATS = 5;
const started = performance.now();
const engine = await openEngine({ dataDir });
const openedMs = performance.now() - started;
const first = await engine.search({ query: BENCH_QUERIES[0]!.lantern, limit: 20 });
const firstResultMs = performance.now() - started;
const coldQueryMs = first.tookMs;

const modes: SearchMode[] = ['keyword', 'semantic', 'hybrid', 'auto'];
const latency: Record<string, { p50: number; p95: number; mode: string }> = {};
const totals: Record<string, number> = {};
for (const mode of modes) {
  const samples: number[] = [];
  let ranAs = mode as string;
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    for (const query of BENCH_QUERIES) {
      const begin = performance.now();
      const result = await engine.search({ query: query.lantern, limit: 20, mode });
      samples.push(performance.now() - begin);
      if (mode === 'keyword' && repeat === 0) totals[query.lantern] = result.total;
      if (repeat === 0 && mode !== 'auto') ranAs = result.mode;
    }
  }
  latency[mode] = { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), mode: ranAs };
}
const operatorSamples: number[] = [];
for (let repeat = 0; repeat < REPEATS; repeat += 1) {
  for (const query of BENCH_QUERIES.filter((item) => item.kind !== 'question')) {
    const begin = performance.now();
    await engine.search({ query: query.lantern, limit: 20, mode: 'keyword' });
    operatorSamples.push(performance.now() - begin);
  }
}
// Autocomplete as a person types: operator names, then values (the first call builds the value index).
const typed = ['f', 'fro', 'from:', 'from:a', 'from:ax', 'to:io', 'in:', 'has:p', 'subject:sq', 'after:20', 'lab', '@fol'];
const completeStarted = performance.now();
await engine.complete('from:a', 6);
const completeFirstMs = performance.now() - completeStarted;
const completeSamples: number[] = [];
for (let repeat = 0; repeat < REPEATS; repeat += 1) {
  for (const text of typed) {
    const begin = performance.now();
    await engine.complete(text, text.length);
    completeSamples.push(performance.now() - begin);
  }
}
const stats = await engine.getStats();
await engine.close();
process.stdout.write(
  JSON.stringify({
    messages: stats.messages,
    embeddedMessages: stats.embeddedMessages,
    openedMs,
    firstResultMs,
    coldQueryMs,
    latency,
    keywordOperatorP50: percentile(operatorSamples, 0.5),
    keywordOperatorP95: percentile(operatorSamples, 0.95),
    completeFirstMs,
    completeP50: percentile(completeSamples, 0.5),
    completeP95: percentile(completeSamples, 0.95),
    totals,
    peakRssMb: peakRssMb(),
  }),
);
