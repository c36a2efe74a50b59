// Restore replaces only a Lantern data folder (or an empty one), refuses a damaged backup, and puts the old store back when the new one fails to open.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { DATA_FOLDER_MARKER, readDataFolderMarker, writeDataFolderMarker } from '../store/dataFolderMarker';
import { backupInto } from './backupRotation';
import { removeLeftoverStaging } from './backupStaging';
import { backupStore } from './backupStore';
import { restoreStore } from './restoreStore';
import { verifyBackup } from './verifyBackup';

async function storeWith(count: number): Promise<string> {
  const dataDir = await makeTempDir();
  const mbox = join(await makeTempDir(), 'usrp.mbox');
  await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', count)));
  const engine = await openEngine({ dataDir });
  await engine.importPaths([mbox], 'usrp');
  await engine.close();
  return dataDir;
}

async function messageCount(dataDir: string): Promise<number> {
  const engine = await openEngine({ dataDir, access: 'read' });
  try {
    return (await engine.getStats()).messages;
  } finally {
    await engine.close();
  }
}

/** A fresh copy of the good backup, to damage. */
async function copyOfBackup(backupDir: string): Promise<string> {
  const copy = join(await makeTempDir(), 'copy');
  await cp(backupDir, copy, { recursive: true });
  return copy;
}

async function filesUnder(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true })).sort();
}

/** Names beside `folder` that a restore would make: `.before-restore-…`, `.restoring-…`. */
async function besideOf(folder: string): Promise<string[]> {
  return (await readdir(dirname(folder))).filter((name) => name.startsWith(`${basename(folder)}.`));
}

describe('restore refuses what it must not replace', () => {
  let backupDir: string;
  let sourceMessages: number;

  beforeAll(async () => {
    // usrp's first 60 messages include attachments, so the backup holds some.
    const source = await storeWith(60);
    backupDir = join(await makeTempDir(), 'backup');
    sourceMessages = (await backupStore(source, backupDir)).messages;
    expect((await readdir(join(backupDir, 'attachments'))).length).toBeGreaterThan(0);
  });

  it("refuses a folder of the user's own files that holds no store, and leaves every file as it was", async () => {
    const folder = await makeTempDir();
    await writeFile(join(folder, 'thesis.docx'), 'chapter one');
    await mkdir(join(folder, 'photos'));
    await writeFile(join(folder, 'photos', 'cat.jpg'), 'meow');
    const before = await filesUnder(folder);
    await expect(restoreStore(backupDir, folder)).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringMatching(/not a Lantern data folder.*2 entries: photos, thesis\.docx/),
    });
    expect(await filesUnder(folder)).toEqual(before);
    expect(await readFile(join(folder, 'thesis.docx'), 'utf8')).toBe('chapter one');
    expect(await besideOf(folder)).toEqual([]);
  });

  it('restores into an empty folder and into a missing one, keeping nothing beside', async () => {
    const empty = await makeTempDir();
    expect(await restoreStore(backupDir, empty)).toMatchObject({ messages: sourceMessages, previous: null });
    expect(await messageCount(empty)).toBe(sourceMessages);
    const missing = join(await makeTempDir(), 'new', 'data');
    expect(await restoreStore(backupDir, missing)).toMatchObject({ messages: sourceMessages, previous: null });
    expect(await messageCount(missing)).toBe(sourceMessages);
    expect(await readdir(dirname(missing))).toEqual(['data']);
  });

  it('refuses a backup with a truncated table file or a missing attachment, and the current store stays as it was', async () => {
    const current = await storeWith(5);
    const truncated = await copyOfBackup(backupDir);
    const dataFolder = join(truncated, 'lancedb', 'messages.lance', 'data');
    const [dataFile] = await readdir(dataFolder);
    await truncate(join(dataFolder, dataFile!), Math.floor((await stat(join(dataFolder, dataFile!))).size / 2));
    await expect(restoreStore(truncated, current)).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringMatching(/damaged.*messages/),
    });
    expect(await messageCount(current)).toBe(5);

    const withoutAttachment = await copyOfBackup(backupDir);
    const [attachment] = await readdir(join(withoutAttachment, 'attachments'));
    await rm(join(withoutAttachment, 'attachments', attachment!));
    await expect(restoreStore(withoutAttachment, current)).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringMatching(/damaged.*attachment/),
    });
    expect(await messageCount(current)).toBe(5);

    const truncatedManifest = await copyOfBackup(backupDir);
    const versions = join(truncatedManifest, 'lancedb', 'messages.lance', '_versions');
    for (const name of await readdir(versions)) if (name.endsWith('.manifest')) await truncate(join(versions, name), 10);
    await expect(restoreStore(truncatedManifest, current)).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringMatching(/damaged.*table messages cannot be read/),
    });
    expect(await messageCount(current)).toBe(5);
    expect(await besideOf(current)).toEqual([]);
  });

  it('refuses a file in place of the data folder', async () => {
    const file = join(await makeTempDir(), 'notes.txt');
    await writeFile(file, 'keep me');
    await expect(restoreStore(backupDir, file)).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringContaining('it is a file'),
    });
    expect(await readFile(file, 'utf8')).toBe('keep me');
  });

  it('replaces a store from before the marker existed, keeping it beside, and the restored folder is marked', async () => {
    const current = await storeWith(5);
    await rm(join(current, DATA_FOLDER_MARKER));
    const report = await restoreStore(backupDir, current);
    expect(report.previous).toMatch(/\.before-restore-/);
    expect(report.checked).toContain(`table messages: ${sourceMessages} rows read`);
    expect(await messageCount(report.previous!)).toBe(5);
    expect(await messageCount(current)).toBe(sourceMessages);
    expect(await readDataFolderMarker(current)).toMatchObject({ format: 'lantern-data' });
    expect(await besideOf(current)).toEqual([basename(report.previous!)]);
  });

  it('replaces a data folder whose tables live elsewhere (a marker, no lancedb/), keeping it beside', async () => {
    const current = await makeTempDir();
    await writeDataFolderMarker(current);
    await writeFile(join(current, 'settings.json'), '{}');
    const report = await restoreStore(backupDir, current);
    expect(await readFile(join(report.previous!, 'settings.json'), 'utf8')).toBe('{}');
    expect(await messageCount(current)).toBe(sourceMessages);
  });

  it('puts the previous store back when the restored one fails to open', async () => {
    const current = await storeWith(5);
    const failing = async (dataDir: string): Promise<void> => {
      // The real store opens; the check then fails as a store that opens but is unusable would.
      expect(await messageCount(dataDir)).toBe(sourceMessages);
      throw new Error('messages table unreadable');
    };
    await expect(restoreStore(backupDir, current, { checkRestored: failing })).rejects.toMatchObject({
      message: expect.stringMatching(/did not open \(messages table unreadable\); the previous store was put back in .*nothing changed/),
    });
    expect(await messageCount(current)).toBe(5);
    expect(await besideOf(current)).toEqual([]);

    const empty = await makeTempDir();
    await expect(restoreStore(backupDir, empty, { checkRestored: failing })).rejects.toThrow(/is as it was/);
    expect(await readdir(empty)).toEqual([]);
    expect(await besideOf(empty)).toEqual([]);
  });
});

describe('verifyBackup', () => {
  it('checks a whole backup, and a version-1 backup still verifies and restores', async () => {
    const source = await storeWith(60);
    const backupDir = join(await makeTempDir(), 'backup');
    await backupStore(source, backupDir);
    const verification = await verifyBackup(backupDir);
    expect(verification).toMatchObject({ version: 2, messages: 60, problems: [] });
    expect(verification.checked).toEqual(
      expect.arrayContaining([
        'table messages: 60 rows read',
        'file lantern-data.json: size and SHA-256 match',
        expect.stringMatching(/^attachments: \d+ files, each matches its SHA-256 name$/),
      ]),
    );

    // What Lantern wrote before format 2: no checksums, no marker, no keyword index note.
    const manifestPath = join(backupDir, 'backup.json');
    const { fileDigests, keywordIndex, attachmentDigest, marker, ...older } = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<
      string,
      unknown
    >;
    expect([fileDigests, keywordIndex, attachmentDigest, marker]).not.toContain(undefined);
    await writeFile(manifestPath, JSON.stringify({ ...older, version: 1, files: ['sources.json'] }));
    await rm(join(backupDir, 'lantern-data.json'));
    expect(await verifyBackup(backupDir)).toMatchObject({ version: 1, problems: [] });
    const restored = join(await makeTempDir(), 'restored');
    expect(await restoreStore(backupDir, restored)).toMatchObject({ messages: 60, previous: null });
    expect(await messageCount(restored)).toBe(60);
    expect(await readDataFolderMarker(restored)).not.toBeNull();
  });

  it('names a changed copied file, a damaged attachment and a manifest that is not JSON', async () => {
    const source = await storeWith(60);
    const backupDir = join(await makeTempDir(), 'backup');
    await backupStore(source, backupDir);
    await writeFile(join(backupDir, 'sources.json'), '[]');
    const [attachment] = await readdir(join(backupDir, 'attachments'));
    // A hard link to the source's copy: replace the file rather than write through the link.
    await rm(join(backupDir, 'attachments', attachment!));
    await writeFile(join(backupDir, 'attachments', attachment!), 'not the bytes');
    const { problems } = await verifyBackup(backupDir);
    expect(problems).toEqual([
      expect.stringMatching(/^file sources\.json (has 2 bytes|does not match)/),
      expect.stringMatching(/^the attachment files differ from the list/),
      `attachment ${attachment} does not match its SHA-256 name (damaged)`,
    ]);
    await writeFile(join(backupDir, 'backup.json'), '{"format": "lantern-bac');
    await expect(verifyBackup(backupDir)).rejects.toMatchObject({ code: 'bad-request', message: expect.stringContaining('backup.json') });
  });
});

describe('backup leftovers', () => {
  it('removes the staging folder a killed backup left, and says so', async () => {
    const source = await storeWith(10);
    const target = join(await makeTempDir(), 'backup');
    // What a backup killed while copying leaves: tables half copied, no manifest.
    await mkdir(join(`${target}.partial`, 'lancedb', 'messages.lance'), { recursive: true });
    const report = await backupStore(source, target);
    expect(report).toMatchObject({ messages: 10, removedLeftover: `${target}.partial` });
    await expect(stat(`${target}.partial`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('clears killed snapshots in the backups folder, but not one a live backup is writing', async () => {
    const source = await storeWith(3);
    const folder = await makeTempDir();
    const owner = (pid: number): string => JSON.stringify({ pid, host: hostname(), since: new Date().toISOString() });
    const killed = join(folder, 'lantern-backup-2026-01-01T00-00-00-000Z.partial');
    await mkdir(join(killed, 'lancedb'), { recursive: true });
    const finished = spawn(process.execPath, ['-e', '']);
    await once(finished, 'exit');
    await writeFile(join(killed, 'writer.lock'), owner(finished.pid!));
    const running = join(folder, 'lantern-backup-2026-01-02T00-00-00-000Z.partial');
    await mkdir(join(running, 'lancedb'), { recursive: true });
    const writer = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const writerExited = once(writer, 'exit');
    try {
      await writeFile(join(running, 'writer.lock'), owner(writer.pid!));
      const summary = await backupInto(source, folder, 0);
      expect(summary.messages).toBe(3);
      expect((await readdir(folder)).sort()).toEqual([basename(summary.folder), basename(running)].sort());
    } finally {
      writer.kill();
      await writerExited;
    }
    // The same staging folder, now that its writer is gone, is a leftover like any other.
    expect(await removeLeftoverStaging(running)).toBe(true);
  });

  it('refuses to remove a ".partial" folder that is not a backup', async () => {
    const source = await storeWith(3);
    const target = join(await makeTempDir(), 'backup');
    await mkdir(`${target}.partial`);
    await writeFile(join(`${target}.partial`, 'notes.txt'), 'mine');
    await expect(backupStore(source, target)).rejects.toMatchObject({ code: 'bad-request', message: expect.stringContaining('notes.txt') });
    expect(await readFile(join(`${target}.partial`, 'notes.txt'), 'utf8')).toBe('mine');
  });
});
