// The Node version package.json promises is one every installed dependency accepts, and the one running the tests.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './corpus';

interface LockedPackage {
  engines?: { node?: string } | string[];
}

async function readJson<T>(name: string): Promise<T> {
  return JSON.parse(await readFile(join(repoRoot, name), 'utf8')) as T;
}

describe('supported Node', () => {
  it('is the Node running the tests', async () => {
    const manifest = await readJson<{ engines: { node: string } }>('package.json');
    expect(semver.satisfies(process.versions.node, manifest.engines.node)).toBe(true);
  });

  it('is accepted by every package in the lockfile, from the oldest Node package.json allows', async () => {
    const manifest = await readJson<{ engines: { node: string } }>('package.json');
    const lock = await readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');
    const oldestSupported = semver.minVersion(manifest.engines.node)!.version;
    const refusing: string[] = [];
    for (const [path, locked] of Object.entries(lock.packages)) {
      // An `engines` array is the long-gone npm 1 form, which npm itself ignores.
      const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
      if (path === '' || range === undefined) continue;
      const isUnderstood = semver.validRange(range, { loose: true }) !== null;
      if (isUnderstood && !semver.satisfies(oldestSupported, range, { loose: true })) {
        refusing.push(`${path.replace(/^.*node_modules\//, '')} wants node ${range}`);
      }
    }
    expect(refusing, `Node ${oldestSupported} is refused by`).toEqual([]);
  });
});
