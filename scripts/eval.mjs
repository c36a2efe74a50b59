// `npm run eval`: bundles eval/run.ts as bench does and runs it: search quality per mode over labelled queries.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const outdir = join(root, 'node_modules', '.cache', 'lantern-eval');
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: { run: join(root, 'eval/run.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
const result = spawnSync(process.execPath, [join(outdir, 'run.mjs'), '--root', root, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
