// Unit and integration tests run in Node against real files in temp folders.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'eval/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    globalSetup: ['test/removeTempDirs.ts'],
  },
});
