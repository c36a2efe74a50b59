import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYWORD_INDEX_VERSION, KeywordIndex } from './keywordIndex';

/** More documents than FlexSearch puts in one export part (250,000 ids), so the saved file has several parts a field. */
const DOCUMENTS = 260_000;
const WORDS = 12_000;

function build(): KeywordIndex {
  const index = new KeywordIndex();
  for (let ordinal = 0; ordinal < DOCUMENTS; ordinal += 1) {
    index.add(ordinal, { content: `w${ordinal % WORDS} common${ordinal % 3 === 0 ? ' third' : ''}`, meta: `sender${ordinal % 97}` });
  }
  return index;
}

/** A word's postings as one best-first list. */
function ordinals(index: KeywordIndex, word: string, field: 'content' | 'meta' = 'content'): number[] {
  return index.postings(field, word).flatMap((slot) => slot ?? []);
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

  it('loads back the same postings, in the same order, from a file of several parts a field', async () => {
    const lines = (await readFile(join(folder, 'content.parts'), 'utf8')).trim().split('\n');
    expect(lines.filter((line) => line.includes('.reg\t')).length).toBeGreaterThan(1);
    expect(lines.filter((line) => line.includes('.map\t')).length).toBeGreaterThan(1);

    const loaded = await KeywordIndex.load(folder, DOCUMENTS, 'order-a');
    expect(loaded).not.toBeNull();
    expect(loaded!.documents).toBe(DOCUMENTS);
    for (const word of ['w0', 'w11999', 'third', 'common']) expect(ordinals(loaded!, word)).toEqual(ordinals(saved, word));
    expect(loaded!.frequency('content', 'third')).toBe(Math.ceil(DOCUMENTS / 3));
    expect(ordinals(loaded!, 'sender42', 'meta')).toEqual(ordinals(saved, 'sender42', 'meta'));
    expect(ordinals(loaded!, 'sender42', 'meta')).toHaveLength(Math.floor((DOCUMENTS - 1 - 42) / 97) + 1);
    expect(ordinals(loaded!, 'absent')).toEqual([]);
  });

  it('cuts saved parts by postings, so words in every message cannot make a part longer than a string can be', async () => {
    // A part closes once it holds 250,000 postings: without its last word it always holds fewer.
    const parts = (await readFile(join(folder, 'content.parts'), 'utf8')).trim().split('\n').filter((line) => line.includes('.map\t'));
    for (const line of parts) {
      const entries = JSON.parse(line.slice(line.indexOf('\t') + 1)) as [string, (number[] | null)[]][];
      const postings = entries.map(([, slots]) => slots.reduce((sum, slot) => sum + (slot?.length ?? 0), 0));
      expect(postings.reduce((sum, count) => sum + count, 0) - postings.at(-1)!).toBeLessThan(250_000);
    }
    expect(parts.length).toBeGreaterThan(2);
  });

  it('asks for a rebuild when the index was saved for other messages, by another version, or is damaged', async () => {
    expect(await KeywordIndex.load(folder, DOCUMENTS, 'order-b')).toBeNull();
    expect(await KeywordIndex.load(folder, DOCUMENTS + 1, 'order-a')).toBeNull();

    const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as { version: number };
    expect(manifest.version).toBe(KEYWORD_INDEX_VERSION);
    await writeFile(join(folder, 'manifest.json'), JSON.stringify({ ...manifest, version: KEYWORD_INDEX_VERSION - 1 }));
    expect(await KeywordIndex.load(folder, DOCUMENTS, 'order-a')).toBeNull();
    await writeFile(join(folder, 'manifest.json'), JSON.stringify(manifest));

    const content = await readFile(join(folder, 'content.parts'), 'utf8');
    await writeFile(join(folder, 'content.parts'), content.replace('\t', ' '));
    expect(await KeywordIndex.load(folder, DOCUMENTS, 'order-a')).toBeNull();
    await writeFile(join(folder, 'content.parts'), content.slice(0, content.length / 2));
    expect(await KeywordIndex.load(folder, DOCUMENTS, 'order-a')).toBeNull();
  });

  it('replaces an earlier save whole, leaving no staging folder behind', async () => {
    const smaller = new KeywordIndex();
    smaller.add(0, { content: 'only', meta: 'one' });
    await smaller.save(folder, 'order-c');
    expect((await readdir(join(folder, '..'))).sort()).toEqual(['keyword-index']);
    const loaded = await KeywordIndex.load(folder, 1, 'order-c');
    expect(ordinals(loaded!, 'only')).toEqual([0]);
    expect(ordinals(loaded!, 'w0')).toEqual([]);
  });
});
