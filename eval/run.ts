// `npm run eval`: search quality per mode and query category over labelled queries on slices of the shared corpora (the
// tuning set and the held-out set), and the pasted-subject sweep; prints the tables and writes eval/results.md.
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openEngine } from '../src/engine/api/engine';
import type { Engine } from '../src/engine/api/engineTypes';
import type { SearchMode } from '../src/shared/model/search';
import { ndcgAtK, recallAtK, reciprocalRank } from './metrics';
import { readQuerySets, type QuerySet } from './querySet';
import { categoryTable, modeNotes, overallTable, sliceTable, type QueryOutcome } from './report';
import { subjectSweepReport, sweepSubjects, type SubjectMiss, type SubjectSweep } from './subjectSweep';
import { sliceNamed, type Slice } from './slices';
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
    /** Which query sets to run: tuning, held-out or both (the default). */
    sets: { type: 'string' },
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

async function evaluateSet(set: QuerySet, isHeldOut: boolean): Promise<QueryOutcome[]> {
  const store = await sliceStore(set.slice);
  if (values['prepare-only']) return [];
  const engine = await openEngine({ dataDir: store.dataDir, timeZone: 'UTC', access: 'read' });
  const outcomes: QueryOutcome[] = [];
  try {
    const labels = await resolveLabels(engine, set);
    for (const query of set.queries) {
      const relevant = labels.get(query.id);
      if (!relevant) continue;
      const places: string[] = [];
      for (const mode of modes) {
        const result = await engine.search({ query: query.query, mode: mode as SearchMode, limit: CUTOFF });
        const ranked = result.hits.map((hit) => hit.messageId);
        outcomes.push({
          slice: set.slice,
          queryId: query.id,
          category: query.category,
          mode,
          ranMode: result.mode,
          modeNote: result.modeNote,
          recall: recallAtK(ranked, relevant, CUTOFF),
          reciprocalRank: reciprocalRank(ranked, relevant, CUTOFF),
          ndcg: ndcgAtK(ranked, relevant, CUTOFF),
          tookMs: result.tookMs,
        });
        const first = ranked.findIndex((messageId) => relevant.has(messageId));
        places.push(`${mode} ${first === -1 ? '–' : first + 1}`);
      }
      if (values.details && !isHeldOut)
        log(`${query.id} (${query.category}, ${relevant.size} relevant): first relevant at ${places.join(', ')}`);
    }
  } finally {
    await engine.close();
  }
  log(
    `${set.slice}${isHeldOut ? ' (held out)' : ''}: ${labelsCount(outcomes)} queries evaluated (${store.messages} messages, ${store.chunks} chunks, ${store.embedderId})`,
  );
  return outcomes;
}

function labelsCount(outcomes: QueryOutcome[]): number {
  return new Set(outcomes.map((outcome) => outcome.queryId)).size;
}

const wantedSets = values.sets ? values.sets.split(',').map((name) => name.trim()) : ['tuning', 'held-out'];
for (const name of wantedSets) {
  if (name !== 'tuning' && name !== 'held-out') throw new Error(`eval: unknown query set "${name}"; sets are tuning, held-out`);
}
const bySlice = (set: QuerySet): boolean => !values.slice || set.slice === values.slice;
const tuningSets = wantedSets.includes('tuning') ? (await readQuerySets(join(root, 'eval', 'queries'))).filter(bySlice) : [];
const heldOutSets = wantedSets.includes('held-out') ? (await readQuerySets(join(root, 'eval', 'queries', 'held-out'))).filter(bySlice) : [];
const tuning: QueryOutcome[] = [];
for (const set of tuningSets) tuning.push(...(await evaluateSet(set, false)));
const heldOut: QueryOutcome[] = [];
for (const set of heldOutSets) heldOut.push(...(await evaluateSet(set, true)));
if (values['prepare-only']) process.exit(0);

const sweepModes = values['sweep-modes'] === 'none' ? [] : values['sweep-modes'] ? values['sweep-modes'].split(',') : [...SWEEP_MODES];
const sliceNames = [...new Set([...tuningSets, ...heldOutSets].map((set) => set.slice))];
const sweeps: SubjectSweep[] = [];
const misses: SubjectMiss[] = [];
for (const name of sweepModes.length > 0 ? sliceNames : []) {
  const engine = await openEngine({ dataDir: (await sliceStore(name)).dataDir, timeZone: 'UTC', access: 'read' });
  try {
    const swept = await sweepSubjects(engine, name, sweepModes as SearchMode[]);
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

/** The tables of one query set: overall, then by category and by slice. */
function setSection(title: string, outcomes: QueryOutcome[]): string[] {
  if (outcomes.length === 0) return [];
  return [
    `## ${title}: all ${labelsCount(outcomes)} queries`,
    '',
    ...overallTable(outcomes, modes),
    '',
    `### ${title}: nDCG@10 by category`,
    '',
    ...categoryTable(outcomes, modes, 'ndcg'),
    '',
    `### ${title}: recall@10 by category`,
    '',
    ...categoryTable(outcomes, modes, 'recall'),
    '',
    `### ${title}: MRR@10 by category`,
    '',
    ...categoryTable(outcomes, modes, 'reciprocalRank'),
    '',
    `### ${title}: nDCG@10 by slice`,
    '',
    ...sliceTable(outcomes, modes),
    '',
  ];
}

const report = [
  '# Search quality',
  '',
  `Run ${new Date().toISOString().slice(0, 10)} by \`npm run eval\` on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}.`,
  `Over ${slices.map(describeSlice).join(' and ')}.`,
  `Two query sets: the tuning set (${labelsCount(tuning)} queries, eval/queries/*.json) and the held-out set (${labelsCount(heldOut)} queries,`,
  'eval/queries/held-out/), written before ranking was tuned and only ever run, never read query by query while tuning.',
  'Relevant messages are named by Message-ID. Embedder: the built-in Universal Sentence Encoder.',
  'recall@10 is capped (found / min(relevant, 10)); MRR and nDCG are cut at 10; binary relevance; means over queries.',
  '',
  ...setSection('Tuning set', tuning),
  ...setSection('Held-out set', heldOut),
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
  ...modeNotes([...tuning, ...heldOut], modes),
  '',
].join('\n');
const target = values.out ? resolve(values.out) : join(root, 'eval', 'results.md');
await writeFile(target, report);
console.log(report);
log(`eval: wrote ${target}`);
