// Builds a TypeScript entry into a runnable ESM file inside the repository, so its bare imports resolve to node_modules.
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './corpus';

export async function bundleForTest(name: string, entry: { file: string } | { source: string }): Promise<string> {
  const outfile = join(repoRoot, 'node_modules', '.cache', 'lantern-tests', `${name}-${process.pid}.mjs`);
  const input =
    'file' in entry ? { entryPoints: [entry.file] } : { stdin: { contents: entry.source, resolveDir: repoRoot, loader: 'ts' as const } };
  await build({ ...input, bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'error' });
  return outfile;
}
