// `npm run eval`: search quality per mode and query category over labelled queries on slices of the shared corpora;
// prints the tables and writes eval/results.md.
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
import { sliceNamed, type Slice } from './slices';
import { ensureSliceStore, type SliceStore } from './sliceStore';

const CUTOFF = 10;
const ALL_MODES = ['keyword', 'semantic', 'hybrid', 'rerank', 'hyde', 'auto'] as const satisfies readonly SearchMode[];

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
    'prepare-only': { type: 'boolean', default: false },
    modes: { type: 'string' },
    slice: { type: 'string' },
    details: { type: 'boolean', default: false },
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

async function evaluateSet(set: QuerySet): Promise<QueryOutcome[]> {
  const slice = sliceNamed(set.slice);
  const store = await ensureSliceStore(slice, {
    cacheRoot: join(root, '.eval-cache'),
    corporaDir: resolve(root, '../shared/corpora'),
    rebuild: values.rebuild,
    log,
  });
  stores.set(set.slice, store);
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
      if (values.details) log(`${query.id} (${query.category}, ${relevant.size} relevant): first relevant at ${places.join(', ')}`);
    }
  } finally {
    await engine.close();
  }
  log(`${set.slice}: ${labelsCount(outcomes)} queries evaluated (${store.messages} messages, ${store.chunks} chunks, ${store.embedderId})`);
  return outcomes;
}

function labelsCount(outcomes: QueryOutcome[]): number {
  return new Set(outcomes.map((outcome) => outcome.queryId)).size;
}

const sets = (await readQuerySets(join(root, 'eval', 'queries'))).filter((set) => !values.slice || set.slice === values.slice);
const outcomes: QueryOutcome[] = [];
for (const set of sets) outcomes.push(...(await evaluateSet(set)));
if (values['prepare-only']) process.exit(0);

const slices = [...new Set(sets.map((set) => set.slice))].map((name) => sliceNamed(name));
const describeSlice = (slice: Slice): string => {
  const store = stores.get(slice.name);
  return `${slice.name} (${slice.description}; ${store?.messages ?? slice.count} messages, ${store?.chunks ?? '?'} passages embedded)`;
};
const report = [
  '# Search quality',
  '',
  `Run ${new Date().toISOString().slice(0, 10)} by \`npm run eval\` on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}.`,
  `${labelsCount(outcomes)} labelled queries over ${slices.map(describeSlice).join(' and ')};`,
  'relevant messages are named by Message-ID in eval/queries/. Embedder: the built-in Universal Sentence Encoder.',
  'recall@10 is capped (found / min(relevant, 10)); MRR and nDCG are cut at 10; binary relevance; means over queries.',
  '',
  '## All queries',
  '',
  ...overallTable(outcomes, modes),
  '',
  '## nDCG@10 by category',
  '',
  ...categoryTable(outcomes, modes, 'ndcg'),
  '',
  '## recall@10 by category',
  '',
  ...categoryTable(outcomes, modes, 'recall'),
  '',
  '## MRR@10 by category',
  '',
  ...categoryTable(outcomes, modes, 'reciprocalRank'),
  '',
  '## nDCG@10 by slice',
  '',
  ...sliceTable(outcomes, modes),
  '',
  '## How the modes ran',
  '',
  ...modeNotes(outcomes, modes),
  '',
].join('\n');
const target = values.out ? resolve(values.out) : join(root, 'eval', 'results.md');
await writeFile(target, report);
console.log(report);
log(`eval: wrote ${target}`);
