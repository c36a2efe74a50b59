// The bench's timeline and facets figures: the timeline call beside the search's first page, at 33k and 100k messages,
// in the full run's results.md and alone (--timeline-only, stores kept in .bench-cache) in results-timeline.md.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeScaledMbox } from './corpus';
import { round } from './measure';

/** What bench/lanternTimeline.ts reports for one store. */
export interface TimelineRun {
  label: string;
  messages: number;
  queries: number;
  repeats: number;
  coldMs: number;
  timelineP50: number;
  timelineP95: number;
  timelineMax: number;
  allMailP50: number;
  largestMatchSet: number;
  searchP50: number;
  searchP95: number;
  peakRssMb: number;
}

/** The section's Markdown lines. */
export function timelineLines(runs: readonly TimelineRun[]): string[] {
  if (runs.length === 0) return [];
  const first = runs[0]!;
  return [
    `Timeline and facets (\`lantern timeline\`, the histogram above the result list and the counts beside it): all mail and the ${first.queries - 1} fixed queries in keyword mode, ${first.repeats} warm repeats each, every match counted into bars in the person's time zone and by sender, recipient, folder or label, year and attachment kind; beside it the same queries' first page of 100 (the window's page). Milliseconds. A search by meaning adds its own semantic stage, as in the query table.`,
    '',
    '| archive | timeline p50 / p95 / max | all mail (every message) p50 | first timeline (cold) | search first page p50 / p95 | engine peak RSS MB |',
    '|---|---|---|---|---|---|',
    ...runs.map(
      (run) =>
        `| ${run.label} | ${round(run.timelineP50)} / ${round(run.timelineP95)} / ${round(run.timelineMax)} | ${round(run.allMailP50)} (${run.largestMatchSet} messages) | ${round(run.coldMs)} | ${round(run.searchP50)} / ${round(run.searchP95)} | ${run.peakRssMb} |`,
    ),
  ];
}

export interface TimelineOnlyOptions {
  repoRoot: string;
  ioUring: string;
  parseWorker: string;
  runDriver: (name: string, driverArgs: string[]) => Record<string, unknown>;
}

/**
 * Imports the io-uring archive and a 100k copy into stores under .bench-cache (once: later runs reuse them), times the
 * timeline on each and writes bench/results-timeline.md.
 */
export async function runTimelineOnly({ repoRoot, ioUring, parseWorker, runDriver }: TimelineOnlyOptions): Promise<string> {
  const storesDir = join(repoRoot, '.bench-cache', 'timeline-stores');
  const runs: TimelineRun[] = [];
  for (const size of [
    { label: 'io-uring (33k)', name: 'io-uring', messages: null },
    { label: '100k', name: '100k', messages: 100_000 },
  ]) {
    const dataDir = join(storesDir, size.name);
    const finished = join(storesDir, `${size.name}.imported`);
    if (!existsSync(finished)) {
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(storesDir, { recursive: true });
      const scratch = await mkdtemp(join(tmpdir(), 'lantern-bench-timeline-'));
      try {
        const source = size.messages === null ? ioUring : join(scratch, `scaled-${size.messages}.mbox`);
        if (size.messages !== null) await writeScaledMbox(ioUring, size.messages, source);
        console.error(`lantern import (${size.label}): ${JSON.stringify(runDriver('lanternImport', [dataDir, source, parseWorker]))}`);
        await writeFile(finished, `${new Date().toISOString()}\n`);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    }
    const run = { label: size.label, ...runDriver('lanternTimeline', [dataDir]) } as TimelineRun;
    console.error(`lantern timeline (${size.label}): ${JSON.stringify(run)}`);
    runs.push(run);
  }
  const report = [
    '# Timeline and facets',
    '',
    `Run ${new Date().toISOString()} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}.`,
    '',
    ...timelineLines(runs),
    '',
  ].join('\n');
  await writeFile(join(repoRoot, 'bench', 'results-timeline.md'), `${report}\n`);
  return report;
}
