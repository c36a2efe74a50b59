// The built `lantern` command keeps V8's code cache of each command in the user's cache folder (bin/codeCache.mjs):
// written by a first run, taken by the next, replaced when V8 refuses it, and never in the way of the command.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFile, cp, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../test/corpus';

let install: string;
let dataDir: string;

/** Runs the command of the copied install with `cacheHome` as the user's cache folder. */
function lantern(args: string[], cacheHome: string): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(install, 'bin', 'lantern.mjs'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, LANTERN_DATA_DIR: '', XDG_CACHE_HOME: cacheHome },
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  // An installation of its own, built beside the launcher from the sources: other tests build out/ again while these
  // run (emptying out/chunks first), and each build has caches of its own. Inside the repository, so the bundle's
  // packages resolve to its node_modules.
  await mkdir(join(repoRoot, 'node_modules', '.cache'), { recursive: true });
  install = await mkdtemp(join(repoRoot, 'node_modules', '.cache', 'lantern-code-cache-test-'));
  await mkdir(join(install, 'scripts'));
  await copyFile(join(repoRoot, 'scripts', 'build-cli.mjs'), join(install, 'scripts', 'build-cli.mjs'));
  await cp(join(repoRoot, 'bin'), join(install, 'bin'), { recursive: true });
  await symlink(join(repoRoot, 'src'), join(install, 'src'), 'dir');
  execFileSync(process.execPath, [join(install, 'scripts', 'build-cli.mjs')]);
  const folder = await makeTempDir();
  await writeFile(join(folder, 'slice.mbox'), toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 20)));
  dataDir = join(folder, 'store');
  expect(lantern(['import', join(folder, 'slice.mbox'), '--data-dir', dataDir], await makeTempDir()).status).toBe(0);
});

afterAll(async () => {
  await rm(install, { recursive: true, force: true });
});

function hitsOf(stdout: string): unknown {
  return (JSON.parse(stdout) as { hits: unknown }).hits;
}

async function cacheFiles(cacheHome: string): Promise<string[]> {
  return (await readdir(join(cacheHome, 'lantern', 'code'))).sort();
}

describe('the code cache of a command', () => {
  it('is written by a first run and taken, unchanged, by the next, which answers the same', async () => {
    const cacheHome = await makeTempDir();
    const search = ['search', 'the', '--json', '--data-dir', dataDir];
    const first = lantern(search, cacheHome);
    expect(first.status).toBe(0);
    const [file, ...others] = await cacheFiles(cacheHome);
    expect(others).toEqual([]);
    expect(file).toMatch(new RegExp(`^[0-9a-f]{8}-${process.version}-${process.arch}-\\d+-\\d+-search\\.bin$`));
    const path = join(cacheHome, 'lantern', 'code', file!);
    const written = await stat(path);
    const second = lantern(search, cacheHome);
    expect(second.status).toBe(0);
    expect(hitsOf(second.stdout)).toEqual(hitsOf(first.stdout));
    expect((await stat(path)).mtimeMs).toBe(written.mtimeMs);
    // Another command has its own.
    expect(lantern(['stats', '--json', '--data-dir', dataDir], cacheHome).status).toBe(0);
    expect((await cacheFiles(cacheHome)).map((name) => name.replace(/.*-/, ''))).toEqual(['search.bin', 'stats.bin']);
  });

  it("replaces a cache V8 refuses (damaged, or of another build), and removes its installation's other builds' caches", async () => {
    const cacheHome = await makeTempDir();
    const search = ['search', 'the', '--json', '--data-dir', dataDir];
    const answer = lantern(search, cacheHome).stdout;
    const [file] = await cacheFiles(cacheHome);
    const path = join(cacheHome, 'lantern', 'code', file!);
    const damaged = Buffer.alloc((await stat(path)).size, 7);
    await writeFile(path, damaged);
    const place = file!.slice(0, 9);
    await writeFile(join(cacheHome, 'lantern', 'code', `${place}v0.0.0-x64-1-2-search.bin`), 'an older build');
    const otherInstallation = `${place === '00000000-' ? 'ffffffff-' : '00000000-'}v0.0.0-x64-1-2-search.bin`;
    await writeFile(join(cacheHome, 'lantern', 'code', otherInstallation), 'another installation');
    const again = lantern(search, cacheHome);
    expect(again.status).toBe(0);
    expect(hitsOf(again.stdout)).toEqual(hitsOf(answer));
    expect(await cacheFiles(cacheHome)).toEqual([file, otherInstallation].sort());
    expect((await readFile(path)).equals(damaged)).toBe(false);
  });

  it('never stops a command when the cache folder cannot be written', async () => {
    const blocked = join(await makeTempDir(), 'a file');
    await writeFile(blocked, 'not a folder');
    const result = lantern(['search', 'the', '--json', '--data-dir', dataDir], blocked);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect((JSON.parse(result.stdout) as { total: number }).total).toBeGreaterThan(0);
  });
});
