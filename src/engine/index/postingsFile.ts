// A keyword field's packed postings on disk (format 6): the words, the slot tables and the ordinal bytes one after
// another, then a CRC-32 of each 64 KB block of the bytes. Opening reads the words and tables (checked by one checksum);
// the bytes are read in place as searches ask for them, each block checked when it is read (see postingsFileBytes.ts),
// so opening does not read the whole file. Saving streams the bytes, from memory or from the file saved before.
import { close, fstat, open, read } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { WordTable } from './wordTable';
import { readWordTable, wordTableName, writeWordTable, type WordTableInfo } from './wordTableFile';
import { FrozenPostings, SLOTS } from './frozenPostings';
import { BLOCK_SIZE, FileBytes } from './postingsFileBytes';
import { blockCache } from './blockCache';

/** What the manifest records of a field's file, to open it and to tell a whole file from a cut or damaged one. */
export interface PostingsFileInfo {
  /** The file's name in the index folder: each save writes new files beside the ones searches may be reading. */
  file: string;
  words: number;
  /** Bytes of the words' UTF-8, joined by line breaks (words never hold one: they are letters and digits). */
  wordBytes: number;
  /** Bytes of the encoded ordinals. */
  bytes: number;
  /** CRC-32 of the words, the slot tables and the blocks' checksums (the bytes have one per block). */
  checksum: number;
  /** The file of the words' hash table, saved beside it (see wordTableFile.ts); absent from earlier saves. */
  wordTable?: WordTableInfo;
}

/** Bytes of ordinals copied and written at a time while saving (a whole number of blocks). */
const CHUNK = 64 * BLOCK_SIZE;

const openFd = promisify(open);
const closeFd = promisify(close);
const statFd = promisify(fstat);
const readFd = promisify(read);

/** A typed array's bytes, without copying them (the slot tables are written in the machine's byte order). */
function bytesOf(array: Int32Array | Uint8Array | Uint32Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

const blocksOf = (bytes: number): number => Math.ceil(bytes / BLOCK_SIZE);

export async function writePostingsFile(path: string, name: string, postings: FrozenPostings): Promise<PostingsFileInfo> {
  const { words, starts, counts, bytes } = postings.parts();
  for (const word of words) {
    if (word.includes('\n'))
      throw new Error(`keyword index: the word ${JSON.stringify(word)} holds a line break, which the saved list of words cannot`);
  }
  const wordText = Buffer.from(words.join('\n'));
  const checksums = new Uint32Array(blocksOf(bytes.length));
  let checksum = 0;
  const file = await openFile(path, 'w');
  try {
    for (const section of [wordText, bytesOf(starts), bytesOf(counts)]) {
      checksum = crc32(section, checksum);
      await file.write(section);
    }
    const chunk = new Uint8Array(Math.min(CHUNK, bytes.length));
    for (let offset = 0; offset < bytes.length; offset += CHUNK) {
      const piece = chunk.subarray(0, Math.min(CHUNK, bytes.length - offset));
      bytes.copyTo(piece, 0, offset, offset + piece.length);
      for (let start = 0; start < piece.length; start += BLOCK_SIZE)
        checksums[(offset + start) / BLOCK_SIZE] = crc32(piece.subarray(start, start + BLOCK_SIZE));
      await file.write(piece);
    }
    const table = bytesOf(checksums);
    checksum = crc32(table, checksum);
    await file.write(table);
    await file.sync();
  } finally {
    await file.close();
  }
  const tableName = wordTableName(name);
  const wordTable = await writeWordTable(join(dirname(path), tableName), tableName, new WordTable(wordText, words.length).saved());
  return { file: name, words: words.length, wordBytes: wordText.length, bytes: bytes.length, checksum, wordTable };
}

/** Reads exactly `target.length` bytes at `position`. */
async function readAt(fd: number, path: string, target: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < target.length;) {
    const { bytesRead } = await readFd(fd, target, done, target.length - done, position + done);
    if (bytesRead === 0) throw new Error(`keyword index: ${path} ended early`);
    done += bytesRead;
  }
}

/**
 * The postings saved at `path`, their bytes read in place (the file stays open until the postings are closed); throws,
 * saying what is wrong, when the file is not the one `info` describes.
 */
export async function openPostingsFile(path: string, info: PostingsFileInfo, cache = blockCache): Promise<FrozenPostings> {
  const wordText = new Uint8Array(info.wordBytes);
  const starts = new Int32Array(info.words * SLOTS + 1);
  const counts = new Int32Array(info.words * SLOTS);
  const checksums = new Uint32Array(blocksOf(info.bytes));
  const tables = wordText.length + starts.byteLength + counts.byteLength;
  const expected = tables + info.bytes + checksums.byteLength;
  const fd = await openFd(path, 'r');
  try {
    const { size } = await statFd(fd);
    if (size !== expected) throw new Error(`keyword index: ${path} holds ${size} bytes, not the ${expected} saved`);
    // Every section is asked for at once, the word table too: the thread pool reads them side by side while this
    // thread checks those already read, in the file's order (issue 25: opening the index is part of every command).
    const sections = [wordText, bytesOf(starts), bytesOf(counts), bytesOf(checksums)];
    const positions = [0, wordText.length, wordText.length + starts.byteLength, tables + info.bytes];
    const reads = sections.map((section, index) => readAt(fd, path, section, positions[index]!));
    // The words stay bytes until asked for (see WordTable); their hash table is read when saved.
    const savedTable = info.wordTable ? readWordTable(dirname(path), info.wordTable, info.words) : Promise.resolve(null);
    let checksum = 0;
    try {
      for (const [index, section] of sections.entries()) {
        await reads[index];
        checksum = crc32(section, checksum);
      }
    } finally {
      // A read that failed leaves the others to end before the file is closed.
      await Promise.allSettled([...reads, savedTable]);
    }
    if (checksum !== info.checksum)
      throw new Error(`keyword index: ${path} is damaged (its words or slot tables differ from the saved checksum)`);
    const saved = await savedTable;
    const words = new WordTable(wordText, info.words, saved ?? undefined);
    return FrozenPostings.fromParts({ words, starts, counts, bytes: new FileBytes(path, fd, tables, info.bytes, checksums, cache) });
  } catch (error) {
    await closeFd(fd);
    throw error;
  }
}

/**
 * The ordinal bytes of a file just saved from postings still in memory, to read in place from now on; the words and
 * tables are those in memory, so only the blocks' checksums are read.
 */
export async function openPostingsBytes(path: string, info: PostingsFileInfo): Promise<FileBytes> {
  const checksums = new Uint32Array(blocksOf(info.bytes));
  const tables = info.wordBytes + (info.words * SLOTS * 2 + 1) * Int32Array.BYTES_PER_ELEMENT;
  const fd = await openFd(path, 'r');
  try {
    await readAt(fd, path, bytesOf(checksums), tables + info.bytes);
    return new FileBytes(path, fd, tables, info.bytes, checksums);
  } catch (error) {
    await closeFd(fd);
    throw error;
  }
}
