// Reads a keyword field's postings saved in format 5 (before they were read in place): the arrays one after another,
// with one CRC-32 of the whole file, read whole into memory. Kept so an index saved by an earlier Lantern is not lost.
import { open } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { FrozenPostings, SLOTS } from './frozenPostings';

/** What a format-5 manifest records of a field's file. */
export interface PostingsFileInfoV5 {
  words: number;
  wordBytes: number;
  bytes: number;
  /** CRC-32 of the whole file. */
  checksum: number;
}

/** Read in pieces, so no single call holds more than this. */
const CHUNK = 1 << 26;

function bytesOf(array: Int32Array | Uint8Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** The postings saved at `path` in format 5; throws, saying what is wrong, when the file is not the one `info` describes. */
export async function readPostingsFileV5(path: string, info: PostingsFileInfoV5): Promise<FrozenPostings> {
  const wordText = new Uint8Array(info.wordBytes);
  const starts = new Int32Array(info.words * SLOTS + 1);
  const counts = new Int32Array(info.words * SLOTS);
  const bytes = new Uint8Array(info.bytes);
  const sections = [wordText, bytesOf(starts), bytesOf(counts), bytes];
  const expected = sections.reduce((sum, section) => sum + section.length, 0);
  let checksum = 0;
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    if (size !== expected) throw new Error(`keyword index: ${path} holds ${size} bytes, not the ${expected} saved`);
    let position = 0;
    for (const section of sections) {
      for (let offset = 0; offset < section.length;) {
        const { bytesRead } = await file.read(section, offset, Math.min(CHUNK, section.length - offset), position);
        if (bytesRead === 0) throw new Error(`keyword index: ${path} ended early`);
        checksum = crc32(section.subarray(offset, offset + bytesRead), checksum);
        offset += bytesRead;
        position += bytesRead;
      }
    }
  } finally {
    await file.close();
  }
  if (checksum !== info.checksum) throw new Error(`keyword index: ${path} is damaged (its checksum differs from the saved one)`);
  const words = info.words === 0 ? [] : Buffer.from(wordText.buffer, wordText.byteOffset, wordText.length).toString('utf8').split('\n');
  return FrozenPostings.fromParts({ words, starts, counts, bytes });
}
