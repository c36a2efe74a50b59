// A saved postings file's word table (where each word starts and the hash table over them, see WordTable), saved in a
// file beside it: an open reads it rather than building it over a 100k-message archive's 220k words (issue 25).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { readWholeFile } from './readWholeFile';
import { slotCountFor, type SavedWordTable } from './wordTable';

const TABLE_FILE = /^(content|meta)-[0-9a-f]+\.words$/;

/** What the manifest records of a postings file's word table (absent in saves made before it was saved). */
export interface WordTableInfo {
  file: string;
  checksum: number;
}

/** The word table's file name beside a postings file's: `content-1a2b.postings` → `content-1a2b.words`. */
export function wordTableName(postingsName: string): string {
  return `${postingsName.replace(/\.postings$/, '')}.words`;
}

/** Writes the starts, then the hash slots, in the machine's byte order (as the postings' slot tables are). */
export async function writeWordTable(path: string, name: string, { starts, slots }: SavedWordTable): Promise<WordTableInfo> {
  const bytes = Buffer.concat([
    new Uint8Array(starts.buffer, starts.byteOffset, starts.byteLength),
    new Uint8Array(slots.buffer, slots.byteOffset, slots.byteLength),
  ]);
  await writeFile(path, bytes, { flush: true });
  return { file: name, checksum: crc32(bytes) };
}

/**
 * The saved word table of `count` words, or null when its file is missing, cut or damaged: it is built from the words
 * then, as before it was saved, so a lost or damaged file costs only time.
 */
export async function readWordTable(folder: string, info: WordTableInfo, count: number): Promise<SavedWordTable | null> {
  // The manifest names a file of this folder, never one elsewhere.
  if (!TABLE_FILE.test(String(info.file))) return null;
  const slotCount = slotCountFor(count);
  try {
    const bytes = await readWholeFile(join(folder, info.file));
    if (bytes.length !== (count + 1 + slotCount) * Int32Array.BYTES_PER_ELEMENT || crc32(bytes) !== info.checksum) return null;
    // The file's own buffer, starting at offset 0 (see readWholeFile): viewed as integers, not copied.
    const integers = new Int32Array(bytes.buffer, bytes.byteOffset, count + 1 + slotCount);
    return { starts: integers.subarray(0, count + 1), slots: integers.subarray(count + 1) };
  } catch {
    return null;
  }
}
