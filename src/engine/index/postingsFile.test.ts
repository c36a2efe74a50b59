// Saved postings read in place, on a real imported slice: the same lists as the file read whole into memory, through a
// block cache that stays within its bound; the words' table saved beside them, and a save without it read the same; a format-5 save searched as it is by a reader and rebuilt as the current
// format by a writer; a damaged block named to
// the search that reads it and the index rebuilt; the files held open only while in use.
import { cp, readFile, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { BlockCache } from './blockCache';
import { FrozenPostings } from './frozenPostings';
import { KEYWORD_INDEX_VERSION } from './keywordIndex';
import { openPostingsFile, type PostingsFileInfo } from './postingsFile';
import { BLOCK_SIZE } from './postingsFileBytes';
import { slotCountFor, WordTable } from './wordTable';
import { WORD_TABLE_FORMAT } from './wordTableFile';

type Field = 'content' | 'meta';
interface Manifest {
  version: number;
  documents: number;
  order: string;
  fields: Record<Field, PostingsFileInfo>;
}

const QUERIES = ['sqpoll', 'liburing', 'fixed buffers', 'io_uring_register', 'from:axboe'];
let dir: string;
let dataDir: string;
let manifest: Manifest;
/** Each query's total and first ids, found right after the import. */
let expected: Map<string, { total: number; ids: string[] }>;

const folderOf = (store: string): string => join(store, 'keyword-index');
const readManifest = async (store: string): Promise<Manifest> =>
  JSON.parse(await readFile(join(folderOf(store), 'manifest.json'), 'utf8')) as Manifest;

async function found(engine: Awaited<ReturnType<typeof openEngine>>): Promise<Map<string, { total: number; ids: string[] }>> {
  const results = new Map<string, { total: number; ids: string[] }>();
  for (const query of QUERIES) {
    const result = await engine.search({ query, limit: 20, mode: 'keyword' });
    results.set(query, { total: result.total, ids: result.hits.map((hit) => hit.id) });
  }
  return results;
}

beforeAll(async () => {
  dir = await makeTempDir();
  const file = join(dir, 'slice.mbox');
  await writeFile(file, toMbox(await readCorpusMessages('io-uring-list.mbox.gz', 1500)));
  dataDir = join(dir, 'store');
  const engine = await openEngine({ dataDir, timeZone: 'UTC' });
  try {
    await engine.importPaths([file], 'slice');
    expected = await found(engine);
  } finally {
    await engine.close();
  }
  manifest = await readManifest(dataDir);
}, 240_000);

/** The sections of a field's saved file: its words, slot tables and ordinal bytes, as they are in memory. */
async function sectionsOf(store: string, info: PostingsFileInfo) {
  const file = await readFile(join(folderOf(store), info.file));
  const words = file.subarray(0, info.wordBytes).toString('utf8').split('\n');
  const integers = (from: number, count: number): Int32Array =>
    new Int32Array(file.buffer.slice(file.byteOffset + from, file.byteOffset + from + count * 4));
  const starts = integers(info.wordBytes, info.words * 3 + 1);
  const counts = integers(info.wordBytes + starts.byteLength, info.words * 3);
  const tables = info.wordBytes + starts.byteLength + counts.byteLength;
  return { file, words, starts, counts, tables, bytes: new Uint8Array(file.subarray(tables, tables + info.bytes)) };
}

/** The words whose lists differ between two postings. */
function differences(one: FrozenPostings, other: FrozenPostings, words: readonly string[]): string[] {
  const listed = (postings: FrozenPostings, word: string): string => JSON.stringify(postings.slots(word)?.map((ids) => Array.from(ids)));
  return words.filter((word) => listed(one, word) !== listed(other, word) || one.count(word) !== other.count(word));
}

/** The paths this process holds open under `folder`. */
async function openFilesUnder(folder: string): Promise<string[]> {
  const links = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(join('/proc/self/fd', fd)).catch(() => '')));
  return links.filter((link) => link.startsWith(folder));
}

describe('postings read in place', () => {
  it('gives every word the lists the whole file read into memory gives, through a cache smaller than the file', async () => {
    for (const field of ['content', 'meta'] as const) {
      const info = manifest.fields[field];
      const { words, starts, counts, bytes } = await sectionsOf(dataDir, info);
      const whole = FrozenPostings.fromParts({ words, starts, counts, bytes });
      const cache = new BlockCache(2 * BLOCK_SIZE);
      const inPlace = await openPostingsFile(join(folderOf(dataDir), info.file), info, cache);
      try {
        expect(inPlace.isInPlace).toBe(true);
        expect(inPlace.words()).toEqual(words);
        if (field === 'content') expect(info.bytes).toBeGreaterThan(4 * BLOCK_SIZE);
        let largest = 0;
        // Twice, so blocks are dropped and read again.
        for (let round = 0; round < 2; round += 1) {
          for (const word of words) {
            inPlace.slots(word);
            largest = Math.max(largest, cache.bytes);
          }
          expect(differences(inPlace, whole, words)).toEqual([]);
        }
        expect(largest).toBeGreaterThan(0);
        expect(largest).toBeLessThanOrEqual(2 * BLOCK_SIZE);
      } finally {
        inPlace.close();
      }
      expect(cache.bytes).toBe(0);
    }
  });

  it('saves the hash table of the words beside the postings, and reads a save without it, or with it damaged, the same', async () => {
    for (const field of ['content', 'meta'] as const) {
      const info = manifest.fields[field];
      const { words } = await sectionsOf(dataDir, info);
      const saved = new Int32Array(new Uint8Array(await readFile(join(folderOf(dataDir), info.wordTable!.file))).buffer);
      const built = new WordTable(Buffer.from(words.join('\n')), words.length).saved();
      expect(saved).toEqual(new Int32Array([...built.starts, ...built.slots, ...built.groups]));
      expect(info.wordTable!.format).toBe(WORD_TABLE_FORMAT);
    }
    const store = join(await makeTempDir(), 'store');
    await cp(dataDir, store, { recursive: true });
    // Tables saved before the words' groups were (format 1): the words are searched for their beginnings instead.
    const firstFormat = { ...manifest, fields: { ...manifest.fields } };
    for (const field of ['content', 'meta'] as const) {
      const { wordTable, words } = manifest.fields[field];
      const table = await readFile(join(folderOf(dataDir), wordTable!.file));
      const starts = (words + 1) * 4;
      const withoutGroups = table.subarray(0, starts + slotCountFor(words) * 4);
      await writeFile(join(folderOf(store), wordTable!.file), withoutGroups);
      firstFormat.fields[field] = { ...manifest.fields[field], wordTable: { file: wordTable!.file, checksum: crc32(withoutGroups) } };
    }
    await writeFile(join(folderOf(store), 'manifest.json'), JSON.stringify(firstFormat));
    const firstFormatReader = await openEngine({ dataDir: store, timeZone: 'UTC', access: 'read' });
    try {
      expect(await found(firstFormatReader)).toEqual(expected);
    } finally {
      await firstFormatReader.close();
    }
    // As saved before the tables were: none in the manifest, no table files.
    const fields = Object.fromEntries(
      (['content', 'meta'] as const).map((field) => [field, { ...manifest.fields[field], wordTable: undefined }]),
    ) as Record<Field, PostingsFileInfo>;
    await writeFile(join(folderOf(store), 'manifest.json'), JSON.stringify({ ...manifest, fields }));
    for (const field of ['content', 'meta'] as const) await rm(join(folderOf(store), manifest.fields[field].wordTable!.file));
    const reader = await openEngine({ dataDir: store, timeZone: 'UTC', access: 'read' });
    try {
      expect(await found(reader)).toEqual(expected);
    } finally {
      await reader.close();
    }
    // Damaged table files (named in the manifest again) are built again from the words.
    await writeFile(join(folderOf(store), 'manifest.json'), JSON.stringify(manifest));
    for (const field of ['content', 'meta'] as const) {
      const name = manifest.fields[field].wordTable!.file;
      const table = await readFile(join(folderOf(dataDir), name));
      table[table.length - 3]! ^= 0x10;
      await writeFile(join(folderOf(store), name), table);
    }
    const damaged = await openEngine({ dataDir: store, timeZone: 'UTC', access: 'read' });
    try {
      expect(await found(damaged)).toEqual(expected);
    } finally {
      await damaged.close();
    }
    // An engine that may write saves a save without tables again, with them.
    await writeFile(join(folderOf(store), 'manifest.json'), JSON.stringify({ ...manifest, fields }));
    const writer = await openEngine({ dataDir: store, timeZone: 'UTC' });
    try {
      const resaved = await readManifest(store);
      for (const field of ['content', 'meta'] as const) {
        expect(resaved.fields[field].wordTable?.file).toBe(resaved.fields[field].file.replace('.postings', '.words'));
        expect((await readFile(join(folderOf(store), resaved.fields[field].wordTable!.file))).length).toBeGreaterThan(0);
      }
      expect(await found(writer)).toEqual(expected);
    } finally {
      await writer.close();
    }
  });

  it('searches an index saved in format 5 as it is when only reading, and rebuilds it when it may write, its old files gone', async () => {
    const store = join(await makeTempDir(), 'store');
    await cp(dataDir, store, { recursive: true });
    const fields = {} as Record<Field, Omit<PostingsFileInfo, 'file'>>;
    for (const field of ['content', 'meta'] as const) {
      const info = manifest.fields[field];
      const { file, tables } = await sectionsOf(store, info);
      const whole = file.subarray(0, tables + info.bytes);
      await writeFile(join(folderOf(store), `${field}.postings`), whole);
      fields[field] = { words: info.words, wordBytes: info.wordBytes, bytes: info.bytes, checksum: crc32(whole) };
    }
    await writeFile(join(folderOf(store), 'manifest.json'), JSON.stringify({ ...manifest, version: 5, fields }));
    for (const field of ['content', 'meta'] as const) await writeFile(join(folderOf(store), manifest.fields[field].file), 'not read');

    const reader = await openEngine({ dataDir: store, timeZone: 'UTC', access: 'read' });
    try {
      expect(await found(reader)).toEqual(expected);
      expect((await readManifest(store)).version).toBe(5);
    } finally {
      await reader.close();
    }

    const engine = await openEngine({ dataDir: store, timeZone: 'UTC' });
    try {
      expect(await found(engine)).toEqual(expected);
      const saved = await readManifest(store);
      expect(saved.version).toBe(KEYWORD_INDEX_VERSION);
      const names = [saved.fields.content.file, saved.fields.meta.file];
      const tableFiles = [saved.fields.content.wordTable!.file, saved.fields.meta.wordTable!.file];
      expect((await readdir(folderOf(store))).sort()).toEqual([...names, ...tableFiles, 'manifest.json'].sort());
      expect((await openFilesUnder(folderOf(store))).sort()).toEqual(names.map((name) => join(folderOf(store), name)).sort());
    } finally {
      await engine.close();
    }
  });

  it('names the damaged file and block to the search that reads it, rebuilds the index, and then finds the same', async () => {
    const store = join(await makeTempDir(), 'store');
    await cp(dataDir, store, { recursive: true });
    const info = manifest.fields.content;
    const path = join(folderOf(store), info.file);
    const { file, words, starts, tables } = await sectionsOf(store, info);
    const start = starts[words.indexOf('sqpoll') * 3]!;
    file[tables + start]! ^= 0x21;
    await writeFile(path, file);
    const block = Math.floor(start / BLOCK_SIZE) + 1;

    const errors: string[] = [];
    const engine = await openEngine({ dataDir: store, timeZone: 'UTC' });
    try {
      await expect(engine.search({ query: 'sqpoll', limit: 20, mode: 'keyword' })).rejects.toThrow(
        `keyword index: ${path} is damaged: block ${block} of`,
      );
      // The rebuild runs on the writer's queue; searches meanwhile may still meet the damaged block. The rebuilt index
      // serves searches as soon as it is adopted, and is saved (a new file in the manifest) just after.
      for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
        const ok = await engine.search({ query: 'sqpoll', limit: 20, mode: 'keyword' }).then(
          () => true,
          (error: Error) => (errors.push(error.message), false),
        );
        if (ok && (await readManifest(store)).fields.content.file !== info.file) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await found(engine)).toEqual(expected);
      expect((await readManifest(store)).fields.content.file).not.toBe(info.file);
    } finally {
      await engine.close();
    }
    expect(errors.every((message) => message.includes('being rebuilt from the messages'))).toBe(true);
    expect(await openFilesUnder(folderOf(store))).toEqual([]);
  });

  it('reads the new files after a save and closes the old ones, and holds none once closed', async () => {
    const store = join(await makeTempDir(), 'store');
    await cp(dataDir, store, { recursive: true });
    const more = join(dir, 'more.mbox');
    const messages = await readCorpusMessages('io-uring-list.mbox.gz', 1600);
    await writeFile(more, toMbox(messages.slice(1500)));
    const engine = await openEngine({ dataDir: store, timeZone: 'UTC' });
    try {
      const before = await readManifest(store);
      await engine.search({ query: 'sqpoll', limit: 20, mode: 'keyword' });
      await engine.importPaths([more], 'more');
      const after = await readManifest(store);
      expect(after.fields.content.file).not.toBe(before.fields.content.file);
      const names = [after.fields.content.file, after.fields.meta.file].map((name) => join(folderOf(store), name));
      expect((await openFilesUnder(folderOf(store))).sort()).toEqual(names.sort());
      // Each field's postings and word table, and the manifest.
      expect((await readdir(folderOf(store))).length).toBe(5);
      expect((await engine.search({ query: 'sqpoll', limit: 20, mode: 'keyword' })).total).toBeGreaterThanOrEqual(
        expected.get('sqpoll')!.total,
      );
    } finally {
      await engine.close();
    }
    expect(await openFilesUnder(folderOf(store))).toEqual([]);
  });
});
