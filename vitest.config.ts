// Unit and integration tests run in Node against real files in temp folders.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'eval/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Two files at a time on two cores: vitest's default leaves one core for itself (cores - 1), and most files wait
    // on child processes, LanceDB's threads and servers more than they use their own core.
    maxWorkers: 2,
    globalSetup: ['test/removeTempDirs.ts'],
  },
});
