// Backups taken while an import runs restore to exactly the store at that moment; exports re-import to the same messages.
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import { exportMessages } from '../export/exportMessages';
import { backupStore } from './backupStore';
import { restoreStore } from './restoreStore';

const QUERIES = [
  '',
  'has:attachment',
  'from:ettus.com',
  'subject:uhd',
  'gnuradio OR fpga',
  'after:2020-01-01 -has:attachment',
  'has:pdf',
  'in:usrp',
];

async function ids(engine: Engine, query: string): Promise<string[]> {
  const found: string[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await engine.search({ query, limit: 500, offset, sort: 'date', mode: 'keyword' });
    found.push(...page.hits.map((hit) => hit.id));
    if (offset + 500 >= page.total) {
      expect(found.length).toBe(page.total);
      return found.sort();
    }
  }
}

async function corpusMbox(count: number, name = 'usrp.mbox'): Promise<string> {
  const path = join(await makeTempDir(), name);
  await writeFile(path, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', count)));
  return path;
}

describe('backup and restore', () => {
  it('snapshots a store in the middle of an import; the restore searches like the source did at that point', async () => {
    const dataDir = await makeTempDir();
    const mbox = await corpusMbox(1500);
    const engine = await openEngine({ dataDir });
    await engine.importPaths([await corpusMbox(100, 'early.mbox')], 'before-backup');
    const backupDir = join(await makeTempDir(), 'snapshot');
    let backup: ReturnType<typeof backupStore> | null = null;
    const stop = engine.subscribe((event) => {
      if (event.type !== 'import-progress' || backup) return;
      void engine.getStats().then((stats) => {
        if (stats.messages > 100 && !backup) backup = backupStore(dataDir, backupDir);
      });
    });
    const report = await engine.importPaths([mbox], 'during-backup');
    stop();
    expect(backup).not.toBeNull();
    const manifest = await backup!;
    expect(report.imported + report.duplicates + report.alreadyImported).toBe(1500);
    expect(manifest.messages).toBeGreaterThan(100);
    expect(manifest.messages).toBeLessThan(report.messages);

    const restoredDir = join(await makeTempDir(), 'restored');
    const restored = await restoreStore(backupDir, restoredDir);
    expect(restored).toMatchObject({ messages: manifest.messages, previous: null });
    const copy = await openEngine({ dataDir: restoredDir });
    try {
      const snapshotIds = new Set(await ids(copy, ''));
      expect(snapshotIds.size).toBe(manifest.messages);
      for (const query of QUERIES) {
        const atSnapshot = (await ids(engine, query)).filter((id) => snapshotIds.has(id));
        expect({ query, ids: await ids(copy, query) }).toEqual({ query, ids: atSnapshot });
      }
      // The source being imported is registered when its import ends, after the snapshot; the earlier one is there.
      expect((await copy.getStats()).sources.map((source) => source.path)).toEqual([expect.stringMatching(/early\.mbox$/)]);
      expect((await engine.getStats()).sources).toHaveLength(2);
    } finally {
      await copy.close();
      await engine.close();
    }
  });

  it('keeps the replaced data folder, refuses while another writer runs, and rejects what is not a backup', async () => {
    const dataDir = await makeTempDir();
    const first = await openEngine({ dataDir });
    await first.importPaths([await corpusMbox(40)], 'first');
    await first.close();
    const backupDir = join(await makeTempDir(), 'b');
    await backupStore(dataDir, backupDir);
    await expect(backupStore(dataDir, backupDir)).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringContaining('not empty'),
    });

    const otherDir = await makeTempDir();
    const other = await openEngine({ dataDir: otherDir });
    await other.importPaths([await corpusMbox(10)], 'other');
    await expect(restoreStore(backupDir, otherDir)).rejects.toMatchObject({ code: 'store-busy' });
    await other.close();
    const report = await restoreStore(backupDir, otherDir);
    expect(report.previous).toMatch(/\.before-restore-/);
    const kept = await openEngine({ dataDir: report.previous! });
    expect((await kept.getStats()).messages).toBe(10);
    await kept.close();
    const now = await openEngine({ dataDir: otherDir });
    expect((await now.getStats()).messages).toBe(40);
    await now.close();

    await expect(restoreStore(await makeTempDir(), otherDir)).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringContaining('not a Lantern backup'),
    });
  });
});

describe('export', () => {
  it('writes the messages of an operator search as mbox and as .eml files that re-import to the same messages', async () => {
    const dataDir = await makeTempDir();
    const source = await corpusMbox(400);
    const engine = await openEngine({ dataDir });
    try {
      await engine.importPaths([source], 'source');
      const query = 'from:ettus after:2019-01-01';
      const wanted = await ids(engine, query);
      expect(wanted.length).toBeGreaterThan(5);

      const mbox = join(await makeTempDir(), 'selection.mbox');
      const asMbox = await exportMessages(engine, { query, format: 'mbox', target: mbox });
      expect(asMbox).toMatchObject({ exported: wanted.length, original: wanted.length, rebuilt: 0 });
      const emlFolder = join(await makeTempDir(), 'selection');
      expect((await exportMessages(engine, { query, format: 'eml', target: emlFolder })).exported).toBe(wanted.length);
      await expect(exportMessages(engine, { query, format: 'mbox', target: mbox })).rejects.toMatchObject({ code: 'bad-request' });

      for (const exported of [mbox, emlFolder]) {
        const fresh = await openEngine({ dataDir: await makeTempDir() });
        const report = await fresh.importPaths([exported], 're-import');
        expect(report).toMatchObject({ imported: wanted.length, failed: 0 });
        expect(await ids(fresh, '')).toEqual(wanted);
        await fresh.close();
      }

      // With the source gone, messages are rebuilt from the store and still keep their identity.
      await rename(source, `${source}.moved`);
      const rebuiltMbox = join(await makeTempDir(), 'rebuilt.mbox');
      const rebuilt = await exportMessages(engine, { query, format: 'mbox', target: rebuiltMbox });
      expect(rebuilt).toMatchObject({ exported: wanted.length, original: 0, rebuilt: wanted.length });
      const fresh = await openEngine({ dataDir: await makeTempDir() });
      await fresh.importPaths([rebuiltMbox], 'rebuilt');
      expect(await ids(fresh, '')).toEqual(wanted);
      expect(await ids(fresh, query)).toEqual(wanted);
      await fresh.close();
    } finally {
      await engine.close();
    }
  });
});
