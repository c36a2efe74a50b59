import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYWORD_INDEX_VERSION, KeywordIndex } from './keywordIndex';

/** More documents than the index holds live before folding (50,000), so the saved postings were merged often. */
const DOCUMENTS = 260_000;
const WORDS = 12_000;

function build(): KeywordIndex {
  const index = new KeywordIndex();
  for (let ordinal = 0; ordinal < DOCUMENTS; ordinal += 1) {
    index.add(ordinal, { content: `w${ordinal % WORDS} common${ordinal % 3 === 0 ? ' third' : ''}`, meta: `sender${ordinal % 97}` });
  }
  return index;
}

interface FieldFile {
  file: string;
  words: number;
  wordBytes: number;
  wordTable?: { file: string };
}
type SavedManifest = { version: number; fields: { content: FieldFile; meta: FieldFile } };

/** A word's postings as one best-first list. */
function ordinals(index: KeywordIndex, word: string, field: 'content' | 'meta' = 'content'): number[] {
  return index.postings(field, word).flatMap((ordinals) => Array.from(ordinals ?? []));
}

describe('KeywordIndex postings', () => {
  it('lists the messages with a word, those that mention it earliest first, and counts them', () => {
    const index = new KeywordIndex();
    const filler = Array.from({ length: 40 }, (_, position) => `filler${position}`).join(' ');
    index.add(0, { content: `${filler} budget`, meta: '' });
    index.add(1, { content: `budget ${filler}`, meta: '' });
    index.add(2, { content: filler, meta: 'budget' });
    expect(ordinals(index, 'budget')).toEqual([1, 0]);
    expect(index.frequency('content', 'budget')).toBe(2);
    expect(index.frequency('meta', 'budget')).toBe(1);
    expect(index.frequency('content', 'absent')).toBe(0);
  });
});

describe('KeywordIndex packed postings', () => {
  /** Documents whose words repeat at different strides and positions, so rank slots and merges both matter. */
  function documentOf(ordinal: number): { content: string; meta: string } {
    const filler = Array.from({ length: ordinal % 40 }, (_, position) => `filler${position}`).join(' ');
    return {
      content: ordinal % 2 === 0 ? `alpha ${filler} w${ordinal % 13}` : `${filler} alpha w${ordinal % 13} odd`,
      meta: `sender${ordinal % 5}`,
    };
  }
  const WORDS_TO_CHECK = ['alpha', 'odd', 'w0', 'w12', 'filler0', 'filler39', 'absent'];

  it('lists the same ordinals in the same order however often the added documents were folded', async () => {
    const unfolded = new KeywordIndex(Number.MAX_SAFE_INTEGER);
    const folded = new KeywordIndex(7);
    for (let ordinal = 0; ordinal < 500; ordinal += 1) {
      unfolded.add(ordinal, documentOf(ordinal));
      folded.add(ordinal, documentOf(ordinal));
    }
    for (const word of WORDS_TO_CHECK) {
      expect(ordinals(folded, word)).toEqual(ordinals(unfolded, word));
      expect(folded.frequency('content', word)).toBe(unfolded.frequency('content', word));
    }
    expect(ordinals(folded, 'sender3', 'meta')).toEqual(ordinals(unfolded, 'sender3', 'meta'));
    expect(ordinals(folded, 'alpha')).toHaveLength(500);
  });

  it('folds at a save in turns, searches between them finding every document, and saves what one fold would', async () => {
    const folder = join(await mkdtemp(join(tmpdir(), 'lantern-keywords-')), 'keyword-index');
    try {
      const index = new KeywordIndex();
      const documents = 30_000;
      for (let ordinal = 0; ordinal < documents; ordinal += 1)
        index.add(ordinal, { content: `w${ordinal % 5000} common${ordinal % 2 === 0 ? ' even' : ''}`, meta: `sender${ordinal % 97}` });
      const expected = { w7: ordinals(index, 'w7'), even: ordinals(index, 'even'), sender5: ordinals(index, 'sender5', 'meta') };
      let saved = false;
      const saving = index.save(folder, 'order-turns').then(() => (saved = true));
      let searchesMeanwhile = 0;
      while (!saved) {
        expect(index.frequency('content', 'common')).toBe(documents);
        expect(ordinals(index, 'w7')).toEqual(expected.w7);
        searchesMeanwhile += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await saving;
      expect(searchesMeanwhile).toBeGreaterThan(2);
      expect(ordinals(index, 'even')).toEqual(expected.even);
      const loaded = (await KeywordIndex.load(folder, documents, 'order-turns'))!;
      expect(ordinals(loaded, 'w7')).toEqual(expected.w7);
      expect(ordinals(loaded, 'sender5', 'meta')).toEqual(expected.sender5);
      expect(loaded.frequency('content', 'common')).toBe(documents);
      loaded.close();
      index.close();
    } finally {
      await rm(join(folder, '..'), { recursive: true, force: true });
    }
  });

  it('adds to a loaded index and saves both parts together', async () => {
    const folder = join(await mkdtemp(join(tmpdir(), 'lantern-keywords-')), 'keyword-index');
    try {
      const first = new KeywordIndex();
      for (let ordinal = 0; ordinal < 300; ordinal += 1) first.add(ordinal, documentOf(ordinal));
      await first.save(folder, 'first');
      const loaded = (await KeywordIndex.load(folder, 300, 'first'))!;
      const reference = new KeywordIndex(Number.MAX_SAFE_INTEGER);
      for (let ordinal = 0; ordinal < 450; ordinal += 1) {
        if (ordinal >= 300) loaded.add(ordinal, documentOf(ordinal));
        reference.add(ordinal, documentOf(ordinal));
      }
      // Packed postings from the file, then those added since, read as one list.
      for (const word of WORDS_TO_CHECK) expect(ordinals(loaded, word)).toEqual(ordinals(reference, word));
      await loaded.save(folder, 'second');
      const reloaded = (await KeywordIndex.load(folder, 450, 'second'))!;
      for (const word of WORDS_TO_CHECK) expect(ordinals(reloaded, word)).toEqual(ordinals(reference, word));
    } finally {
      await rm(join(folder, '..'), { recursive: true, force: true });
    }
  });
});

describe('KeywordIndex languages', () => {
  it('saves the languages its postings tell, a loaded index answers with them until mail is added, and a name it does not stem is told again', async () => {
    const folder = join(await mkdtemp(join(tmpdir(), 'lantern-keywords-')), 'keyword-index');
    const german = 'und nicht ich ist auch sich mit dem den eine wird noch nach aber';
    try {
      const index = new KeywordIndex();
      for (let ordinal = 0; ordinal < 200; ordinal += 1) index.add(ordinal, { content: `${german} rechnung${ordinal}`, meta: '' });
      expect(index.languages().map((language) => language.name)).toEqual(['german']);
      await index.save(folder, 'order');
      const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as { languages?: string[] };
      expect(manifest.languages).toEqual(['german']);

      // The manifest's names are what a loaded index answers with, not a weighing of its own.
      await writeFile(join(folder, 'manifest.json'), JSON.stringify({ ...manifest, languages: ['dutch'] }));
      const loaded = (await KeywordIndex.load(folder, 200, 'order'))!;
      expect(loaded.languages().map((language) => language.name)).toEqual(['dutch']);
      loaded.add(200, { content: german, meta: '' });
      expect(loaded.languages().map((language) => language.name)).toEqual(['german']);

      await writeFile(join(folder, 'manifest.json'), JSON.stringify({ ...manifest, languages: ['klingon'] }));
      expect((await KeywordIndex.load(folder, 200, 'order'))!.languages().map((language) => language.name)).toEqual(['german']);
    } finally {
      await rm(join(folder, '..'), { recursive: true, force: true });
    }
  });
});

describe('KeywordIndex save and load', () => {
  let folder: string;
  let saved: KeywordIndex;

  beforeEach(async () => {
    folder = join(await mkdtemp(join(tmpdir(), 'lantern-keywords-')), 'keyword-index');
    saved = build();
    await saved.save(folder, 'order-a');
  });

  afterEach(async () => {
    await rm(join(folder, '..'), { recursive: true, force: true });
  });

  it('loads back the same postings, in the same order', async () => {
    const loaded = await KeywordIndex.load(folder, DOCUMENTS, 'order-a');
    expect(loaded).not.toBeNull();
    expect(loaded!.documents).toBe(DOCUMENTS);
    for (const word of ['w0', 'w11999', 'third', 'common']) expect(ordinals(loaded!, word)).toEqual(ordinals(saved, word));
    expect(loaded!.frequency('content', 'third')).toBe(Math.ceil(DOCUMENTS / 3));
    expect(ordinals(loaded!, 'sender42', 'meta')).toEqual(ordinals(saved, 'sender42', 'meta'));
    expect(ordinals(loaded!, 'sender42', 'meta')).toHaveLength(Math.floor((DOCUMENTS - 1 - 42) / 97) + 1);
    expect(ordinals(loaded!, 'absent')).toEqual([]);
  });

  it('asks for a rebuild when the index was saved for other messages, by another version, or is damaged', async () => {
    expect(await KeywordIndex.load(folder, DOCUMENTS, 'order-b')).toBeNull();
    expect(await KeywordIndex.load(folder, DOCUMENTS + 1, 'order-a')).toBeNull();

    const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as SavedManifest;
    expect(manifest.version).toBe(KEYWORD_INDEX_VERSION);
    // Formats 5 and 6 are still read (postingsFile.test.ts, wholeIdentifier.test.ts); one before them is rebuilt.
    await writeFile(join(folder, 'manifest.json'), JSON.stringify({ ...manifest, version: 4 }));
    expect(await KeywordIndex.load(folder, DOCUMENTS, 'order-a')).toBeNull();
    await writeFile(join(folder, 'manifest.json'), JSON.stringify(manifest));

    // The words and slot tables are checked when the index opens; the ordinal bytes block by block as they are read.
    const contentFile = join(folder, manifest.fields.content.file);
    const content = await readFile(contentFile);
    const damaged = Buffer.from(content);
    damaged[10]! ^= 0x10;
    await writeFile(contentFile, damaged);
    expect(await KeywordIndex.load(folder, DOCUMENTS, 'order-a')).toBeNull();
    await writeFile(contentFile, content.subarray(0, content.length - 1));
    expect(await KeywordIndex.load(folder, DOCUMENTS, 'order-a')).toBeNull();
    await writeFile(contentFile, content);
    await rm(join(folder, manifest.fields.meta.file));
    expect(await KeywordIndex.load(folder, DOCUMENTS, 'order-a')).toBeNull();
    await writeFile(join(folder, 'manifest.json'), '{"version":');
    expect(await KeywordIndex.load(folder, DOCUMENTS, 'order-a')).toBeNull();
    // Whole again, it loads.
    await saved.save(folder, 'order-a');
    expect(await KeywordIndex.load(folder, DOCUMENTS, 'order-a')).not.toBeNull();
  });

  it('opens with a damaged block of ordinals, and says which file and block when a search reads it', async () => {
    const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as SavedManifest;
    const { file, words, wordBytes } = manifest.fields.content;
    const contentFile = join(folder, file);
    const content = await readFile(contentFile);
    // The ordinals begin after the words and the two slot tables; word n's first slot begins at starts[3n].
    const starts = new Int32Array(
      content.buffer.slice(content.byteOffset + wordBytes, content.byteOffset + wordBytes + (words * 3 + 1) * 4),
    );
    const tables = wordBytes + (words * 6 + 1) * 4;
    const number = content.subarray(0, wordBytes).toString('utf8').split('\n').indexOf('common');
    content[tables + starts[number * 3]! + 1]! ^= 0x40;
    await writeFile(contentFile, content);
    const loaded = (await KeywordIndex.load(folder, DOCUMENTS, 'order-a'))!;
    try {
      expect(loaded).not.toBeNull();
      expect(() => loaded.postings('content', 'common')).toThrow(`${contentFile} is damaged: block 1 of`);
      expect(loaded.damage()).toEqual([
        expect.stringMatching(/block 1 of \d+ \(bytes 0-65535 of its postings\) does not match its checksum/),
      ]);
      // Words in other blocks are read as saved.
      expect(ordinals(loaded, 'sender42', 'meta')).toEqual(ordinals(saved, 'sender42', 'meta'));
    } finally {
      loaded.close();
    }
  });

  it('folds an import into files beside the index, read in place, which the next save removes', async () => {
    const loaded = (await KeywordIndex.load(folder, DOCUMENTS, 'order-a'))!;
    const reference = build();
    const foldings = async (): Promise<string[]> => (await readdir(folder)).filter((name) => name.endsWith('.folding'));
    try {
      loaded.foldInto(folder);
      // A loaded index of 260,000 documents folds every 50,000 added.
      for (let round = 0; round < 2; round += 1) {
        for (let ordinal = DOCUMENTS + round * 50_000; ordinal < DOCUMENTS + (round + 1) * 50_000; ordinal += 1) {
          const document = { content: `w${ordinal % WORDS} common late${round}`, meta: `sender${ordinal % 97}` };
          loaded.add(ordinal, document);
          reference.add(ordinal, document);
        }
        // One file a field: the previous fold's went with it.
        expect((await foldings()).sort()).toEqual([
          expect.stringMatching(/^content-.*\.folding$/),
          expect.stringMatching(/^meta-.*\.folding$/),
        ]);
        for (const word of ['w0', 'w11999', 'third', 'common', `late${round}`])
          expect(ordinals(loaded, word)).toEqual(ordinals(reference, word));
        expect(ordinals(loaded, 'sender42', 'meta')).toEqual(ordinals(reference, 'sender42', 'meta'));
      }
      await loaded.save(folder, 'order-d');
      expect(await foldings()).toEqual([]);
      // Each field's postings and word table, and the manifest.
      expect(await readdir(folder)).toHaveLength(5);
      const reloaded = (await KeywordIndex.load(folder, DOCUMENTS + 100_000, 'order-d'))!;
      for (const word of ['w0', 'common', 'late0', 'late1']) expect(ordinals(reloaded, word)).toEqual(ordinals(reference, word));
      reloaded.close();
    } finally {
      loaded.close();
    }
  });

  it('replaces an earlier save whole, leaving no staging folder behind', async () => {
    const smaller = new KeywordIndex();
    smaller.add(0, { content: 'only', meta: 'one' });
    await smaller.save(folder, 'order-c');
    expect((await readdir(join(folder, '..'))).sort()).toEqual(['keyword-index']);
    const { fields } = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as SavedManifest;
    const files = [fields.content.file, fields.content.wordTable!.file, 'manifest.json', fields.meta.file, fields.meta.wordTable!.file];
    expect((await readdir(folder)).sort()).toEqual(files.sort());
    const loaded = await KeywordIndex.load(folder, 1, 'order-c');
    expect(ordinals(loaded!, 'only')).toEqual([0]);
    expect(ordinals(loaded!, 'w0')).toEqual([]);
  });
});
