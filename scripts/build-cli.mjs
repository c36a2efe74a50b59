// Bundles the CLI, the utility-process engine host and the parse and embedding workers for Node (the renderer and main are built by electron-vite).
import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const entries = {
  'engine/utilityProcessHost': 'src/engine/hosts/utilityProcessHost.ts',
  'engine/parseWorker': 'src/engine/import/parseWorker.ts',
  'engine/embedWorker': 'src/engine/embed/embedWorker.ts',
};
const entryPoints = Object.fromEntries(
  Object.entries(entries)
    .filter(([, file]) => existsSync(join(root, file)))
    .map(([name, file]) => [name, join(root, file)]),
);
/**
 * Packages of plain JavaScript modules go into the bundle: Node resolves and reads each file of an external package on
 * its own, and chrono-node (266 files), the stemmers and the stop-word lists were a sixth of a whole `lantern search`
 * (issue 25), as LanceDB's JavaScript and Arrow (150 files) were later. The rest stay external: native code
 * (LanceDB's binding, onnxruntime, sharp) and packages that find files beside themselves. zod (225 files) is bundled
 * with the MCP SDK, whose schemas must be of the same copy as ours: both in the bundle, they are.
 */
const BUNDLED_PACKAGES = [
  'chrono-node',
  'stemmer',
  '@orama/stemmers',
  '@orama/stopwords',
  '@lancedb/lancedb',
  // LanceDB's embedding registry requires it at load: one file, found and read by Node's resolution otherwise.
  'reflect-metadata',
  'apache-arrow',
  'flatbuffers',
  'tslib',
  'zod',
  '@modelcontextprotocol/sdk',
  // The MCP SDK's JSON Schema checks: ajv is 100 CommonJS files, whose resolution and reading took `lantern mcp` a
  // tenth of the wait for its first answer (issue 25).
  'ajv',
  'ajv-formats',
  'fast-deep-equal',
  'fast-uri',
  'json-schema-traverse',
  'require-from-string',
  'zod-to-json-schema',
];

/** The folder of package `name` as Node finds it from `from`: the nearest node_modules up the tree that holds it. */
function packageFolder(name, from) {
  for (let folder = from; ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(folder) === folder) throw new Error(`build-cli: package ${name} is not installed (looked up from ${from})`);
  }
}

/**
 * A package and every package it depends on, read from the installed packages' own package.json files (a nested copy
 * is found as Node finds it), so the script needs no package-lock.json beside it: tests and `npm run faults` build it
 * in folders of their own.
 */
function withDependencies(names) {
  const found = new Set();
  const waiting = names.map((name) => ({ name, from: root }));
  while (waiting.length > 0) {
    const { name, from } = waiting.pop();
    if (found.has(name)) continue;
    found.add(name);
    const folder = packageFolder(name, from);
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    for (const dependency of Object.keys(manifest.dependencies ?? {})) waiting.push({ name: dependency, from: folder });
  }
  return [...found];
}

/**
 * The parse worker's packages (mailparser and what it loads, the zip reader), bundled into the workers' build below
 * only: a parse worker starts with every import, and resolving and reading these packages file by file was most of its
 * start, while the importing thread already had messages for it (bench/measured-reasons.md). The command's own build
 * leaves them out, as its searches never load them.
 */
const PARSE_WORKER_PACKAGES = withDependencies(['mailparser', 'yauzl']);

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * LanceDB loads Arrow's CommonJS build; an ESM `import` of apache-arrow loads its module build as well (134 more files,
 * a second copy of every class). Our imports take the copy LanceDB uses, through require, bundled with it; so does
 * lanceArrow.ts, whose require at run time would load a copy of its own beside the bundled one.
 */
const ARROW_SHIM = 'lantern-arrow-shim';
// esbuild names files by their real path: a checkout whose src is a link (the faults run's build) must match that.
const LANCE_ARROW = realpathSync(join(root, 'src', 'engine', 'store', 'lanceArrow.ts'));

/** Bundles the packages named in `bundled` (and LanceDB's Arrow as below); the rest stay external. */
const packagesPlugin = (bundled) => ({
  name: 'lantern-packages',
  setup(builder) {
    // LanceDB's own require and the shim's take Arrow's CommonJS build into the bundle; our imports go through the shim.
    builder.onResolve({ filter: /^apache-arrow$/ }, (args) =>
      args.namespace === ARROW_SHIM || args.kind === 'require-call' ? undefined : { path: 'apache-arrow', namespace: ARROW_SHIM },
    );
    builder.onLoad({ filter: /.*/, namespace: ARROW_SHIM }, () => ({
      contents: "module.exports = require('apache-arrow');",
      loader: 'js',
      resolveDir: root,
    }));
    builder.onLoad({ filter: /lanceArrow\.ts$/ }, (args) =>
      args.path === LANCE_ARROW
        ? {
            contents: "import * as Arrow from 'apache-arrow'; export const lanceArrow = Arrow;",
            loader: 'ts',
            resolveDir: dirname(LANCE_ARROW),
          }
        : undefined,
    );
    // LanceDB's binding: the platform's package (or a file beside its script), loaded at run time.
    builder.onResolve({ filter: /\.node$|^@lancedb\/lancedb-/ }, (args) => ({ path: args.path, external: true }));
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || !bundled.includes(packageName(args.path))) return { path: args.path, external: true };
      return undefined;
    });
  },
});

// Code the entries share, and what the engine loads only when needed (the import machinery), goes into chunks: without
// splitting, a lazily imported module's packages would be loaded with the entry after all.
rmSync(join(root, 'out', 'chunks'), { recursive: true, force: true });
// The command was an ES module before it was built as below.
for (const stale of ['lantern.mjs', 'lantern.mjs.map']) rmSync(join(root, 'out', 'cli', stale), { force: true });
/** What both builds below share. */
const forNode = {
  outdir: join(root, 'out'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  /**
   * Node parses every module a command loads before running it, and again each function it first calls: without
   * whitespace and with simpler syntax (names kept, so stack traces and class names read as before) a whole
   * `lantern search` has less to parse (issue 25). The source maps still lead back to the code.
   */
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
};
await build({
  ...forNode,
  entryPoints,
  plugins: [packagesPlugin([...BUNDLED_PACKAGES, ...PARSE_WORKER_PACKAGES])],
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  // Bundled CommonJS code may still call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __lanternCreateRequire } from 'node:module'; const require = __lanternCreateRequire(import.meta.url);",
  },
});

/**
 * The command is one CommonJS file, which bin/lantern.mjs compiles with V8's code cache (bin/codeCache.mjs): Node 20
 * keeps no cache of ES modules, and parsing and compiling the command's code was a fifth of a whole `lantern search`
 * (issue 25). The modules a command loads only when it runs (src/cli/lantern.ts) stay unrun until then, as in chunks.
 */
const command = await build({
  ...forNode,
  entryPoints: { 'cli/lantern': join(root, 'src', 'cli', 'lantern.ts') },
  plugins: [packagesPlugin(BUNDLED_PACKAGES)],
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // The bundle's modules find files beside themselves (the engine's workers, packages' data) from their own URL.
  define: { 'import.meta.url': '__lanternModuleUrl' },
  banner: { js: "const __lanternModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  metafile: true,
});

/**
 * Code compiled from a code cache loses its `import()` in Node 20 ("A dynamic import callback was not specified"), so
 * the packages the command imports as it runs (ES modules, which require() cannot load in every case) are imported
 * through the function bin/codeCache.mjs gives the bundle.
 */
const commandFile = join(root, 'out', 'cli', 'lantern.cjs');
let commandCode = readFileSync(commandFile, 'utf8');
const importedLater = Object.values(command.metafile.outputs)
  .flatMap((output) => output.imports)
  .filter((imported) => imported.kind === 'dynamic-import' && imported.external);
for (const { path } of importedLater)
  commandCode = commandCode.replaceAll(`import(${JSON.stringify(path)})`, `__lanternImport(${JSON.stringify(path)})`);
if (/\bimport\(/.test(commandCode)) throw new Error('build-cli: out/cli/lantern.cjs still has an import() the code cache would break');
/**
 * ASCII only (esbuild leaves regular expressions' other characters as they are): V8 keeps a one-byte source, which Node
 * reads and V8 checks against the cache in a third of the time a two-byte one took. An escape means the same character
 * in strings, templates, regular expressions and names alike.
 */
commandCode = commandCode.replace(/[\u0080-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
writeFileSync(commandFile, commandCode);
