// The catalog's columns on disk: one file of sections (typed arrays as they are in memory, string lists as their values'
// ends and their text) and a manifest naming the file's version, sections, checksums and the messages table version it
// was made from. The sections every search scans are read into memory at open; the rest are read in place, value by
// value (see catalogSnapshotInPlace.ts).
import { close, fstat, open as openFile, read } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import type { CatalogParts } from './catalogParts';
import { StringList } from './stringList';
import { InPlaceStrings, SnapshotFile, TEXT_BLOCK, type InPlacePiece } from './catalogSnapshotInPlace';
import { readOldSections } from './catalogSnapshotOld';
import { ConstantNumbers } from './numberColumn';
import {
  aligned,
  kindOf,
  partsOf,
  sectionInMemory,
  sectionsOf,
  type PieceCheck,
  type PieceInfo,
  type SectionInfo,
  type SectionValue,
} from './catalogSnapshotSections';

/**
 * Bumped when the catalog's columns or this layout change; a snapshot of another version is not read. Format 4 puts
 * the sections read in place (IN_PLACE_SECTIONS) after those held in memory and checks each piece (and each block of an
 * in-place piece's text) against its own checksum when it is first read, so an open reads and checks only what it holds.
 * Format 5 saves each value column's numbers as narrowly as the column holds them (see NumberColumn): one or two bytes
 * a message, or none for a constant column, where format 4 saved four.
 */
export const CATALOG_SNAPSHOT_VERSION = 5;
/**
 * Older formats still read, so that a writer saves them again in the current one rather than scanning the table,
 * which would forget the body hashes they hold: formats 2 and 3 whole, checked against one checksum (see
 * catalogSnapshotOld.ts); format 4 as format 5 is, its numbers all 32-bit.
 */
const FORMAT_2 = 2;
const FORMAT_3 = 3;
const READABLE_OLD_SNAPSHOT_VERSIONS = [FORMAT_2, FORMAT_3, 4];

export function isReadableOldVersion(version: number): boolean {
  return READABLE_OLD_SNAPSHOT_VERSIONS.includes(version);
}

/**
 * Read value by value, for the page of hits a search shows: on the 32 bench queries, each run alone as `lantern search`
 * runs it, no query decoded these lists whole, where the ids, subjects, senders and the other filter columns are decoded
 * whole by some. The Cc and Bcc filter columns are scanned only by a cc:, bcc: or participant filter, which then reads
 * them whole from the file once. Kept in memory, these were half of the file.
 */
const IN_PLACE_SECTIONS = new Set([
  'messageIds',
  'stored.toJson.values',
  'stored.ccJson.values',
  'stored.bccJson.values',
  'attachments.values',
  'columns.cc.values',
  'columns.bcc.values',
]);

const MANIFEST = 'manifest.json';
const COLUMNS = 'columns.bin';

/** What a snapshot was made from: the messages table's version and row count when it matched the catalog. */
export interface TableTie {
  version: number;
  rows: number;
  /**
   * The sizes of the table's data files by name (null for a table in object storage): a file cut short since is not
   * read past unnoticed, because a changed file sends the engine to the scan, which heals the table.
   */
  dataFiles: Record<string, number> | null;
}

export interface CatalogSnapshotManifest {
  version: number;
  rows: number;
  table: TableTie;
  bytes: number;
  /** CRC-32 of the whole columns file: checked at open before format 4; since, what the files saved beside it name. */
  checksum: number;
  /** From format 4: how many of the file's first bytes are read into memory at open (the sections not read in place). */
  memoryBytes?: number;
  /** The order fingerprint of its ids (see orderFingerprint.ts), when the writer gave it: an open need not hash them. */
  order?: string;
  sections: SectionInfo[];
}

/** What is saved with a snapshot besides its columns. */
export interface SnapshotExtras {
  /** Other files, by name, made knowing the columns file's checksum: replaced with the snapshot at once. */
  besides?: (checksum: number) => Record<string, string>;
  /** The order fingerprint of `parts.ids`. */
  order?: string;
}

/**
 * A piece's text may be decoded as one string and its strings cut out of it (see StringList.all); pieces keep each
 * text far below V8's longest string at a million messages.
 */
const STRINGS_PER_PIECE = 50_000;

/** String.prototype.isWellFormed (Node 20's V8 has it; TypeScript's library here does not name it yet). */
type CheckableString = string & { isWellFormed(): boolean };

/**
 * The cheapest exact encoding of a text: one byte a character when none is above U+00FF (most mail metadata), UTF-8
 * when it is well formed, UTF-16 otherwise (a lone surrogate survives only that).
 */
function encodingOf(text: string): PieceInfo['encoding'] & BufferEncoding {
  if (!/[\u0100-\uffff]/.test(text)) return 'latin1';
  return (text as CheckableString).isWellFormed() ? 'utf8' : 'utf16le';
}

/**
 * Each string's end in bytes in `encoded`, their text so encoded; null when the strings' own encodings do not add up
 * to the text's (UTF-8 of a surrogate pair split between two strings), which only UTF-16 cuts exactly.
 */
function stringEnds(strings: readonly string[], encoding: BufferEncoding, encoded: Buffer): Int32Array | null {
  const ends = new Int32Array(strings.length);
  let end = 0;
  for (let index = 0; index < strings.length; index += 1) {
    const string = strings[index]!;
    end += encoding === 'utf8' ? Buffer.byteLength(string, 'utf8') : encoding === 'latin1' ? string.length : string.length * 2;
    ends[index] = end;
  }
  return end === encoded.length ? ends : null;
}

interface Piece {
  info: PieceInfo;
  data: Uint8Array[];
}

function stringPiece(strings: readonly string[], inPlace: boolean): Piece {
  const text = strings.join('');
  let encoding = encodingOf(text);
  let encoded = Buffer.from(text, encoding);
  let ends = stringEnds(strings, encoding, encoded);
  if (ends === null) {
    encoding = 'utf16le';
    encoded = Buffer.from(text, encoding);
    ends = stringEnds(strings, encoding, encoded)!;
  }
  const endBytes = new Uint8Array(ends.buffer);
  const info: PieceInfo = { bytes: ends.byteLength + encoded.length, count: strings.length, encoding };
  if (inPlace) {
    info.checksum = crc32(endBytes);
    info.textChecksums = [];
    for (let start = 0; start < encoded.length; start += TEXT_BLOCK)
      info.textChecksums.push(crc32(encoded.subarray(start, start + TEXT_BLOCK)));
  } else info.checksum = crc32(encoded, crc32(endBytes));
  return { info, data: [endBytes, encoded] };
}

function piecesOf(value: SectionValue, inPlace: boolean): Piece[] {
  if (value instanceof ConstantNumbers) return [];
  if (!(value instanceof StringList)) {
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return [{ info: { bytes: value.byteLength, checksum: crc32(bytes) }, data: [bytes] }];
  }
  const strings = value.all();
  const pieces: Piece[] = [];
  for (let start = 0; start === 0 || start < strings.length; start += STRINGS_PER_PIECE)
    pieces.push(stringPiece(strings.slice(start, start + STRINGS_PER_PIECE), inPlace));
  return pieces;
}

/** The sections in the order they are saved: those held in memory first, so an open reads them with one read. */
function savedOrder(parts: CatalogParts): [string, SectionValue, boolean][] {
  const sections = sectionsOf(parts).map(([name, value]): [string, SectionValue, boolean] => [
    name,
    value,
    IN_PLACE_SECTIONS.has(name) && value instanceof StringList,
  ]);
  return [...sections.filter(([, , inPlace]) => !inPlace), ...sections.filter(([, , inPlace]) => inPlace)];
}

/** Writes the snapshot into a folder beside `folder`, then puts it in its place, with the extras given. */
export async function writeCatalogSnapshot(
  folder: string,
  parts: CatalogParts,
  table: TableTie,
  extras: SnapshotExtras = {},
): Promise<void> {
  const staging = `${folder}.saving`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const sections: SectionInfo[] = [];
  let checksum = 0;
  let bytes = 0;
  let memoryBytes: number | null = null;
  const file = await open(join(staging, COLUMNS), 'w');
  try {
    // One section's pieces at a time, so the JSON of every string list is never held at once.
    for (const [name, value, inPlace] of savedOrder(parts)) {
      if (inPlace) memoryBytes ??= bytes;
      const pieces = piecesOf(value, inPlace);
      for (const piece of pieces) {
        const padding = new Uint8Array(aligned(piece.info.bytes) - piece.info.bytes);
        for (const data of [...piece.data, padding]) {
          checksum = crc32(data, checksum);
          bytes += data.length;
          await file.write(data);
        }
      }
      sections.push({
        name,
        kind: kindOf(value),
        ...(inPlace ? { inPlace } : {}),
        pieces: pieces.map((piece) => piece.info),
        ...(value instanceof ConstantNumbers ? { constant: { number: value.number, length: value.length } } : {}),
      });
    }
    await file.sync();
  } finally {
    await file.close();
  }
  const manifest: CatalogSnapshotManifest = {
    version: CATALOG_SNAPSHOT_VERSION,
    rows: parts.ids.length,
    table,
    bytes,
    checksum,
    memoryBytes: memoryBytes ?? bytes,
    ...(extras.order !== undefined ? { order: extras.order } : {}),
    sections,
  };
  for (const [name, text] of Object.entries(extras.besides?.(checksum) ?? {})) await writeFile(join(staging, name), text);
  await writeFile(join(staging, MANIFEST), JSON.stringify(manifest));
  await rm(folder, { recursive: true, force: true });
  await rename(staging, folder);
}

/** The manifest, or null when there is none; throws, saying what is wrong, when it cannot be read. */
export async function readCatalogManifest(folder: string): Promise<CatalogSnapshotManifest | null> {
  let text: string;
  try {
    text = await readFile(join(folder, MANIFEST), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return JSON.parse(text) as CatalogSnapshotManifest;
  } catch {
    throw new Error(`${join(folder, MANIFEST)} is not JSON`);
  }
}

/** Ties a snapshot to a later table version whose rows are the same (a merge of fragments, an index): the manifest alone. */
export async function retieCatalogSnapshot(folder: string, manifest: CatalogSnapshotManifest, table: TableTie): Promise<void> {
  const temporary = join(folder, `${MANIFEST}.${process.pid}.tmp`);
  await writeFile(temporary, JSON.stringify({ ...manifest, table }));
  await rename(temporary, join(folder, MANIFEST));
}

const openAsync = promisify(openFile);
const fstatAsync = promisify(fstat);
const readAsync = promisify(read);
const closeAsync = promisify(close);

/** The file's first `length` bytes, in a buffer of their own (so its typed arrays start at a multiple of 8). */
async function readHead(fd: number, length: number, path: string): Promise<Buffer<ArrayBuffer>> {
  const data = Buffer.allocUnsafeSlow(length) as Buffer<ArrayBuffer>;
  let done = 0;
  while (done < length) {
    const { bytesRead } = await readAsync(fd, data, done, length - done, done);
    if (bytesRead === 0) throw new Error(`${path} ended at ${done} bytes, before the ${length} read at open`);
    done += bytesRead;
  }
  return data;
}

/** A string piece of an in-place section as InPlaceStrings reads it, at `position`; checked to lie within the file. */
function inPlacePiece(piece: PieceInfo, position: number, size: number, name: string, path: string): InPlacePiece {
  const count = piece.count ?? 0;
  const textBytes = piece.bytes - count * Int32Array.BYTES_PER_ELEMENT;
  const textChecksums = piece.textChecksums ?? [];
  if (position + piece.bytes > size) throw new Error(`${path}: section "${name}" reaches past the end of the file`);
  if (textBytes < 0 || piece.checksum === undefined || textChecksums.length !== Math.ceil(textBytes / TEXT_BLOCK))
    throw new Error(`${path}: section "${name}" lacks the checksums of its pieces`);
  return { position, count, encoding: piece.encoding ?? 'utf8', textBytes, checksum: piece.checksum, textChecksums };
}

/** The sections of a format-4 file: those held in memory read and checked now, the rest read in place when asked for. */
async function readSections(path: string, manifest: CatalogSnapshotManifest): Promise<Map<string, SectionValue>> {
  const fd = await openAsync(path, 'r');
  let file: SnapshotFile | null = null;
  try {
    const { size } = await fstatAsync(fd);
    if (size !== manifest.bytes) throw new Error(`${path} holds ${size} bytes, not the ${manifest.bytes} saved`);
    const memoryBytes = manifest.memoryBytes ?? size;
    if (memoryBytes > size) throw new Error(`${path}: its sections held in memory reach past the end of the file`);
    const data = await readHead(fd, memoryBytes, path);
    const sections = new Map<string, SectionValue>();
    let offset = 0;
    const checked: PieceCheck = (piece, name, offset) => {
      if (piece === undefined || offset + piece.bytes > memoryBytes)
        throw new Error(`${path}: section "${name}" reaches past the part of the file read at open`);
      if (crc32(data.subarray(offset, offset + piece.bytes)) !== piece.checksum)
        throw new Error(`${path} is damaged (section "${name}" differs from its checksum)`);
      return piece;
    };
    for (const section of manifest.sections) {
      if (section.inPlace) {
        if (section.kind !== 'strings') throw new Error(`${path}: section "${section.name}" is read in place but holds no strings`);
        file ??= new SnapshotFile(path, fd);
        const pieces: InPlacePiece[] = [];
        for (const piece of section.pieces) {
          pieces.push(inPlacePiece(piece, offset, size, section.name, path));
          offset += aligned(piece.bytes);
        }
        sections.set(section.name, StringList.reading(new InPlaceStrings(file, section.name, pieces)));
      } else {
        const [value, end] = sectionInMemory(data, offset, section, path, checked);
        sections.set(section.name, value);
        offset = end;
      }
    }
    if (file === null) await closeAsync(fd);
    return sections;
  } catch (error) {
    if (file === null) await closeAsync(fd);
    else file.close();
    throw error;
  }
}

/**
 * The parts a manifest describes; throws, saying what is wrong, when the columns file is not the one it describes.
 * Typed arrays are views of the file's bytes and strings are decoded when asked for (see StringList); a damaged piece
 * read in place throws when it is first read.
 */
export async function readCatalogSnapshot(folder: string, manifest: CatalogSnapshotManifest): Promise<CatalogParts> {
  const path = join(folder, COLUMNS);
  const sections = [FORMAT_2, FORMAT_3].includes(manifest.version)
    ? await readOldSections(path, manifest, FORMAT_2)
    : await readSections(path, manifest);
  return partsOf(sections, manifest.rows, path);
}

/** The parts with every string read, so every piece of the file is checked (for `lantern check`). */
export async function readWholeCatalogSnapshot(folder: string, manifest: CatalogSnapshotManifest): Promise<CatalogParts> {
  const parts = await readCatalogSnapshot(folder, manifest);
  for (const [, value] of sectionsOf(parts)) if (value instanceof StringList) value.all();
  return parts;
}
