// The built `lantern check --json`: its report's shape and its exit codes (0 whole or repaired, 1 problems remain).
import { execFileSync, spawnSync } from 'node:child_process';
import { stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../test/corpus';
import { listManifests } from '../engine/store/tableFiles';

const bin = join(repoRoot, 'bin', 'lantern.mjs');

function lantern(args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, LANTERN_DATA_DIR: '' } });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], { cwd: repoRoot });
});

describe('lantern check', () => {
  let dataDir: string;
  let second: string;

  beforeAll(async () => {
    const dir = await makeTempDir();
    const mails = await readCorpusMessages('usrp-users-list.mbox.gz', 20);
    await writeFile(join(dir, 'first.mbox'), toMbox(mails.slice(0, 10)));
    second = join(dir, 'second.mbox');
    await writeFile(second, toMbox(mails.slice(10)));
    dataDir = join(dir, 'store');
    expect(lantern(['import', join(dir, 'first.mbox'), '--data-dir', dataDir]).status).toBe(0);
    expect(lantern(['import', second, '--data-dir', dataDir]).status).toBe(0);
  });

  it('reports a whole store as JSON and exits 0', () => {
    const result = lantern(['check', '--json', '--data-dir', dataDir]);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as {
      ok: boolean;
      repair: boolean;
      parts: { name: string; ok: boolean; checked: string[]; problems: string[]; repaired: string[] }[];
    };
    expect(report).toMatchObject({ ok: true, repair: false });
    expect(report.parts.map((part) => part.name)).toEqual([
      'tables',
      'sources',
      'keyword index',
      'catalog snapshot',
      'attachments',
      'vectors',
    ]);
    expect(Object.keys(report.parts[0]!).sort()).toEqual(['checked', 'name', 'ok', 'problems', 'repaired']);
  });

  it('exits 1 on a cut-short table version, which stats reads around; --repair heals it and exits 0', async () => {
    const table = join(dataDir, 'lancedb', 'messages.lance');
    const [newest] = await listManifests(table);
    const manifest = join(table, '_versions', newest!.name);
    await truncate(manifest, Math.floor((await stat(manifest)).size / 2));

    const stats = lantern(['stats', '--json', '--data-dir', dataDir]);
    expect(stats.stderr).not.toMatch(/LanceError|cargo/);
    expect(stats.status).toBe(0);
    // The second import's last batch is lost (an import writes a version per batch, or per second on a slow start).
    const read = JSON.parse(stats.stdout) as { messages: number; storeHealth: { reimport: { path: string }[] } };
    expect(read.messages).toBeLessThan(20);
    expect(read.storeHealth.reimport.map((lost) => lost.path)).toEqual([second]);

    const found = lantern(['check', '--json', '--data-dir', dataDir]);
    expect(found.status).toBe(1);
    expect(JSON.parse(found.stdout)).toMatchObject({ ok: false, parts: [{ name: 'tables', ok: false }, {}, {}, {}, {}, {}] });
    const human = lantern(['check', '--data-dir', dataDir]);
    expect(human.status).toBe(1);
    expect(human.stdout).toContain('run lantern check --repair');

    const repaired = lantern(['check', '--repair', '--json', '--data-dir', dataDir]);
    expect(repaired.status).toBe(0);
    expect(JSON.parse(repaired.stdout)).toMatchObject({
      ok: true,
      repair: true,
      parts: [{ name: 'tables', ok: true, repaired: [expect.stringContaining('was damaged')] }, {}, {}, {}, {}, {}],
    });
    expect(lantern(['check', '--json', '--data-dir', dataDir]).status).toBe(0);
    const again = JSON.parse(lantern(['import', second, '--json', '--data-dir', dataDir]).stdout) as { messages: number };
    expect(again.messages).toBe(20);
  });
});
