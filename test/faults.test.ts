// The fault injection suite's quick subset (npm run faults -- --quick): kills, a file size limit and damaged files,
// after each of which the store must open or be repaired, with nothing acknowledged lost and nothing doubled.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './corpus';

const run = promisify(execFile);

interface FaultTotals {
  injected: number;
  lost: number;
  duplicates: number;
  unopenable: number;
  failed: number;
}

interface FaultSummary {
  total: FaultTotals;
  results: { kind: string; injected: boolean; detail: string; problems?: string[] }[];
}

describe('npm run faults -- --quick', () => {
  it('loses, doubles and leaves unopenable nothing over a fault of each quick kind', async () => {
    // The script exits 1 when a fault found a problem; its JSON says which.
    const outcome = await run(process.execPath, [join(repoRoot, 'scripts', 'faults.mjs'), '--quick', '--json'], {
      cwd: repoRoot,
      maxBuffer: 64 << 20,
    }).catch((error: { stdout?: string; stderr?: string; code?: number }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout, stderr: error.stderr ?? '' };
      throw error;
    });
    const summary = JSON.parse(outcome.stdout) as FaultSummary;
    const problems = summary.results
      .filter((result) => (result.problems ?? []).length > 0)
      .map((result) => `${result.kind} (${result.detail}): ${result.problems!.join('; ')}`);
    expect(problems).toEqual([]);
    expect(summary.total.injected).toBeGreaterThanOrEqual(8);
    expect(summary.total).toMatchObject({ lost: 0, duplicates: 0, unopenable: 0, failed: 0 });
  }, 900_000);
});
