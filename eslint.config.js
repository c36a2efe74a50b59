// Lint rules, including the import boundaries that keep each process in its lane.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Bare builtin names are matched exactly (as `paths`), so our own files named like them (contract/http.ts) stay importable.
const NODE_BUILTIN_NAMES = [
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'stream',
  'zlib',
  'http',
  'https',
  'net',
  'url',
  'worker_threads',
];
const nodeBuiltins = ['node:*'];

function restrict(patterns, message, { withBuiltins = false } = {}) {
  const paths = withBuiltins ? NODE_BUILTIN_NAMES.map((name) => ({ name, message })) : [];
  return { 'no-restricted-imports': ['error', { paths, patterns: [{ group: patterns, message }] }] };
}

function restrictGroups(groups) {
  return { 'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }] };
}

const ENGINE_OUTSIDE = ['electron', 'electron-store', '**/main/**', '**/renderer/**', '**/cli/**', '**/preload/**'];
const ENGINE_OUTSIDE_MESSAGE = 'The engine runs in three hosts: no electron, no host code.';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict(
      [...nodeBuiltins, 'electron', 'react', 'react-dom', '**/engine/**', '**/main/**', '**/renderer/**', '**/cli/**', '**/preload/**'],
      'src/shared is pure TypeScript: no electron, node, DOM or React, and no other layer.',
      { withBuiltins: true },
    ),
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: restrict(ENGINE_OUTSIDE, ENGINE_OUTSIDE_MESSAGE),
  },
  // The layers inside the engine. A later block's no-restricted-imports replaces an earlier one's for the same file,
  // so each repeats the engine-wide group. Tests are left out: they may build their fixtures through the whole engine.
  {
    files: ['src/engine/{index,store,embed}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictGroups([
      [ENGINE_OUTSIDE, ENGINE_OUTSIDE_MESSAGE],
      [
        [
          '**/search/**',
          '**/import/**',
          '**/answer/**',
          '**/vectors/**',
          '**/check/**',
          '**/backup/**',
          '**/export/**',
          '**/settings/**',
          '**/api/**',
          '**/hosts/**',
        ],
        'index, store and embed are the bottom of the engine: search, import, answer, the rest and the facade (api/, hosts/) build on them, never the other way round.',
      ],
    ]),
  },
  {
    files: ['src/engine/{search,import,answer,vectors,check,backup,export}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictGroups([
      [ENGINE_OUTSIDE, ENGINE_OUTSIDE_MESSAGE],
      [['**/api/**', '**/hosts/**'], 'The facade (api/) and the hosts that run it are the top of the engine: nothing below imports them.'],
    ]),
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        [...nodeBuiltins, 'electron', '**/engine/**', '**/main/**', '**/cli/**', '**/preload/**'],
        'The renderer talks to the engine only through LanternClient.',
        {
          withBuiltins: true,
        },
      ),
    },
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: restrict(
      ['electron', 'electron-store', '**/main/**', '**/renderer/**', '**/preload/**'],
      'The CLI runs in plain Node: no electron.',
    ),
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: restrict(['**/engine/**', '**/renderer/**', '**/cli/**', '**/main/**'], 'The preload only forwards API calls.'),
  },
  {
    files: ['src/main/**/*.ts'],
    rules: restrict(
      ['**/engine/**', '**/renderer/**', '**/cli/**', '**/preload/**'],
      'Main talks to the engine through its utility process and to the preload over IPC (channel names in src/shared/contract), never by importing them.',
    ),
  },
);
