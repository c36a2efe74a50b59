// Bundles TypeScript entry points with esbuild into node_modules/.cache/<name> and runs the `run` entry with node:
// how bench and eval run TypeScript without a separate build step.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

export const root = resolve(import.meta.dirname, '..');

/** `entryPoints` maps output names to files under the repo root; `run` is the one executed with `args`. Exits with its status. */
export async function bundleAndRun(name, entryPoints, args) {
  // Named for the checkout too: git worktrees that share one node_modules (a bench in one, an eval in another) would
  // otherwise rebuild, and delete the chunks of, each other's running bundle.
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 8);
  const outdir = join(root, 'node_modules', '.cache', `${name}-${checkout}`);
  mkdirSync(outdir, { recursive: true });
  rmSync(join(outdir, 'chunks'), { recursive: true, force: true });
  // Split as the app's build is (scripts/build-cli.mjs), so lazily loaded parts stay lazy here too.
  await build({
    entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([entry, file]) => [entry, join(root, file)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  const result = spawnSync(process.execPath, [join(outdir, 'run.mjs'), ...args], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
