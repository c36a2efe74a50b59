// A saved postings file's word table (where each word starts, the hash table over them and the words by their
// beginning, see WordTable), saved in a file beside it: an open reads it rather than building it over a 100k-message
// archive's 220k words (issue 25).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { readWholeFile } from './readWholeFile';
import { slotCountFor, type SavedWordTable } from './wordTable';
import { WORD_GROUPS } from './wordGroups';

const TABLE_FILE = /^(content|meta)-[0-9a-f]+\.words$/;

/**
 * The file's layout: 1 (the format field absent) holds the starts and the hash table; 2 adds the words by their
 * beginning (wordGroups.ts), which a look-up by a word's beginning reads instead of searching every word. A build that
 * knows only format 1 finds a file of 2 longer than it expects and builds the hash table from the words, as for a
 * missing file; this one reads a file of 1 without the groups, its look-ups searching the words as before.
 */
export const WORD_TABLE_FORMAT = 2;

/** What the manifest records of a postings file's word table (absent in saves made before it was saved). */
export interface WordTableInfo {
  file: string;
  checksum: number;
  /** See WORD_TABLE_FORMAT; absent in format 1. */
  format?: number;
}

/** The word table's file name beside a postings file's: `content-1a2b.postings` → `content-1a2b.words`. */
export function wordTableName(postingsName: string): string {
  return `${postingsName.replace(/\.postings$/, '')}.words`;
}

/** Writes the starts, the hash slots, then the groups, in the machine's byte order (as the postings' slot tables are). */
export async function writeWordTable(
  path: string,
  name: string,
  { starts, slots, groups }: Required<SavedWordTable>,
): Promise<WordTableInfo> {
  const bytes = Buffer.concat(
    [starts, slots, groups].map((integers) => new Uint8Array(integers.buffer, integers.byteOffset, integers.byteLength)),
  );
  await writeFile(path, bytes, { flush: true });
  return { file: name, checksum: crc32(bytes), format: WORD_TABLE_FORMAT };
}

/**
 * The saved word table of `count` words, or null when its file is missing, cut or damaged: it is built from the words
 * then, as before it was saved, so a lost or damaged file costs only time.
 */
export async function readWordTable(folder: string, info: WordTableInfo, count: number): Promise<SavedWordTable | null> {
  // The manifest names a file of this folder, never one elsewhere.
  if (!TABLE_FILE.test(String(info.file))) return null;
  const slotCount = slotCountFor(count);
  const hasGroups = info.format === WORD_TABLE_FORMAT;
  const integerCount = count + 1 + slotCount + (hasGroups ? WORD_GROUPS + 1 + count : 0);
  try {
    const bytes = await readWholeFile(join(folder, info.file));
    if (bytes.length !== integerCount * Int32Array.BYTES_PER_ELEMENT || crc32(bytes) !== info.checksum) return null;
    // The file's own buffer, starting at offset 0 (see readWholeFile): viewed as integers, not copied.
    const integers = new Int32Array(bytes.buffer, bytes.byteOffset, integerCount);
    const slotsEnd = count + 1 + slotCount;
    const table = { starts: integers.subarray(0, count + 1), slots: integers.subarray(count + 1, slotsEnd) };
    return hasGroups ? { ...table, groups: integers.subarray(slotsEnd) } : table;
  } catch {
    return null;
  }
}
