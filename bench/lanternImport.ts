// Benchmark driver (own process): imports one file into a fresh store and prints throughput, peak RSS and store size.
import { stat } from 'node:fs/promises';
import { openEngine } from '../src/engine/engine';
import { folderBytes, peakRssMb } from './measure';

const [dataDir, file, parseWorkerScript] = process.argv.slice(2) as [string, string, string];
const engine = await openEngine({ dataDir, parseWorkerScript });
const started = performance.now();
const report = await engine.importPaths([file], 'bench');
const elapsedMs = performance.now() - started;
await engine.close();
const bytes = (await stat(file)).size;
process.stdout.write(
  JSON.stringify({
    messages: report.messages,
    failed: report.failed,
    elapsedMs,
    messagesPerSecond: report.messages / (elapsedMs / 1000),
    megabytesPerSecond: bytes / 1e6 / (elapsedMs / 1000),
    peakRssMb: peakRssMb(),
    storeMb: (await folderBytes(dataDir)) / 1e6,
  }),
);
