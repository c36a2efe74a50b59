// Lint rules, including the import boundaries that keep each process in its lane.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Bare builtin names are matched exactly (as `paths`), so our own files named like them (contract/http.ts) stay importable.
const NODE_BUILTIN_NAMES = ['fs', 'path', 'os', 'child_process', 'crypto', 'stream', 'zlib', 'http', 'https', 'net', 'url', 'worker_threads'];
const nodeBuiltins = ['node:*'];

function restrict(patterns, message, { withBuiltins = false } = {}) {
  const paths = withBuiltins ? NODE_BUILTIN_NAMES.map((name) => ({ name, message })) : [];
  return { 'no-restricted-imports': ['error', { paths, patterns: [{ group: patterns, message }] }] };
}

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
    rules: restrict(['electron', 'electron-store', '**/main/**', '**/renderer/**', '**/cli/**', '**/preload/**'], 'The engine runs in three hosts: no electron, no host code.'),
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([...nodeBuiltins, 'electron', '**/engine/**', '**/main/**', '**/cli/**', '**/preload/**'], 'The renderer talks to the engine only through LanternClient.', {
        withBuiltins: true,
      }),
    },
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: restrict(['electron', 'electron-store', '**/main/**', '**/renderer/**', '**/preload/**'], 'The CLI runs in plain Node: no electron.'),
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
