// `npm run bench`: Lantern beside notmuch and mu on the io-uring archive and scaled copies; writes bench/results.md.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { writeMaildir, writeScaledMbox } from './corpus';
import { embeddersLines, type EmbeddersRun } from './embeddersReport';
import { runImportOnly } from './importOnly';
import { round, type BusyLatency } from './measure';
import { ensurePeers, runMu, runNotmuch, type PeerResult } from './peers';
import { BENCH_QUERIES } from './queries';
import { runTimelineOnly, timelineLines, type TimelineRun } from './timelineReport';
import { shortMailLine, shortMailNote, type ShortMailRun } from './shortMailReport';
import { ENGINE_ENVIRONMENT } from '../src/main/engineProcess';

const rootFlag = process.argv.indexOf('--root');
const repoRoot = rootFlag === -1 ? resolve(import.meta.dirname, '../../..') : resolve(process.argv[rootFlag + 1] ?? '.');
const bundleDir = import.meta.dirname;
const ioUring = resolve(repoRoot, '../shared/corpora/io-uring-list.mbox.gz');
// Imported into each store while searches are timed: a second archive, as when a person adds another export.
const usrpUsers = resolve(repoRoot, '../shared/corpora/usrp-users-list.mbox.gz');
const args = new Set(process.argv.slice(2));
const withPeers = !args.has('--no-peers');
const withVectors = !args.has('--no-vectors');
/** Real vectors for every passage the bench has embedded, kept between runs (see vectorCache.ts). */
const vectorCacheFile = join(repoRoot, '.bench-cache', 'use-lite-en-512.vectors');
const million = { label: '1M', messages: 1_000_000 };
/** `--million-only` runs the million alone (37 minutes with a warm vector cache) and writes its own file, keeping the last full run's. */
const millionOnly = args.has('--million-only');
/**
 * `--queries-only` imports and gives vectors to the 33k and 100k stores and times their queries, nothing else (about 10
 * minutes): a check of query latency after a change to search, written to bench/results-queries.md.
 */
const queriesOnly = args.has('--queries-only');
/** `--keep-stores DIR` moves each store the run built into DIR instead of deleting it, to probe it afterwards. */
const keepFlag = process.argv.indexOf('--keep-stores');
const keepStoresIn = keepFlag === -1 ? null : resolve(process.argv[keepFlag + 1] ?? '.');

/** Deletes a store the run is done with, or keeps it under --keep-stores. */
async function doneWith(dataDir: string, label: string): Promise<void> {
  if (!keepStoresIn) return rm(dataDir, { recursive: true, force: true });
  await mkdir(keepStoresIn, { recursive: true });
  await rename(dataDir, join(keepStoresIn, label.replace(/\W+/g, '')));
}
const sizes: { label: string; messages: number | null }[] = millionOnly
  ? [million]
  : [{ label: 'io-uring (33k)', messages: null }, { label: '100k', messages: 100_000 }, ...(args.has('--million') ? [million] : [])];

/** The heap the `lantern` command gives the engine (see bin/lantern.mjs): half the memory, up to 16 GB. */
const heapLimitMb = Math.min(16 * 1024, Math.floor(totalmem() / 1024 / 1024 / 2));

function runDriver(name: string, driverArgs: string[]): Record<string, unknown> {
  const output = execFileSync(process.execPath, [`--max-old-space-size=${heapLimitMb}`, join(bundleDir, `${name}.mjs`), ...driverArgs], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    stdio: ['ignore', 'pipe', 'inherit'],
    // As the app and the `lantern` command run the engine.
    env: { ...ENGINE_ENVIRONMENT, ...process.env },
  });
  return JSON.parse(output) as Record<string, unknown>;
}

interface SizeResult {
  label: string;
  importResult: Record<string, number>;
  queries: Record<string, unknown>;
  busy: BusySearch;
  vectors: VectorRun | null;
  /** Measured on the first size only: the rate does not depend on the archive's size. */
  embedding: EmbeddingRate | null;
  peers: PeerResult[];
  /** Whole `lantern` processes, beside notmuch's (bench/lanternWholeCommand.ts); up to 100k messages, as the peers. */
  wholeCommand: WholeCommand | null;
}

interface WholeCommand {
  searchP50: number;
  searchP95: number;
  mcpFirstCallP50: number;
  mcpFirstCallMax: number;
}

interface EmbeddingRate {
  embedderId: string;
  chunks: number;
  stageChunksPerSecond: number;
  bareChunksPerSecond: number;
}

interface FirstResult {
  archiveMb: number;
  firstStoredMs: number;
  firstResultMs: number;
  searches: number;
  storedAtFirstResult: number;
  query: string;
}

/** The table row and sentence for the time from an import's start to the first search that finds its mail. */
function firstResultLines(first: FirstResult): string[] {
  return [
    `From dropping the io-uring archive (${first.archiveMb} MB gzipped, 270 MB of mbox) to the first search finding its mail: the import starts, its first batch is stored and announced ('store-changed', which takes the window off its first-run page), and a search for "${first.query}" is run, as the window does.`,
    '',
    '| archive | first batch stored ms | first result ms | messages stored then | searches run |',
    '|---|---|---|---|---|',
    `| io-uring (33k) | ${first.firstStoredMs} | ${first.firstResultMs} | ${first.storedAtFirstResult} | ${first.searches} |`,
  ];
}

/** `--first-result-only` runs that one measurement (seconds) and writes bench/results-first-result.md. */
if (args.has('--first-result-only')) {
  const work = await mkdtemp(join(tmpdir(), 'lantern-bench-'));
  try {
    const first = runDriver('lanternFirstResult', [
      join(work, 'store'),
      ioUring,
      join(bundleDir, 'parseWorker.mjs'),
    ]) as unknown as FirstResult;
    const report = [
      '# First result while importing',
      '',
      `Run ${new Date().toISOString()} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}.`,
      '',
      ...firstResultLines(first),
      '',
    ].join('\n');
    await writeFile(join(repoRoot, 'bench', 'results-first-result.md'), `${report}\n`);
    console.log(report);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  process.exit(0);
}

/** `--import-only` times the imports beside mu and notmuch (about 15 minutes) and writes bench/results-import.md. */
if (args.has('--import-only')) {
  console.log(await runImportOnly({ repoRoot, ioUring, usrpUsers, parseWorker: join(bundleDir, 'parseWorker.mjs'), runDriver }));
  process.exit(0);
}

/** `--timeline-only` times the timeline and facets at 33k and 100k (stores kept in .bench-cache) and writes bench/results-timeline.md. */
if (args.has('--timeline-only')) {
  console.log(await runTimelineOnly({ repoRoot, ioUring, parseWorker: join(bundleDir, 'parseWorker.mjs'), runDriver }));
  process.exit(0);
}

/** all-MiniLM-L6-v2's vocabulary, so the MiniLM-shaped model cuts passages into as many tokens as the real one. */
const miniLmVocabulary = resolve(repoRoot, '../shared/models/Xenova/all-MiniLM-L6-v2/vocab.txt');

/** `--embedders-only` times the local models alone (minutes) and writes bench/results-embedders.md. */
if (args.has('--embedders-only')) {
  const run = runDriver('lanternEmbedders', [ioUring, miniLmVocabulary]) as unknown as EmbeddersRun;
  const report = [
    '# Local models: passages/s and time to meaning search',
    '',
    `Run ${new Date().toISOString()} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}.`,
    '',
    ...embeddersLines(run),
    '',
  ].join('\n');
  await writeFile(join(repoRoot, 'bench', 'results-embedders.md'), `${report}\n`);
  console.log(report);
  process.exit(0);
}

interface VectorRun {
  messages: number;
  chunks: number;
  fromCache: number;
  embedded: number;
  elapsedMs: number;
  peakRssMb: number;
}

interface BusySearch {
  imported: number;
  duringImport: BusyLatency;
  completionsDuringImport: BusyLatency;
  duringEmbedding: BusyLatency;
  embedded: number;
}

const results: SizeResult[] = [];
const queryRuns: Pick<SizeResult, 'label' | 'importResult' | 'queries' | 'wholeCommand'>[] = [];
const timelines: TimelineRun[] = [];
const work = await mkdtemp(join(tmpdir(), 'lantern-bench-'));
let firstResult: FirstResult | null = null;
let embedders: EmbeddersRun | null = null;
let shortMail: ShortMailRun | null = null;
try {
  if (withPeers && !queriesOnly) ensurePeers();
  if (!millionOnly && !queriesOnly)
    firstResult = runDriver('lanternFirstResult', [
      join(work, 'store-first-result'),
      ioUring,
      join(bundleDir, 'parseWorker.mjs'),
    ]) as unknown as FirstResult;
  if (!millionOnly && !queriesOnly) embedders = runDriver('lanternEmbedders', [ioUring, miniLmVocabulary]) as unknown as EmbeddersRun;
  // Short mail in many folders, as whole commands beside mu and notmuch (issue 25): about two minutes.
  if (withPeers && !millionOnly && !queriesOnly)
    shortMail = runDriver('lanternShortMail', [join(repoRoot, 'bin', 'lantern.mjs'), work, ioUring, usrpUsers]) as unknown as ShortMailRun;
  for (const size of sizes) {
    console.error(`\n== ${size.label}`);
    const source = size.messages === null ? ioUring : join(work, `scaled-${size.messages}.mbox`);
    if (size.messages !== null) await writeScaledMbox(ioUring, size.messages, source);
    const dataDir = join(work, `store-${size.label.replace(/\W+/g, '')}`);
    const importResult = runDriver('lanternImport', [dataDir, source, join(bundleDir, 'parseWorker.mjs')]) as Record<string, number>;
    console.error(`lantern import: ${JSON.stringify(importResult)}`);
    // The stage's rate needs messages without vectors, so it runs before the rest are given theirs.
    const embedding = results.length === 0 && !queriesOnly ? (runDriver('lanternEmbedding', [dataDir]) as unknown as EmbeddingRate) : null;
    if (embedding) console.error(`lantern embedding: ${JSON.stringify(embedding)}`);
    // Two model workers, one per core: a cold cache takes about 25 minutes for the io-uring archive, once.
    const vectors = withVectors ? (runDriver('lanternVectors', [dataDir, vectorCacheFile, '2']) as unknown as VectorRun) : null;
    if (vectors) console.error(`lantern vectors: ${JSON.stringify(vectors)}`);
    const queries = runDriver('lanternQueries', [dataDir]);
    console.error(`lantern queries: ${JSON.stringify(queries.latency)}`);
    if (queriesOnly) {
      // Each query three times as a whole `lantern search`, as the whole bench runs them (one sample a query moved the
      // median by tens of milliseconds from run to run), and one `lantern mcp` start: a minute and a half per archive.
      const wholeCommand = runDriver('lanternWholeCommand', [join(repoRoot, 'bin', 'lantern.mjs'), dataDir]) as unknown as WholeCommand;
      console.error(`lantern whole commands: ${JSON.stringify(wholeCommand)}`);
      queryRuns.push({ label: size.label, importResult, queries, wholeCommand });
      await doneWith(dataDir, size.label);
      continue;
    }
    timelines.push({ label: size.label, ...runDriver('lanternTimeline', [dataDir]) } as TimelineRun);
    const busy = runDriver('lanternBusySearch', [dataDir, usrpUsers]) as unknown as BusySearch;
    console.error(`lantern searches while busy: ${JSON.stringify(busy)}`);
    const peers: PeerResult[] = [];
    if (withPeers && (size.messages ?? 0) <= 100_000) {
      const maildir = join(work, `maildir-${size.label.replace(/\W+/g, '')}`);
      const count = await writeMaildir(source, maildir, size.messages === null);
      peers.push(await runNotmuch(maildir, join(work, `notmuch-${count}`), count, BENCH_QUERIES));
      console.error(`notmuch: ${JSON.stringify({ ...peers.at(-1), totals: undefined })}`);
      peers.push(await runMu(maildir, join(work, `mu-${count}`), count, BENCH_QUERIES));
      console.error(`mu: ${JSON.stringify({ ...peers.at(-1), totals: undefined })}`);
      await rm(maildir, { recursive: true, force: true });
    }
    const wholeCommand =
      (size.messages ?? 0) <= 100_000
        ? (runDriver('lanternWholeCommand', [join(repoRoot, 'bin', 'lantern.mjs'), dataDir]) as unknown as WholeCommand)
        : null;
    if (wholeCommand) console.error(`lantern whole commands: ${JSON.stringify(wholeCommand)}`);
    results.push({ label: size.label, importResult, queries, busy, vectors, embedding, peers, wholeCommand });
    await doneWith(dataDir, size.label);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

if (queriesOnly) {
  const pair = (latency: { p50: number; p95: number }): string => `${round(latency.p50)} / ${round(latency.p95)}`;
  const report = [
    '# Query latency (npm run bench -- --queries-only)',
    '',
    `Run ${new Date().toISOString()} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}: ${BENCH_QUERIES.length} fixed queries, 5 warm repeats each; milliseconds.`,
    '',
    '| archive | messages with vectors | keyword+operators p50 / p95 | semantic p50 / p95 | hybrid p50 / p95 | auto p50 / p95 | engine peak RSS MB | whole `lantern search` p50 / p95 | `lantern mcp` first call |',
    '|---|---|---|---|---|---|---|---|---|',
    ...queryRuns.map(({ label, queries, wholeCommand }) => {
      const query = queries as {
        keywordOperatorP50: number;
        keywordOperatorP95: number;
        latency: Record<string, { p50: number; p95: number }>;
        embeddedMessages: number;
        messages: number;
        peakRssMb: number;
      };
      const whole = wholeCommand
        ? `${round(wholeCommand.searchP50, 0)} / ${round(wholeCommand.searchP95, 0)} | ${round(wholeCommand.mcpFirstCallP50, 0)}`
        : '– | –';
      return `| ${label} | ${query.embeddedMessages} of ${query.messages} | ${pair({ p50: query.keywordOperatorP50, p95: query.keywordOperatorP95 })} | ${pair(query.latency.semantic!)} | ${pair(query.latency.hybrid!)} | ${pair(query.latency.auto!)} | ${query.peakRssMb} | ${whole} |`;
    }),
    '',
    "Whole commands are timed from the process start, as notmuch's are in results.md: `lantern search --mode keyword --json` three times for each query notmuch has, and `lantern mcp` from its start to the answer of its first search_emails call; without this machine's NODE_EXTRA_CA_CERTS (a certificate bundle Node parses at every start, which usual machines do not set).",
    '',
  ].join('\n');
  await writeFile(join(repoRoot, 'bench', 'results-queries.md'), report);
  console.log(report);
  process.exit(0);
}

function ratio(ours: number, theirs: number | undefined): string {
  return theirs ? `${round(ours / theirs, 2)}×` : '–';
}

const lines: string[] = [
  '# Benchmark results',
  '',
  `Run ${new Date().toISOString()} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, ${round(totalmem() / 2 ** 30)} GiB), Node ${process.version}.`,
  'Lantern runs in-process (import with parse worker threads); notmuch and mu are timed as whole processes, as people run them.',
  '',
  "Lantern is timed to the import's report, when its messages are keyword-searchable; merging the import's store fragments follows on the engine's write queue while searches go on, timed apart (\"then merged\").",
  '',
  '| archive | Lantern import msg/s | MB/s | peak RSS MB | store MB | then merged s | notmuch msg/s | mu msg/s | Lantern/mu | Lantern/notmuch |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
for (const result of results) {
  const notmuch = result.peers.find((peer) => peer.name === 'notmuch');
  const mu = result.peers.find((peer) => peer.name === 'mu');
  const ours = result.importResult;
  lines.push(
    `| ${result.label} | ${round(ours.messagesPerSecond!, 0)} | ${round(ours.megabytesPerSecond!)} | ${ours.peakRssMb} | ${round(ours.storeMb!)} | ${round(ours.settleMs! / 1000)} | ${notmuch ? round(notmuch.messagesPerSecond, 0) : '–'} | ${mu ? round(mu.messagesPerSecond, 0) : '–'} | ${ratio(ours.messagesPerSecond!, mu?.messagesPerSecond)} | ${ratio(ours.messagesPerSecond!, notmuch?.messagesPerSecond)} |`,
  );
}
if (shortMail) lines.push(shortMailLine(shortMail), '', shortMailNote(shortMail));
lines.push(
  '',
  `Queries: ${BENCH_QUERIES.length} fixed queries (operators, words, phrases, questions), 5 warm repeats each; milliseconds.`,
  '',
);
lines.push(
  '| archive | messages with vectors | start to first result | cold query | keyword+operators p50 / p95 | semantic p50 / p95 | hybrid p50 / p95 | auto p50 / p95 | autocomplete p50 / p95 (first) | engine peak RSS MB | notmuch search p50 / p95 | mu find p50 / p95 | keyword p95 / notmuch p95 |',
);
lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const result of results) {
  const query = result.queries as {
    firstResultMs: number;
    coldQueryMs: number;
    keywordOperatorP50: number;
    keywordOperatorP95: number;
    completeFirstMs: number;
    completeP50: number;
    completeP95: number;
    latency: Record<string, { p50: number; p95: number; mode: string }>;
    peakRssMb: number;
    embeddedMessages: number;
    messages: number;
  };
  const notmuch = result.peers.find((peer) => peer.name === 'notmuch');
  const mu = result.peers.find((peer) => peer.name === 'mu');
  const pair = (a: number, b: number): string => `${round(a)} / ${round(b)}`;
  lines.push(
    `| ${result.label} | ${query.embeddedMessages} of ${query.messages} | ${round(query.firstResultMs, 0)} | ${round(query.coldQueryMs)} | ${pair(query.keywordOperatorP50, query.keywordOperatorP95)} | ${pair(query.latency.semantic!.p50, query.latency.semantic!.p95)} (ran as ${query.latency.semantic!.mode}) | ${pair(query.latency.hybrid!.p50, query.latency.hybrid!.p95)} (ran as ${query.latency.hybrid!.mode}) | ${pair(query.latency.auto!.p50, query.latency.auto!.p95)} | ${pair(query.completeP50, query.completeP95)} (${round(query.completeFirstMs)}) | ${query.peakRssMb} | ${notmuch ? pair(notmuch.queryP50, notmuch.queryP95) : '–'} | ${mu ? pair(mu.queryP50, mu.queryP95) : '–'} | ${ratio(query.keywordOperatorP95, notmuch?.queryP95)} |`,
  );
}
lines.push(
  '',
  "Whole commands, timed from the process start as notmuch is: `lantern search --mode keyword --json` for each query notmuch has (three times each), and `lantern mcp` from its start to the answer of its first search_emails call (three starts); without this machine's NODE_EXTRA_CA_CERTS (a certificate bundle Node parses at every start, which usual machines do not set).",
  '',
  '| archive | lantern search p50 / p95 | lantern mcp first call p50 / max | notmuch search p50 / p95 | lantern p50 / notmuch p50 |',
  '|---|---|---|---|---|',
  ...results.map(({ label, wholeCommand, peers }) => {
    const notmuch = peers.find((peer) => peer.name === 'notmuch');
    if (!wholeCommand) return `| ${label} | – | – | – | – |`;
    return `| ${label} | ${round(wholeCommand.searchP50, 0)} / ${round(wholeCommand.searchP95, 0)} | ${round(wholeCommand.mcpFirstCallP50, 0)} / ${round(wholeCommand.mcpFirstCallMax, 0)} | ${notmuch ? `${round(notmuch.queryP50)} / ${round(notmuch.queryP95)}` : '–'} | ${ratio(wholeCommand.searchP50, notmuch?.queryP50)} |`;
  }),
);
lines.push('', ...timelineLines(timelines));
lines.push(
  '',
  'Searching while the engine works (auto mode, the same queries one after another, each after an autocomplete request for an operator value): during an import of the usrp-users archive (another mailing list) into the store, then during the first minute of embedding.',
  '',
  '| archive | imported meanwhile | searches during import | p50 / p95 / max | autocomplete during import p50 / p95 / max | searches during embedding | p50 / p95 / max | messages embedded meanwhile |',
  '|---|---|---|---|---|---|---|---|',
);
for (const result of results) {
  const { busy } = result;
  const triple = (latency: BusyLatency): string => `${round(latency.p50)} / ${round(latency.p95)} / ${round(latency.max)}`;
  lines.push(
    `| ${result.label} | ${busy.imported} in ${round(busy.duringImport.busyMs / 1000, 0)} s | ${busy.duringImport.searches} | ${triple(busy.duringImport)} | ${triple(busy.completionsDuringImport)} | ${busy.duringEmbedding.searches} | ${triple(busy.duringEmbedding)} | ${busy.embedded} |`,
  );
}
for (const result of results) {
  if (!result.vectors) continue;
  const run = result.vectors;
  lines.push(
    '',
    `Vectors for ${result.label}: the embedding stage gave ${run.messages} messages ${run.chunks} passages in ${round(run.elapsedMs / 1000, 0)} s (peak RSS ${run.peakRssMb} MB), ${run.fromCache} of them from the bench's vector cache (the same texts embedded earlier by the same model) and ${run.embedded} embedded by the model now; the ANN index is built by the stage itself.`,
  );
}
for (const result of results) {
  if (!result.embedding) continue;
  const rate = result.embedding;
  lines.push(
    '',
    `Embedding stage on ${result.label} (${rate.embedderId}, model on a worker thread, 90 s): ${round(rate.stageChunksPerSecond)} chunks/s; the bare model on the same ${rate.chunks} chunk texts: ${round(rate.bareChunksPerSecond)} chunks/s (stage/bare ${ratio(rate.stageChunksPerSecond, rate.bareChunksPerSecond)}).`,
  );
}
if (firstResult) lines.push('', ...firstResultLines(firstResult));
if (embedders) lines.push('', ...embeddersLines(embedders));
const peerVersions = [...new Set(results.flatMap((result) => result.peers.map((peer) => peer.version)))];
lines.push('', `Peers: ${peerVersions.join('; ') || 'not run'}.`, '');
const report = lines.join('\n');
await writeFile(join(repoRoot, 'bench', millionOnly ? 'results-1M.md' : 'results.md'), `${report}\n`);
console.log(report);
