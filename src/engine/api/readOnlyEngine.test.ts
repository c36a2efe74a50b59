// One writer per data folder; read-only engines beside it never write and follow its changes.
import { readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from './engine';

async function sliceMbox(count: number, skip = 0): Promise<string> {
  const path = join(await makeTempDir(), `slice-${skip}.mbox`);
  const messages = await readCorpusMessages('usrp-users-list.mbox.gz', skip + count);
  await writeFile(path, toMbox(messages.slice(skip)));
  return path;
}

describe('the writer lock', () => {
  it('refuses a second writer on the same folder and frees the folder on close', async () => {
    const dataDir = await makeTempDir();
    const writer = await openEngine({ dataDir });
    await expect(openEngine({ dataDir })).rejects.toMatchObject({
      code: 'store-busy',
      message: expect.stringContaining('this process already has it open'),
    });
    await writer.close();
    const again = await openEngine({ dataDir });
    await again.close();
    expect(await readdir(dataDir)).not.toContain('writer.lock');
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = await makeTempDir();
    // Pid 2^22 + 1 is above Linux's pid_max default range of live processes in a test container.
    await writeFile(join(dataDir, 'writer.lock'), JSON.stringify({ pid: 4_194_305, host: hostname(), since: '2026-01-01T00:00:00Z' }));
    const writer = await openEngine({ dataDir });
    await writer.close();
  });

  it('does not take over a lock held on another machine (a shared folder)', async () => {
    const dataDir = await makeTempDir();
    await writeFile(
      join(dataDir, 'writer.lock'),
      JSON.stringify({ pid: 4_194_305, host: 'another-laptop', since: '2026-01-01T00:00:00Z' }),
    );
    await expect(openEngine({ dataDir })).rejects.toMatchObject({
      code: 'store-busy',
      message: expect.stringContaining('on another-laptop'),
    });
  });
});

describe('a read-only engine beside the writer', () => {
  it('answers while the writer holds the lock, refuses writes, and sees each finished import', async () => {
    const dataDir = await makeTempDir();
    const writer = await openEngine({ dataDir });
    const reader = await openEngine({ dataDir, access: 'read' });
    try {
      expect((await reader.getStats()).messages).toBe(0);
      await expect(reader.importPaths([await sliceMbox(5)], 'refused')).rejects.toMatchObject({ code: 'read-only' });
      await expect(reader.embed()).rejects.toMatchObject({ code: 'read-only' });

      const first = await writer.importPaths([await sliceMbox(30)], 'first');
      expect(first.imported).toBe(30);
      expect((await reader.search({ query: '', limit: 1 })).total).toBe(30);
      const second = await writer.importPaths([await sliceMbox(20, 30)], 'second');
      expect(second.imported).toBe(20);
      const after = await reader.search({ query: 'from:@', limit: 50 });
      expect(after.total).toBe(50);
      const read = await reader.getMessage(after.hits[0]!.id);
      expect(read?.id).toBe(after.hits[0]!.id);
      expect((await reader.listFolders()).length).toBe(2);
    } finally {
      await reader.close();
      await writer.close();
    }
  });

  it('never writes the folder: a store opened read-only leaves no lock, index or marker behind', async () => {
    const dataDir = await makeTempDir();
    const writer = await openEngine({ dataDir });
    await writer.importPaths([await sliceMbox(10)], 'seed');
    await writer.close();
    const before = (await readdir(dataDir)).sort();
    const reader = await openEngine({ dataDir, access: 'read' });
    expect((await reader.search({ query: '', limit: 1 })).total).toBe(10);
    await reader.close();
    expect((await readdir(dataDir)).sort()).toEqual(before);
  });
});
