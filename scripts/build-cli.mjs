// Bundles the CLI, the utility-process engine host and the parse and embedding workers for Node (the renderer and main are built by electron-vite).
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const entries = {
  'cli/lantern': 'src/cli/lantern.ts',
  'engine/utilityProcessHost': 'src/engine/hosts/utilityProcessHost.ts',
  'engine/parseWorker': 'src/engine/import/parseWorker.ts',
  'engine/embedWorker': 'src/engine/embed/embedWorker.ts',
};
const entryPoints = Object.fromEntries(
  Object.entries(entries)
    .filter(([, file]) => existsSync(join(root, file)))
    .map(([name, file]) => [name, join(root, file)]),
);
// Code the entries share, and what the engine loads only when needed (the import machinery), goes into chunks: without
// splitting, a lazily imported module's packages would be loaded with the entry after all.
rmSync(join(root, 'out', 'chunks'), { recursive: true, force: true });
await build({
  entryPoints,
  outdir: join(root, 'out'),
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS code may still call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __lanternCreateRequire } from 'node:module'; const require = __lanternCreateRequire(import.meta.url);",
  },
});
