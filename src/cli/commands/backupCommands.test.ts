// `lantern backup --verify` and `lantern restore`'s refusals, through the built command as a user's shell runs it.
import { execFileSync, spawnSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../../test/corpus';

const bin = join(repoRoot, 'bin', 'lantern.mjs');

function lantern(args: string[], env: Record<string, string> = {}): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LANTERN_DATA_DIR: '', LANTERN_TABLES: '', ...env },
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

interface Verification {
  ok: boolean;
  messages: number;
  checked: string[];
  problems: string[];
}

beforeAll(() => {
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], { cwd: repoRoot });
});

describe('lantern backup --verify and restore', () => {
  let dataDir: string;
  let backupDir: string;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    const mbox = join(await makeTempDir(), 'usrp.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 60)));
    expect(lantern(['import', mbox, '--data-dir', dataDir]).status).toBe(0);
    backupDir = join(await makeTempDir(), 'backup');
    expect(lantern(['backup', backupDir, '--data-dir', dataDir]).status).toBe(0);
  });

  it('checks a whole backup and says OK, as text and as JSON', () => {
    const asJson = lantern(['backup', '--verify', backupDir, '--json']);
    expect(asJson.status).toBe(0);
    const verification = JSON.parse(asJson.stdout) as Verification;
    expect(verification).toMatchObject({ ok: true, messages: 60, problems: [] });
    expect(verification.checked).toContain('table messages: 60 rows read');
    const asText = lantern(['backup', '--verify', backupDir]);
    expect(asText).toMatchObject({
      status: 0,
      stdout: expect.stringMatching(/ok {2}table messages: 60 rows read[\s\S]*OK: the backup is whole/),
    });
    expect(lantern(['backup', '--verify'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('give the backup folder to check'),
    });
  });

  it('names each problem of a damaged backup, exits 1, and restore refuses it leaving the store as it was', async () => {
    const damaged = join(await makeTempDir(), 'damaged');
    await cp(backupDir, damaged, { recursive: true });
    const [attachment] = await readdir(join(damaged, 'attachments'));
    await rm(join(damaged, 'attachments', attachment!));
    const dataFolder = join(damaged, 'lancedb', 'messages.lance', 'data');
    const [dataFile] = await readdir(dataFolder);
    await truncate(join(dataFolder, dataFile!), Math.floor((await stat(join(dataFolder, dataFile!))).size / 2));

    const asJson = lantern(['backup', '--verify', damaged, '--json']);
    expect(asJson.status).toBe(1);
    const verification = JSON.parse(asJson.stdout) as Verification;
    expect(verification.ok).toBe(false);
    expect(verification.problems).toEqual([
      expect.stringMatching(/^table messages cannot be read: /),
      expect.stringMatching(/^1 of \d+ attachment files are missing$/),
    ]);
    expect(lantern(['backup', '--verify', damaged])).toMatchObject({
      status: 1,
      stdout: expect.stringMatching(/BAD table messages cannot be read[\s\S]*DAMAGED: 2 problem/),
    });

    const restore = lantern(['restore', damaged, '--data-dir', dataDir]);
    expect(restore).toMatchObject({ status: 2, stderr: expect.stringMatching(/restore: the backup .*damaged; nothing was changed/) });
    expect(JSON.parse(lantern(['stats', '--json', '--data-dir', dataDir]).stdout)).toMatchObject({ messages: 60 });
  });

  it('refuses to restore into a folder of other files, and says where the replaced store was kept', async () => {
    const documents = await makeTempDir();
    await writeFile(join(documents, 'taxes-2025.pdf'), 'mine');
    const refused = lantern(['restore', backupDir, '--data-dir', documents]);
    expect(refused).toMatchObject({
      status: 2,
      stderr: expect.stringContaining(`${documents} is not a Lantern data folder (it holds 1 entry: taxes-2025.pdf)`),
    });
    expect(await readFile(join(documents, 'taxes-2025.pdf'), 'utf8')).toBe('mine');

    const elsewhere = lantern(['restore', backupDir, '--data-dir', dataDir], { LANTERN_TABLES: join(documents, 'tables') });
    expect(elsewhere).toMatchObject({ status: 2, stderr: expect.stringContaining('LANTERN_TABLES is set') });

    const replaced = lantern(['restore', backupDir, '--data-dir', dataDir]);
    expect(replaced).toMatchObject({ status: 0, stdout: expect.stringMatching(/restored 60 messages[\s\S]*kept at .*\.before-restore-/) });
  });

  it('removes what a killed backup into the same folder left, and says so', async () => {
    const target = join(await makeTempDir(), 'again');
    await mkdir(join(`${target}.partial`, 'lancedb'), { recursive: true });
    const backup = lantern(['backup', target, '--json', '--data-dir', dataDir]);
    expect(backup).toMatchObject({ status: 0, stderr: '' });
    expect(JSON.parse(backup.stdout)).toMatchObject({ removedLeftover: `${target}.partial`, messages: 60 });
    await expect(stat(`${target}.partial`)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
