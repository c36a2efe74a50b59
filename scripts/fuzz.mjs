// `npm run fuzz`: the property tests with 100,000 cases each (npm test runs a few thousand).
import { spawnSync } from 'node:child_process';

const runs = process.argv[2] ?? '100000';
const result = spawnSync('npx', ['vitest', 'run', 'fuzz', 'neverThrows'], {
  stdio: 'inherit',
  env: { ...process.env, LANTERN_FUZZ_RUNS: runs },
});
process.exit(result.status ?? 1);
