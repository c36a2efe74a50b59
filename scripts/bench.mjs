// `npm run bench`: bundles the benchmark drivers and the parse worker, then runs bench/run.ts (never part of npm test).
import { bundleAndRun } from './bundleAndRun.mjs';

await bundleAndRun(
  'lantern-bench',
  {
    run: 'bench/run.ts',
    lanternImport: 'bench/lanternImport.ts',
    lanternQueries: 'bench/lanternQueries.ts',
    lanternBusySearch: 'bench/lanternBusySearch.ts',
    lanternEmbedding: 'bench/lanternEmbedding.ts',
    parseWorker: 'src/engine/import/parseWorker.ts',
    embedWorker: 'src/engine/embed/embedWorker.ts',
  },
  process.argv.slice(2),
);
