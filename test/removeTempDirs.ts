// Vitest global setup: removes the temp folders the run's tests made under the system temp folder and left behind
// (each store is hundreds of MB; runs added up to tens of GB on a test machine).
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Prefixes of the temp folders tests make (makeTempDir and the tests' own mkdtemp calls); not the app's own. */
const PREFIXES = ['lantern-test-', 'lantern-host-test-', 'lantern-keywords-', 'lantern-embed-', 'lantern-vector-cache-', 'lantern-bench-'];

export default function setup(): () => Promise<void> {
  const started = Date.now();
  return async () => {
    for (const name of await readdir(tmpdir())) {
      if (!PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
      const path = join(tmpdir(), name);
      const made = await stat(path).then((info) => info.birthtimeMs || info.ctimeMs, () => 0);
      if (made >= started) await rm(path, { recursive: true, force: true });
    }
  };
}
