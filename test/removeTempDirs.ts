// Vitest global setup: gives the run a temp folder of its own and removes it afterwards, with everything tests left in
// it (each store is hundreds of MB; runs added up to tens of GB on a test machine). A folder per run, not a sweep of the
// system temp folder by name and age, so that two runs at once never delete each other's stores.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => Promise<void> {
  const runFolder = mkdtempSync(join(tmpdir(), 'lantern-vitest-'));
  // Test workers and the processes they start inherit the environment, and os.tmpdir() reads TMPDIR at every call.
  process.env.TMPDIR = runFolder;
  return async () => {
    await rm(runFolder, { recursive: true, force: true });
  };
}
