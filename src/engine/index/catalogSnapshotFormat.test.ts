// The catalog snapshot's current format on real mail: strings decoded one at a time, typed arrays read in place, the
// sections read in place not read at open and their damage found when read, the keyword index found without decoding
// an id, and format-2 and format-4 snapshots read and saved again with the body hashes they held.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { MessageStore } from '../store/messageStore';
import { Catalog } from './catalog';
import { mapRecord, type CatalogParts } from './catalogParts';
import type { ValueColumnParts } from './valueColumn';
import { catalogSnapshotFolder, loadCatalogSnapshot, tableTieOf } from './catalogSnapshot';
import {
  CATALOG_SNAPSHOT_VERSION,
  readCatalogManifest,
  readCatalogSnapshot,
  readWholeCatalogSnapshot,
  writeCatalogSnapshot,
  type CatalogSnapshotManifest,
} from './catalogSnapshotFile';
import { loadKeywordIndex } from './loadIndexes';
import { StringList } from './stringList';
import { NumberColumn, type SavedNumbers } from './numberColumn';

let dataDir: string;

beforeAll(async () => {
  const dir = await makeTempDir();
  const path = join(dir, 'list.mbox');
  await writeFile(path, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 60)));
  dataDir = join(dir, 'store');
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    await engine.importPaths([path], 'list');
  } finally {
    await engine.close();
  }
});

async function withStore<T>(read: (store: MessageStore) => Promise<T>): Promise<T> {
  const store = await MessageStore.open(join(dataDir, 'lancedb'));
  try {
    return await read(store);
  } finally {
    store.close();
  }
}

async function savedParts(): Promise<{ parts: CatalogParts; manifest: CatalogSnapshotManifest }> {
  const folder = catalogSnapshotFolder(dataDir);
  const manifest = (await readCatalogManifest(folder))!;
  return { parts: await readCatalogSnapshot(folder, manifest), manifest };
}

/** A section's value by its saved name ("stored.subject.values"); a value column's numbers as 32-bit, as before format 5. */
function sectionValue(parts: CatalogParts, name: string): StringList | Float64Array | Int32Array | Uint8Array {
  const value = name.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], parts);
  if (!name.endsWith('.numbers')) return value as StringList;
  const column = NumberColumn.of(value as SavedNumbers);
  return Int32Array.from({ length: parts.ids.length }, (_, ordinal) => column.at(ordinal));
}

/** The snapshot saved again as format 2 wrote it: strings as their lengths in characters and their text, no padding. */
async function saveAsFormat2(): Promise<void> {
  const folder = catalogSnapshotFolder(dataDir);
  const { parts, manifest } = await savedParts();
  const chunks: Buffer[] = [];
  const sections = manifest.sections.map((section) => {
    const value = sectionValue(parts, section.name);
    if (!(value instanceof StringList)) {
      chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      return { ...section, kind: value instanceof Int32Array ? 'int32' : section.kind, pieces: [{ bytes: value.byteLength }] };
    }
    const strings = value.all();
    const lengths = new Int32Array(strings.map((string) => string.length));
    const text = Buffer.from(strings.join(''), 'utf16le');
    chunks.push(Buffer.from(lengths.buffer), text);
    return { ...section, pieces: [{ bytes: lengths.byteLength + text.length, count: strings.length, encoding: 'utf16le' }] };
  });
  const data = Buffer.concat(chunks);
  await writeFile(join(folder, 'columns.bin'), data);
  await writeFile(
    join(folder, 'manifest.json'),
    JSON.stringify({ ...manifest, version: 2, bytes: data.length, checksum: crc32(data), sections }),
  );
}

/** The snapshot saved again as format 4 wrote it: as format 5 does, but every value column's numbers 32-bit. */
async function saveAsFormat4(): Promise<void> {
  const folder = catalogSnapshotFolder(dataDir);
  const { parts, manifest } = await savedParts();
  const wide = (column: ValueColumnParts): ValueColumnParts => {
    const numbers = NumberColumn.of(column.numbers);
    return { ...column, numbers: Int32Array.from({ length: parts.ids.length }, (_, ordinal) => numbers.at(ordinal)) };
  };
  const staging = `${folder}-format-4`;
  const wideParts = { ...parts, attachments: wide(parts.attachments), labels: wide(parts.labels) };
  await writeCatalogSnapshot(
    staging,
    { ...wideParts, stored: mapRecord(parts.stored, wide), columns: mapRecord(parts.columns, wide) },
    manifest.table,
  );
  const written = (await readCatalogManifest(staging))!;
  await writeFile(join(folder, 'columns.bin'), await readFile(join(staging, 'columns.bin')));
  await writeFile(join(folder, 'manifest.json'), JSON.stringify({ ...written, version: 4 }));
}

/** The kinds the value columns' numbers are saved as, by section name. */
async function numberKinds(): Promise<Map<string, string>> {
  const manifest = (await readCatalogManifest(catalogSnapshotFolder(dataDir)))!;
  const sections = manifest.sections.filter((section) => section.name.endsWith('.numbers'));
  return new Map(sections.map((section) => [section.name, section.kind]));
}

describe('catalog snapshot format', () => {
  it('reads typed arrays in place and each string when asked for, the same as all of them decoded at once', async () => {
    const { parts } = await savedParts();
    expect(parts.dates.buffer).toBe(parts.flags.buffer);
    expect(parts.bodyHashes.buffer).toBe((parts.stored.subject.numbers as Uint8Array).buffer);
    const subjects = parts.stored.subject.values;
    const oneByOne = Array.from({ length: subjects.length }, (_, index) => subjects.at(index));
    expect(oneByOne).toEqual(subjects.all());
    expect(Buffer.concat(parts.ids.savedUtf8()!).toString('utf8')).toBe(parts.ids.all().join(''));
  });

  it('finds the saved keyword index from the ids as saved, without decoding them', async () => {
    await withStore(async (store) => {
      const catalog = (await loadCatalogSnapshot(dataDir, await tableTieOf(store)))!;
      expect(catalog.savedIdBytes()).not.toBeNull();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const keywords = await loadKeywordIndex(store, catalog, dataDir, false);
        expect(warn).not.toHaveBeenCalled();
        expect(keywords.frequency('content', 'usrp')).toBeGreaterThan(0);
      } finally {
        warn.mockRestore();
      }
    });
  });

  it('reads a format-2 snapshot, and a writer saves it in the current format with the body hashes it held', async () => {
    const before = await withStore(async (store) => (await loadCatalogSnapshot(dataDir, await tableTieOf(store)))!);
    const hashes = Array.from({ length: before.size }, (_, ordinal) => before.bodyHash(ordinal));
    expect(hashes.every((hash) => hash !== null)).toBe(true);
    // Read before the file is written over in place (a writer puts a new file in its place; this test does not).
    const entries = Array.from({ length: before.size }, (_, ordinal) => before.entry(ordinal));
    await saveAsFormat2();
    const old = await withStore(async (store) => (await loadCatalogSnapshot(dataDir, await tableTieOf(store)))!);
    expect(Array.from({ length: old.size }, (_, ordinal) => old.entry(ordinal))).toEqual(entries);
    const writer = await openEngine({ dataDir, timeZone: 'UTC' });
    await writer.close();
    const manifest = JSON.parse(await readFile(join(catalogSnapshotFolder(dataDir), 'manifest.json'), 'utf8')) as CatalogSnapshotManifest;
    expect(manifest.version).toBe(CATALOG_SNAPSHOT_VERSION);
    const after = await withStore(async (store) => (await loadCatalogSnapshot(dataDir, await tableTieOf(store)))!);
    expect(Array.from({ length: after.size }, (_, ordinal) => after.bodyHash(ordinal))).toEqual(hashes);
  });

  it('reads a format-4 snapshot, its numbers 32-bit, and a writer saves it with each column as narrow as it allows', async () => {
    const before = await withStore(async (store) => (await loadCatalogSnapshot(dataDir, await tableTieOf(store)))!);
    const entries = Array.from({ length: before.size }, (_, ordinal) => before.entry(ordinal));
    await saveAsFormat4();
    expect(new Set((await numberKinds()).values())).toEqual(new Set(['int32']));
    const old = await withStore(async (store) => (await loadCatalogSnapshot(dataDir, await tableTieOf(store)))!);
    expect(Array.from({ length: old.size }, (_, ordinal) => old.entry(ordinal))).toEqual(entries);
    const writer = await openEngine({ dataDir, timeZone: 'UTC' });
    await writer.close();
    const kinds = await numberKinds();
    // 60 messages of one list: a few dozen subjects and threads, one folder, no Bcc.
    expect([kinds.get('stored.subject.numbers'), kinds.get('stored.folder.numbers'), kinds.get('columns.bcc.numbers')]).toEqual([
      'uint8',
      'constant',
      'constant',
    ]);
    const after = await withStore(async (store) => (await loadCatalogSnapshot(dataDir, await tableTieOf(store)))!);
    expect(Array.from({ length: after.size }, (_, ordinal) => after.entry(ordinal))).toEqual(entries);
  });

  it('counts a message added after its thread was counted, in a new thread as in an old one', async () => {
    const loaded = Catalog.fromParts((await savedParts()).parts);
    const row = loaded.row(3);
    const threadSize = loaded.threadSize(3);
    const copy = loaded.add({ ...row, id: 'another-copy' });
    const alone = loaded.add({ ...row, id: 'alone', threadId: 'a-thread-of-its-own' });
    expect([loaded.threadSize(3), loaded.threadSize(copy), loaded.threadSize(alone)]).toEqual([threadSize + 1, threadSize + 1, 1]);
  });

  it('counts a thread and a Message-ID once for a message added after the load, before they were first asked for', async () => {
    const { parts } = await savedParts();
    const loaded = Catalog.fromParts(parts);
    const row = loaded.row(3);
    const threadSize = Catalog.fromParts((await savedParts()).parts).threadSize(3);
    const ordinal = loaded.add({ ...row, id: 'another-copy' });
    expect(loaded.threadSize(3)).toBe(threadSize + 1);
    expect(loaded.threadSize(ordinal)).toBe(threadSize + 1);
    expect(loaded.ordinalsOfMessageId(row.messageId)).toEqual([3, ordinal]);
    expect(loaded.ordinalOf('another-copy')).toBe(ordinal);
  });

  it('opens without reading the sections read in place, and finds a damaged one when it is read', async () => {
    const folder = catalogSnapshotFolder(dataDir);
    const manifest = (await readCatalogManifest(folder))!;
    expect(manifest.version).toBe(CATALOG_SNAPSHOT_VERSION);
    let offset = 0;
    let ccText = -1;
    for (const section of manifest.sections) {
      if (section.name === 'stored.ccJson.values') ccText = offset + section.pieces[0]!.count! * Int32Array.BYTES_PER_ELEMENT;
      for (const piece of section.pieces) offset += Math.ceil(piece.bytes / 8) * 8;
    }
    expect(manifest.sections.find((section) => section.name === 'stored.ccJson.values')?.inPlace).toBe(true);
    expect(ccText).toBeGreaterThanOrEqual(manifest.memoryBytes!);
    const { parts } = await savedParts();
    const subjects = Array.from({ length: parts.ids.length }, (_, ordinal) =>
      parts.stored.subject.values.at(NumberColumn.of(parts.stored.subject.numbers).at(ordinal)),
    );
    const path = join(folder, 'columns.bin');
    const original = await readFile(path);
    const damaged = Buffer.from(original);
    damaged[ccText + 1] = damaged[ccText + 1]! ^ 0xff;
    await writeFile(path, damaged);
    try {
      const catalog = await withStore(async (store) => loadCatalogSnapshot(dataDir, await tableTieOf(store)));
      expect(catalog).not.toBeNull();
      expect(Array.from({ length: catalog!.size }, (_, ordinal) => catalog!.subject(ordinal))).toEqual(subjects);
      const readAll = (): unknown => Array.from({ length: catalog!.size }, (_, ordinal) => catalog!.recipients(ordinal, 'cc'));
      expect(readAll).toThrow(/columns\.bin is damaged \(section "stored\.ccJson\.values", piece 1, block 1 of its text/);
      await expect(readWholeCatalogSnapshot(folder, manifest)).rejects.toThrow(/columns\.bin is damaged/);
    } finally {
      await writeFile(path, original);
    }
  });
});
