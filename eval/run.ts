// `npm run eval`: search quality per mode and query category over labelled queries on slices of the shared corpora (the
// tuning, held-out and described sets, each beside a plain BM25), and the pasted-subject sweep; prints the tables and writes eval/results.md.
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openEngine } from '../src/engine/api/engine';
import type { Engine } from '../src/engine/api/engineTypes';
import type { SearchMode } from '../src/shared/model/search';
import { BASELINE_ROW, openBm25Baseline, type BaselineSearch } from './bm25Baseline';
import { DESCRIBED_SEED, drawMessages } from './describedDraw';
import { ndcgAtK, recallAtK, reciprocalRank } from './metrics';
import { readQuerySets, type LabelledQuery, type QuerySet } from './querySet';
import { categoryTable, modeNotes, overallTable, sliceTable, type QueryOutcome } from './report';
import { subjectSweepReport, sweepSubjects, type SubjectMiss, type SubjectSweep } from './subjectSweep';
import { sliceNamed, type Slice } from './slices';
import { readSliceMessages } from './sliceMessages';
import { ensureSliceStore, type SliceStore } from './sliceStore';

const CUTOFF = 10;
const ALL_MODES = ['keyword', 'semantic', 'hybrid', 'rerank', 'hyde', 'auto'] as const satisfies readonly SearchMode[];
/** The modes a pasted subject must find its mail in (issue 26). */
const SWEEP_MODES = ['keyword', 'hybrid', 'auto'] as const satisfies readonly SearchMode[];

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
    'prepare-only': { type: 'boolean', default: false },
    modes: { type: 'string' },
    slice: { type: 'string' },
    /** Per-query lines of the tuning set; the held-out set is never shown query by query, so it cannot be tuned to. */
    details: { type: 'boolean', default: false },
    /** Which query sets to run: tuning, held-out, described (all three by default). */
    sets: { type: 'string' },
    /** Print the first N mails of the described set's seeded draw over --slice, as JSON, and stop. */
    draw: { type: 'string' },
    /** The pasted-subject sweep's modes (default keyword, hybrid, auto); "none" skips it. */
    'sweep-modes': { type: 'string' },
    out: { type: 'string' },
  },
});
const root = resolve(values.root ?? '.');
const log = (line: string): void => console.error(line);
const modes = values.modes ? values.modes.split(',').map((mode) => mode.trim()) : [...ALL_MODES];
for (const mode of modes) {
  if (!(ALL_MODES as readonly string[]).includes(mode)) throw new Error(`eval: unknown mode "${mode}"; modes are ${ALL_MODES.join(', ')}`);
}

/** Our id of each Message-ID the queries name; labels naming mail the slice lacks are reported and left out. */
async function resolveLabels(engine: Engine, set: QuerySet): Promise<Map<string, Set<string>>> {
  const wanted = new Set(set.queries.flatMap((query) => query.relevant));
  const present = new Set<string>();
  for (const messageId of wanted) {
    const found = await engine.search({ query: `rfc822msgid:"${messageId}"`, limit: 1, mode: 'keyword' });
    if (found.total > 0) present.add(messageId);
  }
  const labels = new Map<string, Set<string>>();
  for (const query of set.queries) {
    const missing = query.relevant.filter((messageId) => !present.has(messageId));
    if (missing.length > 0)
      log(`eval: ${set.file} ${query.id}: ${missing.length} labelled message(s) not in the slice: ${missing.join(', ')}`);
    const relevant = new Set(query.relevant.filter((messageId) => present.has(messageId)));
    if (relevant.size === 0) log(`eval: ${set.file} ${query.id}: skipped, none of its labelled messages is in the slice`);
    else labels.set(query.id, relevant);
  }
  return labels;
}

const stores = new Map<string, SliceStore>();

async function sliceStore(name: string): Promise<SliceStore> {
  const known = stores.get(name);
  if (known) return known;
  const store = await ensureSliceStore(sliceNamed(name), {
    cacheRoot: join(root, '.eval-cache'),
    corporaDir: resolve(root, '../shared/corpora'),
    rebuild: values.rebuild,
    log,
  });
  stores.set(name, store);
  return store;
}

const baselines = new Map<string, BaselineSearch>();

/** The slice's BM25 baseline, built once per run from the messages its store holds. */
async function baselineFor(slice: string, engine: Engine): Promise<BaselineSearch> {
  const known = baselines.get(slice) ?? (await openBm25Baseline(engine));
  baselines.set(slice, known);
  return known;
}

function outcomeOf(
  set: QuerySet,
  query: LabelledQuery,
  ran: { mode: string; ranMode: string; modeNote: string | null; ranked: string[]; tookMs: number },
  relevant: Set<string>,
): QueryOutcome {
  return {
    slice: set.slice,
    queryId: query.id,
    category: query.category,
    mode: ran.mode,
    ranMode: ran.ranMode,
    modeNote: ran.modeNote,
    recall: recallAtK(ran.ranked, relevant, CUTOFF),
    reciprocalRank: reciprocalRank(ran.ranked, relevant, CUTOFF),
    ndcg: ndcgAtK(ran.ranked, relevant, CUTOFF),
    tookMs: ran.tookMs,
  };
}

/** `label` names a set that is only run (held out, described): never shown query by query, so it cannot be tuned to. */
async function evaluateSet(set: QuerySet, label: string | null): Promise<QueryOutcome[]> {
  const store = await sliceStore(set.slice);
  if (values['prepare-only']) return [];
  const engine = await openEngine({ dataDir: store.dataDir, timeZone: 'UTC', access: 'read' });
  const outcomes: QueryOutcome[] = [];
  try {
    const labels = await resolveLabels(engine, set);
    const baseline = await baselineFor(set.slice, engine);
    for (const query of set.queries) {
      const relevant = labels.get(query.id);
      if (!relevant) continue;
      const ran: QueryOutcome[] = [];
      for (const mode of modes) {
        const result = await engine.search({ query: query.query, mode: mode as SearchMode, limit: CUTOFF });
        const ranked = result.hits.map((hit) => hit.messageId);
        ran.push(outcomeOf(set, query, { mode, ranMode: result.mode, modeNote: result.modeNote, ranked, tookMs: result.tookMs }, relevant));
      }
      const plain = baseline(query.query, CUTOFF);
      ran.push(outcomeOf(set, query, { mode: BASELINE_ROW, ranMode: BASELINE_ROW, modeNote: null, ...plain }, relevant));
      outcomes.push(...ran);
      const places = ran.map(
        (outcome) =>
          `${outcome.mode} ${outcome.reciprocalRank === 0 ? '–' : Math.round(1 / outcome.reciprocalRank)} (recall ${outcome.recall.toFixed(2)})`,
      );
      if (values.details && !label)
        log(`${query.id} (${query.category}, ${relevant.size} relevant): first relevant at ${places.join(', ')}`);
    }
  } finally {
    await engine.close();
  }
  const evaluated = labelsCount(outcomes);
  const name = `${set.slice}${label ? ` (${label})` : ''}`;
  // A set none of whose labelled mail is in its store measures nothing: a wrong or empty store, never a result.
  if (evaluated === 0 && set.queries.length > 0)
    throw new Error(
      `eval: ${name}: none of its ${set.queries.length} queries could be evaluated: the store at ${store.dataDir} holds none of their labelled messages`,
    );
  log(`${name}: ${evaluated} queries evaluated (${store.messages} messages, ${store.chunks} chunks, ${store.embedderId})`);
  return outcomes;
}

function labelsCount(outcomes: QueryOutcome[]): number {
  return new Set(outcomes.map((outcome) => outcome.queryId)).size;
}

if (values.draw) {
  if (!values.slice) throw new Error('eval: --draw needs --slice, the slice to draw from');
  const count = Number(values.draw);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`eval: --draw takes how many mails to draw, a whole number above 0, not "${values.draw}"`);
  const engine = await openEngine({ dataDir: (await sliceStore(values.slice)).dataDir, timeZone: 'UTC', access: 'read' });
  try {
    const drawn = JSON.stringify(drawMessages(await readSliceMessages(engine), DESCRIBED_SEED, count), null, 2);
    // Written whole before exiting: process.exit would cut a long write to a pipe short.
    await new Promise((resolve) => process.stdout.write(`${drawn}\n`, resolve));
  } finally {
    await engine.close();
  }
  process.exit(0);
}

const SETS = ['tuning', 'held-out', 'described'] as const;
const wantedSets = values.sets ? values.sets.split(',').map((name) => name.trim()) : [...SETS];
for (const name of wantedSets) {
  if (!(SETS as readonly string[]).includes(name)) throw new Error(`eval: unknown query set "${name}"; sets are ${SETS.join(', ')}`);
}
const bySlice = (set: QuerySet): boolean => !values.slice || set.slice === values.slice;
const readSets = async (name: string, folder: string[]): Promise<QuerySet[]> =>
  wantedSets.includes(name) ? (await readQuerySets(join(root, 'eval', 'queries', ...folder))).filter(bySlice) : [];
const tuningSets = await readSets('tuning', []);
const heldOutSets = await readSets('held-out', ['held-out']);
const describedSets = await readSets('described', ['described']);
const tuning: QueryOutcome[] = [];
for (const set of tuningSets) tuning.push(...(await evaluateSet(set, null)));
const heldOut: QueryOutcome[] = [];
for (const set of heldOutSets) heldOut.push(...(await evaluateSet(set, 'held out')));
const described: QueryOutcome[] = [];
for (const set of describedSets) described.push(...(await evaluateSet(set, 'described')));
if (values['prepare-only']) process.exit(0);

const sweepModes = values['sweep-modes'] === 'none' ? [] : values['sweep-modes'] ? values['sweep-modes'].split(',') : [...SWEEP_MODES];
const sliceNames = [...new Set([...tuningSets, ...heldOutSets, ...describedSets].map((set) => set.slice))];
const sweeps: SubjectSweep[] = [];
const misses: SubjectMiss[] = [];
for (const name of sweepModes.length > 0 ? sliceNames : []) {
  const engine = await openEngine({ dataDir: (await sliceStore(name)).dataDir, timeZone: 'UTC', access: 'read' });
  try {
    const swept = await sweepSubjects(engine, name, sweepModes as SearchMode[], {
      row: BASELINE_ROW,
      search: await baselineFor(name, engine),
    });
    sweeps.push(...swept.sweeps);
    misses.push(...swept.misses);
    for (const sweep of swept.sweeps)
      log(`${name}: pasted subjects, ${sweep.mode}: ${sweep.found} of ${sweep.searched} found (${sweep.ownFound} the mail itself)`);
  } finally {
    await engine.close();
  }
}

const slices = sliceNames.map((name) => sliceNamed(name));
const describeSlice = (slice: Slice): string => {
  const store = stores.get(slice.name);
  return `${slice.name} (${slice.description}; ${store?.messages ?? slice.count} messages, ${store?.chunks ?? '?'} passages embedded)`;
};

/** The tables' rows: each mode, then the plain BM25 over the same mail. */
const rows = [...modes, BASELINE_ROW];

/** The tables of one query set: overall, then by category (when it has more than one) and by slice. */
function setSection(title: string, outcomes: QueryOutcome[]): string[] {
  if (outcomes.length === 0) return [];
  const byCategory = new Set(outcomes.map((outcome) => outcome.category)).size > 1;
  return [
    `## ${title}: all ${labelsCount(outcomes)} queries`,
    '',
    ...overallTable(outcomes, rows),
    '',
    ...(byCategory
      ? [
          `### ${title}: nDCG@10 by category`,
          '',
          ...categoryTable(outcomes, rows, 'ndcg'),
          '',
          `### ${title}: recall@10 by category`,
          '',
          ...categoryTable(outcomes, rows, 'recall'),
          '',
          `### ${title}: MRR@10 by category`,
          '',
          ...categoryTable(outcomes, rows, 'reciprocalRank'),
          '',
        ]
      : []),
    `### ${title}: nDCG@10 by slice`,
    '',
    ...sliceTable(outcomes, rows),
    '',
  ];
}

const report = [
  '# Search quality',
  '',
  `Run ${new Date().toISOString().slice(0, 10)} by \`npm run eval\` on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}.`,
  `Over ${slices.map(describeSlice).join(' and ')}.`,
  `Three query sets: the tuning set (${labelsCount(tuning)} queries, eval/queries/*.json), the held-out set (${labelsCount(heldOut)} queries,`,
  'eval/queries/held-out/), written before ranking was tuned, and the described set',
  `(${labelsCount(described)} queries, eval/queries/described/): mails drawn at random (seed ${DESCRIBED_SEED}) and described from memory as a person`,
  'who read them months ago would, in their own words. The held-out and described sets are only ever run, never read query',
  'by query while tuning. Each table ends with a plain Okapi BM25 (k1 1.2, b 0.75) over subject and body text of the',
  'same messages (eval/bm25.ts): lower-cased words, no stemming, no operators, no plain-English reading.',
  'Relevant messages are named by Message-ID. Embedder: the built-in Universal Sentence Encoder.',
  'recall@10 is capped (found / min(relevant, 10)); MRR and nDCG are cut at 10; binary relevance; means over queries.',
  '',
  ...setSection('Tuning set', tuning),
  ...setSection('Held-out set', heldOut),
  ...setSection('Described set', described),
  ...(sweeps.length > 0
    ? [
        '## Pasted subjects',
        '',
        'Every message of each slice searched by its own Subject line: found when it (or a copy) is in the first 10, or, where',
        'other mails share the subject (after Re:/Fwd: and list tags), when they fill the first 10 as far as thread diversity',
        'lets them (two places per conversation, ten at most); the next column counts the mail itself in the first 10.',
        '',
        ...subjectSweepReport(sweeps, misses),
        '',
      ]
    : []),
  '## How the modes ran',
  '',
  ...modeNotes([...tuning, ...heldOut, ...described], modes),
  '',
].join('\n');
const target = values.out ? resolve(values.out) : join(root, 'eval', 'results.md');
await writeFile(target, report);
console.log(report);
log(`eval: wrote ${target}`);
