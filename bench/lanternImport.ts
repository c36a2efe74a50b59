// Benchmark driver (own process): imports one file into a fresh store and prints throughput, peak RSS and store size.
import { stat } from 'node:fs/promises';
import { openEngine } from '../src/engine/api/engine';
import { folderBytes, peakRssMb } from './measure';

const [dataDir, file, parseWorkerScript] = process.argv.slice(2) as [string, string, string];
// Nothing else reads this store, so the versions the import replaced go at once: the store size is the settled one
// a person sees a minute after an import.
const engine = await openEngine({ dataDir, parseWorkerScript, versionGraceMs: 0 });
const started = performance.now();
// Timed to the import's report: its messages are keyword-searchable then.
const report = await engine.importPaths([file], 'bench');
const elapsedMs = performance.now() - started;
// Closing waits for the work queued after an import (merging its fragments, dropping replaced versions): timed apart.
await engine.close();
const settleMs = performance.now() - started - elapsedMs;
const bytes = (await stat(file)).size;
process.stdout.write(
  JSON.stringify({
    messages: report.messages,
    failed: report.failed,
    elapsedMs,
    settleMs,
    messagesPerSecond: report.messages / (elapsedMs / 1000),
    megabytesPerSecond: bytes / 1e6 / (elapsedMs / 1000),
    peakRssMb: peakRssMb(),
    storeMb: (await folderBytes(dataDir)) / 1e6,
  }),
);
