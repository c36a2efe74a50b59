// Contacts saved with the catalog snapshot: a reader starts from them instead of counting every message's people, gets
// the same people as a count from scratch, counts on from them as mail is added, and never reads a stale or damaged file.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { normalizeMessage } from '../import/normalize';
import { MessageStore } from '../store/messageStore';
import { Catalog } from './catalog';
import { catalogSnapshotFolder, loadCatalogSnapshot, tableTieOf } from './catalogSnapshot';
import { ContactDirectory } from './contacts';
import { CONTACTS_FILE } from './savedContacts';

let mails: Buffer[];

beforeAll(async () => {
  mails = await readCorpusMessages('usrp-users-list.mbox.gz', 40);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A data folder holding the corpus's first `count` messages, imported by a writing engine (which saves the snapshot). */
async function importedStore(count: number): Promise<{ dir: string; dataDir: string }> {
  const dir = await makeTempDir();
  const path = join(dir, 'first.mbox');
  await writeFile(path, toMbox(mails.slice(0, count)));
  const dataDir = join(dir, 'store');
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    await engine.importPaths([path], 'first');
  } finally {
    await engine.close();
  }
  return { dir, dataDir };
}

/** The catalog read from the snapshot (its saved contacts offered to directories), and what was said on stderr. */
async function savedCatalog(dataDir: string): Promise<{ catalog: Catalog; warnings: string[] }> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const store = await MessageStore.open(join(dataDir, 'lancedb'));
  try {
    const catalog = await loadCatalogSnapshot(dataDir, await tableTieOf(store));
    expect(catalog).not.toBeNull();
    return { catalog: catalog!, warnings: warn.mock.calls.map((call) => String(call[0])) };
  } finally {
    store.close();
    warn.mockRestore();
  }
}

/** The contacts of a copy of `catalog` that no saved file speaks for: everyone counted from the messages. */
function countedFromScratch(catalog: Catalog): ReturnType<ContactDirectory['all']> {
  return new ContactDirectory(Catalog.fromParts(catalog.parts())).all();
}

function contactsPath(dataDir: string): string {
  return join(catalogSnapshotFolder(dataDir), CONTACTS_FILE);
}

describe('contacts saved with the catalog snapshot', () => {
  it('are saved by an import, and a reader starts from them with the same people as a count of every message', async () => {
    const { dataDir } = await importedStore(30);
    const saved = JSON.parse(await readFile(contactsPath(dataDir), 'utf8')) as { counted: number; addresses: string[]; counts: number[] };
    expect(saved.counted).toBe(30);
    const { catalog, warnings } = await savedCatalog(dataDir);
    expect(warnings).toEqual([]);
    const fromScratch = countedFromScratch(catalog);
    expect(fromScratch.length).toBeGreaterThan(5);
    expect(new ContactDirectory(catalog).all()).toEqual(fromScratch);

    // The reader really starts from the file: a count written into it comes through.
    saved.counts[0] = 999;
    await writeFile(contactsPath(dataDir), JSON.stringify(saved));
    const { catalog: again } = await savedCatalog(dataDir);
    expect(new ContactDirectory(again).all()[0]).toMatchObject({ address: saved.addresses[0], count: 999 });
  });

  it('counts on from them as messages are added, as if it had counted every message', async () => {
    const { dataDir } = await importedStore(20);
    const { catalog } = await savedCatalog(dataDir);
    const directory = new ContactDirectory(catalog);
    const before = directory.all();
    for (const [index, bytes] of mails.slice(20).entries()) {
      const placement = { folder: null, labels: [] };
      const { record } = await normalizeMessage(bytes, {
        sourceId: 'more',
        sourceFile: 'more.mbox',
        offset: index,
        placement,
        defaultFolder: 'list',
      });
      catalog.add(record);
    }
    expect(directory.all()).toEqual(countedFromScratch(catalog));
    expect(directory.all().reduce((sum, contact) => sum + contact.count, 0)).toBeGreaterThan(
      before.reduce((sum, contact) => sum + contact.count, 0),
    );
  });

  it('follow a later import: the writer saves them counted over every message', async () => {
    const { dir, dataDir } = await importedStore(20);
    const path = join(dir, 'more.mbox');
    await writeFile(path, toMbox(mails.slice(20, 40)));
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      await engine.importPaths([path], 'more');
    } finally {
      await engine.close();
    }
    const saved = JSON.parse(await readFile(contactsPath(dataDir), 'utf8')) as { counted: number };
    expect(saved.counted).toBe(40);
    const { catalog, warnings } = await savedCatalog(dataDir);
    expect(warnings).toEqual([]);
    expect(new ContactDirectory(catalog).all()).toEqual(countedFromScratch(catalog));
  });

  it('are not used when left from another snapshot, of another format or damaged: said in one line when first asked for, and counted again', async () => {
    const { dataDir } = await importedStore(30);
    const text = await readFile(contactsPath(dataDir), 'utf8');
    const file = JSON.parse(text) as { checksum: number; version: number; counts: number[] };
    const spoiled = [
      { text: JSON.stringify({ ...file, checksum: file.checksum + 1, counts: file.counts.map(() => 999) }), says: 'another snapshot' },
      { text: JSON.stringify({ ...file, version: 99, counts: file.counts.map(() => 999) }), says: 'format 99' },
      { text: JSON.stringify({ ...file, counts: file.counts.slice(1) }), says: 'damaged' },
      { text: text.slice(0, text.length / 2), says: 'not JSON' },
    ];
    for (const { text: spoiledText, says } of spoiled) {
      await writeFile(contactsPath(dataDir), spoiledText);
      const { catalog, warnings } = await savedCatalog(dataDir);
      // Read with the snapshot, made out when first asked for: said then.
      expect(warnings).toEqual([]);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const contacts = new ContactDirectory(catalog).all();
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining(says)]);
      warn.mockRestore();
      expect(contacts).toEqual(countedFromScratch(catalog));
    }
  });

  it('give a reader that searched first the same completions of people as one without them', async () => {
    const { dataDir } = await importedStore(30);
    const completions = async (): Promise<unknown> => {
      const reader = await openEngine({ dataDir, timeZone: 'UTC', access: 'read' });
      try {
        await reader.search({ query: 'usrp', mode: 'keyword' });
        return await reader.complete('to:e', 4);
      } finally {
        await reader.close();
      }
    };
    const withSaved = await completions();
    expect(JSON.stringify(withSaved)).toContain('@');
    await rm(contactsPath(dataDir));
    expect(await completions()).toEqual(withSaved);
  });
});
