// A store whose newest table version is damaged (manifest cut short or overwritten inside, data file cut short) opens at its newest intact version.
import { open, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { listManifests } from './tableFiles';

const MESSAGES_TABLE = (dataDir: string): string => join(dataDir, 'lancedb', 'messages.lance');

interface TwoImports {
  dataDir: string;
  first: string;
  second: string;
  firstCount: number;
  total: number;
}

let mails: Buffer[];

beforeAll(async () => {
  mails = await readCorpusMessages('usrp-users-list.mbox.gz', 24);
});

/** A store filled by two imports (two sources, one table version each), closed. */
async function twoImports(): Promise<TwoImports> {
  const dir = await makeTempDir();
  const first = join(dir, 'first.mbox');
  const second = join(dir, 'second.mbox');
  await writeFile(first, toMbox(mails.slice(0, 12)));
  await writeFile(second, toMbox(mails.slice(12, 24)));
  const dataDir = join(dir, 'store');
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    const firstReport = await engine.importPaths([first], 'first');
    const secondReport = await engine.importPaths([second], 'second');
    return { dataDir, first, second, firstCount: firstReport.imported, total: secondReport.messages };
  } finally {
    await engine.close();
  }
}

async function allIds(dataDir: string, access: 'read' | 'write' = 'write'): Promise<string[]> {
  const engine = await openEngine({ dataDir, timeZone: 'UTC', access });
  try {
    return (await engine.search({ query: '', sort: 'date', limit: 1000 })).hits.map((hit) => hit.id).sort();
  } finally {
    await engine.close();
  }
}

async function cutNewestManifest(dataDir: string): Promise<number> {
  const [newest] = await listManifests(MESSAGES_TABLE(dataDir));
  const path = join(MESSAGES_TABLE(dataDir), '_versions', newest!.name);
  await truncate(path, Math.floor((await stat(path)).size / 2));
  return newest!.version;
}

/** Cuts the newest data file short (the second import's rows). */
async function cutNewestDataFile(dataDir: string): Promise<void> {
  const folder = join(MESSAGES_TABLE(dataDir), 'data');
  const files = await Promise.all((await readdir(folder)).map(async (name) => ({ name, time: (await stat(join(folder, name))).mtimeMs })));
  const newest = files.sort((first, second) => second.time - first.time)[0]!;
  const path = join(folder, newest.name);
  await truncate(path, Math.floor((await stat(path)).size / 2));
}

/** Overwrites a stretch in the middle of a manifest with bytes no encoder writes, its length and its footer (last 16 bytes) unchanged. */
async function overwriteManifestInside(path: string): Promise<void> {
  const { size } = await stat(path);
  const length = Math.min(4096, (size - 16) >> 1);
  const handle = await open(path, 'r+');
  try {
    await handle.write(Buffer.alloc(length, 0xff), 0, length, (size - 16 - length) >> 1);
  } finally {
    await handle.close();
  }
}

describe('a damaged messages table', () => {
  it('opens at the version before a cut-short manifest, names the lost import, and a re-import fills the gap', async () => {
    const store = await twoImports();
    const before = await allIds(store.dataDir);
    expect(before).toHaveLength(store.total);
    const lostVersion = await cutNewestManifest(store.dataDir);

    const engine = await openEngine({ dataDir: store.dataDir, timeZone: 'UTC' });
    try {
      const stats = await engine.getStats();
      expect(stats.messages).toBe(store.firstCount);
      expect(stats.storeHealth?.healed).toEqual([
        expect.objectContaining({ table: 'messages', lostVersions: [lostVersion], keptVersion: lostVersion - 1, isRepaired: true }),
      ]);
      expect(stats.storeHealth?.reimport.map((lost) => lost.path)).toEqual([store.second]);
      // Nothing deleted: the cut-short manifest is kept in damaged/.
      const damagedFolder = stats.storeHealth!.healed[0]!.damagedFolder!;
      expect(damagedFolder.startsWith(join(store.dataDir, 'damaged'))).toBe(true);
      expect(await readdir(join(damagedFolder, '_versions'))).toHaveLength(1);

      const report = await engine.importPaths([store.second], 'again');
      expect(report.messages).toBe(store.total);
      expect((await engine.getStats()).storeHealth?.reimport).toEqual([]);
    } finally {
      await engine.close();
    }
    expect(await allIds(store.dataDir)).toEqual(before);
    const saved = JSON.parse(await readFile(join(store.dataDir, 'sources.json'), 'utf8')) as { incomplete?: unknown };
    expect(saved.incomplete).toBeUndefined();
  });

  it('names the lost import across sessions until it is imported again', async () => {
    const store = await twoImports();
    await cutNewestManifest(store.dataDir);
    await (await openEngine({ dataDir: store.dataDir, timeZone: 'UTC' })).close();
    const engine = await openEngine({ dataDir: store.dataDir, timeZone: 'UTC' });
    try {
      const health = (await engine.getStats()).storeHealth;
      expect(health?.healed).toEqual([]);
      expect(health?.reimport.map((lost) => lost.path)).toEqual([store.second]);
    } finally {
      await engine.close();
    }
  });

  it('goes back past a cut-short data file to the newest version that reads whole', async () => {
    const store = await twoImports();
    await cutNewestDataFile(store.dataDir);
    const engine = await openEngine({ dataDir: store.dataDir, timeZone: 'UTC' });
    try {
      const stats = await engine.getStats();
      expect(stats.messages).toBe(store.firstCount);
      expect(stats.storeHealth?.healed[0]).toMatchObject({
        table: 'messages',
        rows: store.firstCount,
        rowsLost: store.total - store.firstCount,
        isRepaired: true,
      });
      expect(stats.storeHealth?.reimport.map((lost) => lost.path)).toEqual([store.second]);
      const report = await engine.importPaths([store.second], 'again');
      expect(report.messages).toBe(store.total);
    } finally {
      await engine.close();
    }
    expect(await allIds(store.dataDir)).toHaveLength(store.total);
  });

  it('opens at the version before a manifest overwritten inside (its footer whole), names the lost import, and a re-import fills the gap', async () => {
    const store = await twoImports();
    const before = await allIds(store.dataDir);
    const [newest] = await listManifests(MESSAGES_TABLE(store.dataDir));
    await overwriteManifestInside(join(MESSAGES_TABLE(store.dataDir), '_versions', newest!.name));

    const engine = await openEngine({ dataDir: store.dataDir, timeZone: 'UTC' });
    try {
      const stats = await engine.getStats();
      expect(stats.messages).toBe(store.firstCount);
      expect(stats.storeHealth?.healed).toEqual([
        expect.objectContaining({ table: 'messages', lostVersions: [newest!.version], keptVersion: newest!.version - 1, isRepaired: true }),
      ]);
      expect(stats.storeHealth?.reimport.map((lost) => lost.path)).toEqual([store.second]);
      expect(await readdir(join(stats.storeHealth!.healed[0]!.damagedFolder!, '_versions'))).toEqual([newest!.name]);
      const report = await engine.importPaths([store.second], 'again');
      expect(report.messages).toBe(store.total);
    } finally {
      await engine.close();
    }
    expect(await allIds(store.dataDir)).toEqual(before);
  });

  it('is read around by a read-only engine, which changes nothing', async () => {
    const store = await twoImports();
    await cutNewestManifest(store.dataDir);
    const versionsBefore = await readdir(join(MESSAGES_TABLE(store.dataDir), '_versions'));
    const reader = await openEngine({ dataDir: store.dataDir, timeZone: 'UTC', access: 'read' });
    try {
      const stats = await reader.getStats();
      expect(stats.messages).toBe(store.firstCount);
      expect(stats.storeHealth?.healed[0]).toMatchObject({ isRepaired: false, damagedFolder: null });
      expect(stats.storeHealth?.reimport.map((lost) => lost.path)).toEqual([store.second]);
    } finally {
      await reader.close();
    }
    expect(await readdir(join(MESSAGES_TABLE(store.dataDir), '_versions'))).toEqual(versionsBefore);
    expect(await readdir(store.dataDir)).not.toContain('damaged');
  });

  it('with no intact version left, fails to open with a sentence, not LanceDB’s message', async () => {
    const store = await twoImports();
    for (const manifest of await listManifests(MESSAGES_TABLE(store.dataDir)))
      await truncate(join(MESSAGES_TABLE(store.dataDir), '_versions', manifest.name), 10);
    const opening = openEngine({ dataDir: store.dataDir, timeZone: 'UTC' });
    await expect(opening).rejects.toThrow(
      /the store's messages table is damaged .*has no intact version; run `lantern check --repair` or restore a backup: `lantern restore`/,
    );
    await expect(openEngine({ dataDir: store.dataDir, timeZone: 'UTC' })).rejects.not.toThrow(/LanceError|cargo/);
  });
});
