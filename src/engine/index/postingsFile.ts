// A keyword field's packed postings on disk: the arrays as they are in memory, one after another, with a checksum.
// The earlier format (FlexSearch's export, JSON lines) turned every posting into text and back: at a million messages
// saving it held the engine thread for seconds at the end of every import, and searches waited (bench/measured-reasons.md).
import { open } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { FrozenPostings, SLOTS } from './frozenPostings';

/** What the manifest records of a field's file, to read it back and to tell a whole file from a cut or damaged one. */
export interface PostingsFileInfo {
  words: number;
  /** Bytes of the words' UTF-8, joined by line breaks (words never hold one: they are letters and digits). */
  wordBytes: number;
  /** Bytes of the encoded ordinals. */
  bytes: number;
  /** CRC-32 of the whole file. */
  checksum: number;
}

/** Written and read in pieces, so no single call copies or holds more than this. */
const CHUNK = 1 << 26;

/** A typed array's bytes, without copying them (the slot tables are written in the machine's byte order). */
function bytesOf(array: Int32Array | Uint8Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

export async function writePostingsFile(path: string, postings: FrozenPostings): Promise<PostingsFileInfo> {
  const { words, starts, counts, bytes } = postings.parts();
  for (const word of words) {
    if (word.includes('\n'))
      throw new Error(`keyword index: the word ${JSON.stringify(word)} holds a line break, which the saved list of words cannot`);
  }
  const wordText = Buffer.from(words.join('\n'));
  const sections = [wordText, bytesOf(starts), bytesOf(counts), bytes];
  let checksum = 0;
  const file = await open(path, 'w');
  try {
    for (const section of sections) {
      for (let offset = 0; offset < section.length; offset += CHUNK) {
        const piece = section.subarray(offset, Math.min(section.length, offset + CHUNK));
        checksum = crc32(piece, checksum);
        await file.write(piece);
      }
    }
    await file.sync();
  } finally {
    await file.close();
  }
  return { words: words.length, wordBytes: wordText.length, bytes: bytes.length, checksum };
}

/** The postings saved at `path`; throws, saying what is wrong, when the file is not the one `info` describes. */
export async function readPostingsFile(path: string, info: PostingsFileInfo): Promise<FrozenPostings> {
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
