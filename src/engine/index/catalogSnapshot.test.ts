// The catalog snapshot on real stores: the same catalog as the scan, kept current by imports and tidies, and a damaged
// or stale one never read.
import { open, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { mimeMessage } from '../../../test/mimeMessage';
import { openEngine } from '../api/engine';
import { normalizeMessage } from '../import/normalize';
import { MessageStore } from '../store/messageStore';
import { Catalog } from './catalog';
import { catalogSnapshotFolder, loadCatalogSnapshot, tableTieOf } from './catalogSnapshot';
import { readCatalogManifest, readCatalogSnapshot, writeCatalogSnapshot } from './catalogSnapshotFile';
import { loadCatalog, scanCatalog } from './loadIndexes';

let mails: Buffer[];

beforeAll(async () => {
  mails = await readCorpusMessages('usrp-users-list.mbox.gz', 40);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Everything a catalog answers of each message, and its lookups by id, Message-ID and thread. */
/** The first mail's catalog record, which the tests below copy with other ids, subjects and threads. */
async function firstRecord(): Promise<Parameters<Catalog['add']>[0]> {
  const { record } = await normalizeMessage(mails[0]!, {
    sourceId: 'source',
    sourceFile: 'x',
    offset: 0,
    placement: { folder: null, labels: ['Inbox'] },
    defaultFolder: 'list',
  });
  return record;
}

function contentsOf(catalog: Catalog): unknown[] {
  return Array.from({ length: catalog.size }, (_, ordinal) => {
    const entry = catalog.entry(ordinal);
    return {
      entry,
      ordinalOfId: catalog.ordinalOf(entry.row.id),
      byMessageId: catalog.ordinalsOfMessageId(entry.row.messageId),
      threadSize: catalog.threadSize(ordinal),
      recipients: catalog.recipients(ordinal, 'cc'),
    };
  });
}

/** A data folder holding `count` messages of the corpus (and one with an attachment), imported by a writing engine. */
async function importedStore(count: number, versionGraceMs = 60_000): Promise<{ dir: string; dataDir: string }> {
  const dir = await makeTempDir();
  const path = join(dir, 'first.mbox');
  const withAttachment = mimeMessage('figures', 'Quarterly figures', 'The figures are attached.', [
    { filename: 'figures.txt', contentType: 'text/plain', bytes: Buffer.from('revenue 12, costs 7\n'.repeat(40)) },
  ]);
  await writeFile(path, Buffer.concat([toMbox(mails.slice(0, count)), withAttachment, Buffer.from('\n')]));
  const dataDir = join(dir, 'store');
  const engine = await openEngine({ dataDir, timeZone: 'UTC', versionGraceMs });
  try {
    await engine.importPaths([path], 'first');
  } finally {
    await engine.close();
  }
  return { dir, dataDir };
}

async function withStore<T>(dataDir: string, read: (store: MessageStore) => Promise<T>): Promise<T> {
  const store = await MessageStore.open(join(dataDir, 'lancedb'));
  try {
    return await read(store);
  } finally {
    store.close();
  }
}

/** The catalog from the snapshot (null when it was not read) and from the scan, and what was said on stderr. */
async function bothCatalogs(dataDir: string): Promise<{ saved: Catalog | null; scanned: Catalog; warnings: string[] }> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    return await withStore(dataDir, async (store) => {
      const saved = await loadCatalogSnapshot(dataDir, await tableTieOf(store));
      const scanned = await scanCatalog(store);
      return { saved, scanned, warnings: warn.mock.calls.map((call) => String(call[0])) };
    });
  } finally {
    warn.mockRestore();
  }
}

describe('catalog snapshot', () => {
  it('is saved by the import and holds the same catalog as a scan of the table', async () => {
    const { dataDir } = await importedStore(30);
    const { saved, scanned, warnings } = await bothCatalogs(dataDir);
    expect(warnings).toEqual([]);
    expect(saved).not.toBeNull();
    expect(saved!.size).toBe(31);
    expect(contentsOf(saved!)).toEqual(contentsOf(scanned));
    expect(saved!.attachments(saved!.ordinalOf(scanned.id(30))!)).toEqual(scanned.attachments(30));
  });

  it('keeps every string exactly: other scripts, lone surrogates and long lists across pieces', async () => {
    const dir = await makeTempDir();
    const record = await firstRecord();
    const catalog = new Catalog();
    // The last two are the halves of one emoji, next to each other in the subjects' values: only UTF-16 cuts them exactly.
    const subjects = ['Grüße aus Köln', 'Привет', '東京 \u{1F600}', 'broken \uD800 half', 'tail \uDC00', '', 'split \uD83D', '\uDE00 pair'];
    for (let index = 0; index < 120_000; index += 1)
      catalog.add({
        ...record,
        id: `id-${index}`,
        messageId: `m-${index % 1000}`,
        subject: subjects[index % subjects.length]!,
        threadId: `t-${index % 7}`,
      });
    await writeCatalogSnapshot(join(dir, 'snapshot'), catalog.parts(), { version: 1, rows: catalog.size, dataFiles: null });
    const manifest = (await readCatalogManifest(join(dir, 'snapshot')))!;
    const loaded = Catalog.fromParts(await readCatalogSnapshot(join(dir, 'snapshot'), manifest));
    expect(loaded.size).toBe(catalog.size);
    for (const ordinal of [0, 3, 4, 5, 49_999, 50_000, 119_999]) {
      expect(loaded.entry(ordinal)).toEqual(catalog.entry(ordinal));
      expect(loaded.ordinalsOfMessageId(loaded.messageId(ordinal))).toEqual(catalog.ordinalsOfMessageId(catalog.messageId(ordinal)));
      expect(loaded.threadSize(ordinal)).toBe(catalog.threadSize(ordinal));
    }
  });

  it('saves each column as narrowly as its numbers allow, reads it back at each width and widens it as messages are added', async () => {
    const dir = await makeTempDir();
    const record = await firstRecord();
    // Thread ids all distinct (past 65,536: four bytes), 300 subjects (two), three senders (one), one folder (none).
    const catalog = new Catalog();
    for (let index = 0; index < 66_000; index += 1)
      catalog.add({
        ...record,
        id: `id-${index}`,
        threadId: `t-${index}`,
        subject: `s-${index % 300}`,
        fromName: `n-${index % 3}`,
        folder: 'list',
      });
    /** Saves and reads back `saved`, with the kinds its thread, subject, sender name and folder numbers were saved as. */
    const save = async (saved: Catalog, name: string): Promise<{ loaded: Catalog; kinds: (string | undefined)[] }> => {
      const folder = join(dir, name);
      await writeCatalogSnapshot(folder, saved.parts(), { version: 1, rows: saved.size, dataFiles: null });
      const manifest = (await readCatalogManifest(folder))!;
      const kinds = new Map(manifest.sections.map((section) => [section.name, section.kind]));
      return {
        loaded: Catalog.fromParts(await readCatalogSnapshot(folder, manifest)),
        kinds: ['threadId', 'subject', 'fromName', 'folder'].map((field) => kinds.get(`stored.${field}.numbers`)),
      };
    };
    const { loaded, kinds } = await save(catalog, 'first');
    expect(kinds).toEqual(['int32', 'uint16', 'uint8', 'constant']);
    const ordinals = [0, 1, 255, 256, 299, 300, 65_535, 65_536, 65_999];
    for (const ordinal of ordinals) expect(loaded.entry(ordinal)).toEqual(catalog.entry(ordinal));
    // A second folder, a 301st subject: the loaded columns are made wider as the catalog is added to, and saved so.
    for (const added of [catalog, loaded])
      added.add({ ...record, id: 'later', threadId: 't-0', subject: 'new', fromName: 'n-4', folder: 'elsewhere' });
    const { loaded: again, kinds: kindsAgain } = await save(loaded, 'second');
    expect(kindsAgain).toEqual(['int32', 'uint16', 'uint8', 'uint8']);
    for (const ordinal of [...ordinals, 66_000]) {
      expect(again.entry(ordinal)).toEqual(catalog.entry(ordinal));
      expect(again.threadSize(ordinal)).toBe(catalog.threadSize(ordinal));
    }
  });

  it('is not read when its columns file is damaged: the scan is used, said in one line, and a writer saves it again', async () => {
    const { dataDir } = await importedStore(20);
    const path = join(catalogSnapshotFolder(dataDir), 'columns.bin');
    const handle = await open(path, 'r+');
    try {
      await handle.write(Buffer.from('damage'), 0, 6, (await stat(path)).size >> 1);
    } finally {
      await handle.close();
    }
    const { saved, warnings } = await bothCatalogs(dataDir);
    expect(saved).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^catalog snapshot: reading the catalog from the messages table instead: .*columns\.bin is damaged/);
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    await engine.close();
    const again = await bothCatalogs(dataDir);
    expect(again.warnings).toEqual([]);
    expect(contentsOf(again.saved!)).toEqual(contentsOf(again.scanned));
  });

  it('is not read once the table has changed without it (rows added by another hand)', async () => {
    const { dataDir } = await importedStore(20);
    const before = await withStore(dataDir, (store) => store.count());
    const { record } = await normalizeMessage(mails[30]!, {
      sourceId: 'source',
      sourceFile: 'x',
      offset: 0,
      placement: { folder: null, labels: ['Inbox'] },
      defaultFolder: 'list',
    });
    await withStore(dataDir, (store) => store.add([{ ...record, id: 'added-behind' }]));
    const { saved, scanned, warnings } = await bothCatalogs(dataDir);
    expect(saved).toBeNull();
    expect(scanned.size).toBe(before + 1);
    expect(warnings).toEqual([
      expect.stringMatching(/made from version \d+ of the messages table \(21 messages\), which is now at version \d+ \(22\)/),
    ]);
    // A read-only engine reads around it and leaves it; a writer scans and saves it again.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reader = await openEngine({ dataDir, timeZone: 'UTC', access: 'read' });
    expect((await reader.getStats()).messages).toBe(22);
    await reader.close();
    warn.mockRestore();
    const writer = await openEngine({ dataDir, timeZone: 'UTC' });
    await writer.close();
    const again = await bothCatalogs(dataDir);
    expect(again.warnings).toEqual([]);
    expect(again.saved!.ordinalOf('added-behind')).toBe(21);
  });

  it('is not read past a data file cut short since, so the scan finds and heals the damage', async () => {
    const { dataDir } = await importedStore(20);
    const manifest = (await readCatalogManifest(catalogSnapshotFolder(dataDir)))!;
    const [name, size] = Object.entries(manifest.table.dataFiles!)[0]!;
    const path = join(dataDir, 'lancedb', 'messages.lance', 'data', name);
    await writeFile(path, (await readFile(path)).subarray(0, size >> 1));
    const { warnings } = await bothCatalogs(dataDir).catch(() => ({ warnings: ['scan failed'] }));
    expect(warnings[0]).toMatch(new RegExp(`data file ${name} holds ${size >> 1} bytes, not ${size}`));
  });

  it('follows later imports and the tidy that merges their versions, so every open reads it', async () => {
    const { dir, dataDir } = await importedStore(10, 0);
    for (const [index, slice] of [mails.slice(10, 20), mails.slice(20, 40)].entries()) {
      const path = join(dir, `more-${index}.mbox`);
      await writeFile(path, toMbox(slice));
      const engine = await openEngine({ dataDir, timeZone: 'UTC', versionGraceMs: 0 });
      try {
        await engine.importPaths([path], `more-${index}`);
      } finally {
        await engine.close();
      }
      const { saved, scanned, warnings } = await bothCatalogs(dataDir);
      expect(warnings).toEqual([]);
      expect(saved!.size).toBe(scanned.size);
      expect(contentsOf(saved!)).toEqual(contentsOf(scanned));
    }
    // The engine opens on it: the catalog a reader searches is the saved one, and finds what the last import added.
    const reader = await openEngine({ dataDir, timeZone: 'UTC', access: 'read' });
    try {
      const { hits } = await reader.search({ query: 'subject:quarterly', limit: 5 });
      expect(hits).toHaveLength(1);
      expect((await reader.getStats()).messages).toBe(41);
    } finally {
      await reader.close();
    }
    await withStore(dataDir, async (store) => expect((await loadCatalog(store, dataDir, false)).size).toBe(41));
  });
});
