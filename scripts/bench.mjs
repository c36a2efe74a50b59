// `npm run bench`: bundles the benchmark drivers and the parse worker, then runs bench/run.ts (never part of npm test).
import { bundleAndRun, root } from './bundleAndRun.mjs';

// --embedders-only runs beside a full run without rebuilding the bundle that run is using.
await bundleAndRun(
  process.argv.includes('--embedders-only') ? 'lantern-bench-embedders' : 'lantern-bench',
  {
    run: 'bench/run.ts',
    lanternImport: 'bench/lanternImport.ts',
    lanternQueries: 'bench/lanternQueries.ts',
    lanternTimeline: 'bench/lanternTimeline.ts',
    lanternBusySearch: 'bench/lanternBusySearch.ts',
    lanternFirstResult: 'bench/lanternFirstResult.ts',
    lanternEmbedding: 'bench/lanternEmbedding.ts',
    lanternVectors: 'bench/lanternVectors.ts',
    lanternEmbedders: 'bench/lanternEmbedders.ts',
    lanternWholeCommand: 'bench/lanternWholeCommand.ts',
    lanternShortMail: 'bench/lanternShortMail.ts',
    parseWorker: 'src/engine/import/parseWorker.ts',
    embedWorker: 'src/engine/embed/embedWorker.ts',
  },
  // The bundle runs from node_modules, which a git worktree may share with another checkout: name the repo to write to.
  ['--root', root, ...process.argv.slice(2)],
);
