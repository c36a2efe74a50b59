// `npm run faults`: kills, starves of disk space and damages the engine's store at random points of its work, then
// checks after each fault that the store opens (or `lantern check --repair` mends it), nothing acknowledged is lost,
// nothing is doubled, and re-running the interrupted work completes it. Never part of `npm test` whole: --quick is.
import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareBases } from './faults/bases.mjs';
import { writeCorpus } from './faults/corpus.mjs';
import { DAMAGE_FAULTS } from './faults/damageFaults.mjs';
import { DISK_FULL_FAULTS } from './faults/diskFullFaults.mjs';
import { judge } from './faults/judge.mjs';
import { KILL_FAULTS } from './faults/killFaults.mjs';
import { buildCli, describeBuild, killRunning, makeFolder, repoRoot, runLantern, runLanternOrThrow } from './faults/lanternProcess.mjs';
import { seededRandom } from './faults/random.mjs';
import { formatProblems, formatTable, tally } from './faults/report.mjs';
import { hasCheckCommand } from './faults/storeState.mjs';

const ALL_KINDS = [...KILL_FAULTS, ...DISK_FULL_FAULTS, ...DAMAGE_FAULTS];
/** About a minute: one fault of each kind that needs no embedding, on a smaller corpus, files damaged by cutting them short. */
const QUICK_KINDS = [
  'kill-import',
  'kill-merge',
  'kill-restore',
  'full-import',
  'damage-table',
  'damage-manifest',
  'damage-keywords',
  'damage-attachment',
];
const FULL_CORPUS = { messagesPerPart: 200, sliceCount: 20 };
const QUICK_CORPUS = { messagesPerPart: 60, sliceCount: 20 };

const USAGE = `Usage: npm run faults -- [--count N] [--seed S] [--quick] [--kinds a,b] [--at COMMIT] [--json] [--write] [--keep]
  --count N   faults to inject (default: four of each kind, at least 50)
  --seed S    replays a run's fault points (printed at the start)
  --quick     one fault of each of ${QUICK_KINDS.length} kinds on a smaller corpus (about a minute; npm test runs this)
  --kinds     only these kinds: ${ALL_KINDS.map((kind) => kind.name).join(', ')}
  --at COMMIT test the CLI built from a commit's sources instead of the working tree's
  --json      the results as JSON on stdout
  --write     also write the table to bench/faults-results.md
  --keep      keep the temp folder (stores and corpus) for a look afterwards`;

function options() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      seed: { type: 'string' },
      quick: { type: 'boolean', default: false },
      kinds: { type: 'string' },
      at: { type: 'string' },
      json: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  for (const name of ['count', 'seed']) {
    if (values[name] !== undefined && !/^\d+$/.test(values[name]))
      throw new Error(`faults: --${name} must be a whole number, not "${values[name]}"`);
  }
  const names = values.kinds?.split(',') ?? (values.quick ? QUICK_KINDS : ALL_KINDS.map((kind) => kind.name));
  const unknown = names.filter((name) => !ALL_KINDS.some((kind) => kind.name === name));
  if (unknown.length > 0) throw new Error(`faults: unknown fault kinds ${unknown.join(', ')}; see --help`);
  return { ...values, kinds: ALL_KINDS.filter((kind) => names.includes(kind.name)), seed: Number(values.seed ?? Date.now() % 1_000_000) };
}

/** Every kind in turn, each round in a new random order, so any count spreads evenly over the kinds. */
function schedule(kinds, count, random) {
  const order = [];
  while (order.length < count) order.push(...random.shuffle(kinds));
  return order.slice(0, count);
}

function log(message) {
  process.stderr.write(`${message}\n`);
}

async function main() {
  const settings = options();
  const random = seededRandom(settings.seed);
  const scratchRoot = await mkdtemp(join(tmpdir(), 'lantern-faults-'));
  // Inside the repository, so the build finds node_modules.
  const buildFolder = join(repoRoot, 'node_modules', '.cache', `lantern-faults-${process.pid}`);
  let cleanup = null;
  process.once('SIGINT', () => {
    log('faults: interrupted; cleaning up');
    killRunning();
    Promise.resolve(cleanup?.())
      .catch(() => undefined)
      .finally(() => {
        rmSync(buildFolder, { recursive: true, force: true });
        if (!settings.keep) rmSync(scratchRoot, { recursive: true, force: true });
        process.exit(130);
      });
  });
  try {
    // Named before building: HEAD may move during a long run.
    const build = describeBuild(settings.at);
    const cli = await buildCli(buildFolder, settings.at);
    const lantern = {
      cli,
      run: (args, runOptions) => runLantern(cli, args, runOptions),
      runOrThrow: (args, runOptions) => runLanternOrThrow(cli, args, runOptions),
    };
    const available = [];
    for (const kind of settings.kinds) {
      if (!kind.isAvailable || (await kind.isAvailable({ scratchRoot }))) available.push(kind);
      else log(`faults: ${kind.name} left out: it needs root to mount a tmpfs`);
    }
    const count =
      settings.count === undefined ? (settings.quick ? available.length : Math.max(50, 4 * available.length)) : Number(settings.count);
    const hasCheck = await hasCheckCommand(lantern, await makeFolder(join(scratchRoot, 'probe')));
    log(
      `faults: seed ${settings.seed}, ${count} faults over ${available.length} kinds; lantern check ${hasCheck ? 'is used' : 'is not built yet: stores must open as they are'}`,
    );
    const started = performance.now();
    const corpus = await writeCorpus(await makeFolder(join(scratchRoot, 'corpus')), settings.quick ? QUICK_CORPUS : FULL_CORPUS);
    const needsEmbedding = available.some((kind) => kind.name.endsWith('embed') || kind.name === 'disk-full');
    const bases = await prepareBases(lantern, await makeFolder(join(scratchRoot, 'bases')), corpus, { withEmbedding: needsEmbedding });
    log(`faults: base stores ready in ${Math.round((performance.now() - started) / 1000)} s (${bases.ids.all.size} messages in all)`);
    const results = [];
    for (const [index, kind] of schedule(available, count, random).entries()) {
      const scratch = join(scratchRoot, 'fault');
      const scenario = await kind.inject({ lantern, bases, random, scratch, isQuick: settings.quick });
      cleanup = scenario.cleanup ?? null;
      let result = { kind: kind.name, index: index + 1, injected: scenario.injected, detail: scenario.detail };
      try {
        if (scenario.injected) result = { ...result, ...(await judge({ lantern, bases, hasCheck }, { ...scenario, scratch })) };
      } finally {
        await cleanup?.();
        cleanup = null;
      }
      results.push(result);
      const verdict = !result.injected
        ? 'not injected'
        : result.problems.length > 0
          ? `PROBLEM: ${result.problems.join('; ')}`
          : result.repaired
            ? `ok, repaired by check (it found ${result.checkFound.join('; ').slice(0, 200)})`
            : 'ok';
      log(`[${index + 1}/${count}] ${kind.name}: ${scenario.detail} — ${verdict}`);
    }
    const table = tally(available, results);
    const minutes = ((performance.now() - started) / 60_000).toFixed(1);
    const corpusSize = settings.quick ? QUICK_CORPUS : FULL_CORPUS;
    const summary = {
      seed: settings.seed,
      build,
      minutes: Number(minutes),
      hasCheck,
      corpusMessages: corpusSize.messagesPerPart * 3,
      messages: bases.ids.all.size,
      ...table,
      results,
    };
    if (settings.json) console.log(JSON.stringify(summary, null, 2));
    else {
      console.log(formatTable(table));
      const problems = formatProblems(results);
      if (problems) console.log(`\n${problems}`);
      console.log(
        `\n${table.total.injected} faults injected in ${minutes} min (seed ${settings.seed}): ${table.total.lost} messages lost, ${table.total.duplicates} duplicated, ${table.total.unopenable} stores left unopenable.`,
      );
    }
    if (settings.write) await writeResults(settings, summary, table, results, minutes);
    const isClean = table.total.lost === 0 && table.total.duplicates === 0 && table.total.unopenable === 0 && table.total.failed === 0;
    return isClean ? 0 : 1;
  } finally {
    await rm(buildFolder, { recursive: true, force: true });
    if (settings.keep) log(`faults: stores and corpus kept in ${scratchRoot}`);
    else await rm(scratchRoot, { recursive: true, force: true });
  }
}

async function writeResults(settings, summary, table, results, minutes) {
  const problems = formatProblems(results);
  const text = [
    '# Fault injection results',
    '',
    `\`npm run faults${settings.quick ? ' -- --quick' : ''}\` on ${new Date().toISOString().slice(0, 10)}, seed ${settings.seed}, ${cpus().length} cores, ${minutes} min.`,
    `Tested ${summary.build}. Corpus: the first ${summary.corpusMessages} messages of usrp-users-list.mbox.gz (${summary.messages} distinct) in three parts. \`lantern check\`: ${summary.hasCheck ? 'used after every fault' : 'not built yet'}.`,
    '',
    formatTable(table),
    '',
    `${table.total.injected} faults injected: ${table.total.lost} messages lost, ${table.total.duplicates} duplicated, ${table.total.unopenable} stores left unopenable.`,
    ...(problems ? ['', '## Problems', '', problems] : []),
    '',
  ].join('\n');
  await writeFile(join(repoRoot, 'bench', 'faults-results.md'), text);
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
