// A damaged vector table opens at its newest intact version, says so, and the next embedding run makes the lost vectors again.
import { readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { listManifests } from '../store/tableFiles';
import { CHUNK_TABLE } from './chunkStore';

const chunkTable = (dataDir: string): string => join(dataDir, 'lancedb', `${CHUNK_TABLE}.lance`);

interface EmbeddedTwice {
  dataDir: string;
  messages: number;
  /** The vector table's newest version after the first embedding run: every later one holds the second run's vectors. */
  firstRunVersion: number;
  vectorsJson: string;
}

let mails: Buffer[];

beforeAll(async () => {
  mails = await readCorpusMessages('usrp-users-list.mbox.gz', 40);
});

/** Imports and embeds 20 messages, then 20 more, and closes the store. */
async function embeddedTwice(): Promise<EmbeddedTwice> {
  const dir = await makeTempDir();
  const first = join(dir, 'first.mbox');
  const second = join(dir, 'second.mbox');
  await writeFile(first, toMbox(mails.slice(0, 20)));
  await writeFile(second, toMbox(mails.slice(20, 40)));
  const dataDir = join(dir, 'store');
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    await engine.importPaths([first], 'first');
    await engine.embed();
    const firstRunVersion = (await listManifests(chunkTable(dataDir)))[0]!.version;
    await engine.importPaths([second], 'second');
    const report = await engine.embed();
    const stats = await engine.getStats();
    expect(report.embedded).toBe(stats.messages);
    expect(stats.embeddedMessages).toBe(stats.messages);
    return { dataDir, messages: stats.messages, firstRunVersion, vectorsJson: await readFile(join(dataDir, 'vectors.json'), 'utf8') };
  } finally {
    await engine.close();
  }
}

/** Cuts short every manifest written after the first embedding run: the newest is the second run's merge, so its appends go too. */
async function cutSecondRunManifests(store: EmbeddedTwice): Promise<number[]> {
  const cut: number[] = [];
  for (const manifest of await listManifests(chunkTable(store.dataDir))) {
    if (manifest.version <= store.firstRunVersion) continue;
    const path = join(chunkTable(store.dataDir), '_versions', manifest.name);
    await truncate(path, Math.floor((await stat(path)).size / 2));
    cut.push(manifest.version);
  }
  expect(cut.length).toBeGreaterThan(0);
  return cut;
}

describe('a damaged vector table', () => {
  it('heals at open, is reported in stats, and the next embedding run restores full coverage', async () => {
    const store = await embeddedTwice();
    const cut = await cutSecondRunManifests(store);

    const engine = await openEngine({ dataDir: store.dataDir, timeZone: 'UTC' });
    try {
      const stats = await engine.getStats();
      expect(stats.messages).toBe(store.messages);
      expect(stats.embeddedMessages).toBeLessThan(store.messages);
      expect(stats.storeHealth?.healed).toEqual([
        expect.objectContaining({ table: CHUNK_TABLE, lostVersions: cut, keptVersion: store.firstRunVersion, isRepaired: true }),
      ]);
      // Vectors are made again from the messages: no file needs importing again.
      expect(stats.storeHealth?.reimport).toEqual([]);
      const damagedFolder = stats.storeHealth!.healed[0]!.damagedFolder!;
      expect(damagedFolder.startsWith(join(store.dataDir, 'damaged'))).toBe(true);
      expect((await readdir(join(damagedFolder, '_versions'))).length).toBe(cut.length);

      const report = await engine.embed();
      expect(report.embedded).toBe(store.messages);
      expect(report.chunks).toBeGreaterThan(0);
      const after = await engine.getStats();
      expect(after.embeddedMessages).toBe(store.messages);
      const result = await engine.search({ query: 'the radio device is not detected by the computer', mode: 'semantic', limit: 5 });
      expect(result.mode).toBe('semantic');
      expect(result.hits.length).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
    expect(await readFile(join(store.dataDir, 'vectors.json'), 'utf8')).toBe(store.vectorsJson);
    // Healed for good: the next open has nothing to say about the table.
    const again = await openEngine({ dataDir: store.dataDir, timeZone: 'UTC' });
    try {
      const stats = await again.getStats();
      expect(stats.storeHealth).toBeUndefined();
      expect(stats.embeddedMessages).toBe(store.messages);
    } finally {
      await again.close();
    }
  });

  it('goes back past a cut-short data file, and the next embedding run restores full coverage', async () => {
    const store = await embeddedTwice();
    const folder = join(chunkTable(store.dataDir), 'data');
    const files = await Promise.all(
      (await readdir(folder)).map(async (name) => ({ path: join(folder, name), time: (await stat(join(folder, name))).mtimeMs })),
    );
    const newest = files.sort((first, second) => second.time - first.time)[0]!;
    await truncate(newest.path, Math.floor((await stat(newest.path)).size / 2));

    const engine = await openEngine({ dataDir: store.dataDir, timeZone: 'UTC' });
    try {
      const stats = await engine.getStats();
      // The newest data file is the second run's merge: the version before it may hold every passage, or fewer.
      expect(stats.storeHealth?.healed).toEqual([expect.objectContaining({ table: CHUNK_TABLE, isRepaired: true })]);
      expect((await engine.embed()).embedded).toBe(store.messages);
      expect((await engine.getStats()).embeddedMessages).toBe(store.messages);
      const result = await engine.search({ query: 'the radio device is not detected by the computer', mode: 'semantic', limit: 5 });
      expect(result.hits.length).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
  });

  it('is read around by a read-only engine, which changes nothing and still searches by meaning', async () => {
    const store = await embeddedTwice();
    await cutSecondRunManifests(store);
    const versionsBefore = await readdir(join(chunkTable(store.dataDir), '_versions'));
    const reader = await openEngine({ dataDir: store.dataDir, timeZone: 'UTC', access: 'read' });
    try {
      const stats = await reader.getStats();
      expect(stats.storeHealth?.healed).toEqual([
        expect.objectContaining({ table: CHUNK_TABLE, keptVersion: store.firstRunVersion, isRepaired: false, damagedFolder: null }),
      ]);
      expect(stats.embeddedMessages).toBeLessThan(store.messages);
      const result = await reader.search({ query: 'the radio device is not detected by the computer', mode: 'semantic', limit: 5 });
      expect(result.mode).toBe('semantic');
      expect(result.hits.length).toBeGreaterThan(0);
    } finally {
      await reader.close();
    }
    expect(await readdir(join(chunkTable(store.dataDir), '_versions'))).toEqual(versionsBefore);
    expect(await readdir(store.dataDir)).not.toContain('damaged');
  });
});
