// `npm run bench`: bundles the benchmark drivers and the parse worker, then runs bench/run.ts (never part of npm test).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const outdir = join(root, 'node_modules', '.cache', 'lantern-bench');
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: {
    run: join(root, 'bench/run.ts'),
    lanternImport: join(root, 'bench/lanternImport.ts'),
    lanternQueries: join(root, 'bench/lanternQueries.ts'),
    parseWorker: join(root, 'src/engine/import/parseWorker.ts'),
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
const result = spawnSync(process.execPath, [join(outdir, 'run.mjs'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
