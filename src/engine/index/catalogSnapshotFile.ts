// The catalog's columns on disk: one file of sections (typed arrays as they are in memory, string lists as their values'
// ends and their text) and a manifest naming the file's version, sections, checksum and the messages table version it was made from.
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { CatalogParts, FilterField } from './catalogParts';
import type { ValueColumnParts } from './valueColumn';
import { StringList, type SavedPiece } from './stringList';
import { readWholeFile } from './readWholeFile';

/**
 * Bumped when the catalog's columns or this layout change; a snapshot of another version is not read. Format 3 saves
 * each string's end in bytes rather than its length in characters, so a value is decoded alone, and starts every piece
 * at a multiple of 8 bytes, so typed arrays are read in place.
 */
export const CATALOG_SNAPSHOT_VERSION = 3;
/**
 * Format 2 (each string's length in characters, pieces unaligned) is still read, decoded whole as before, so that a
 * writer saves it again as format 3 rather than scanning the table, which would forget the body hashes it holds.
 */
export const READABLE_OLD_SNAPSHOT_VERSION = 2;

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

type SectionKind = 'strings' | 'float64' | 'int32' | 'uint8';

/**
 * A stretch of a section: a typed array whole, or up to STRINGS_PER_PIECE strings of a list. Each piece is followed by
 * zero bytes up to the next multiple of 8 (not counted in `bytes`).
 */
interface PieceInfo {
  bytes: number;
  /** Of a string list's piece: how many strings, each one's end in bytes (Int32) first, then their text so encoded. */
  count?: number;
  encoding?: SavedPiece['encoding'];
}

interface SectionInfo {
  name: string;
  kind: SectionKind;
  pieces: PieceInfo[];
}

export interface CatalogSnapshotManifest {
  version: number;
  rows: number;
  table: TableTie;
  bytes: number;
  /** CRC-32 of the whole columns file. */
  checksum: number;
  sections: SectionInfo[];
}

/**
 * A piece's text may be decoded as one string and its strings cut out of it (see StringList.all); pieces keep each
 * text far below V8's longest string at a million messages.
 */
const STRINGS_PER_PIECE = 50_000;
/** Pieces start at multiples of this, so a Float64Array reads its piece in place. */
const ALIGNMENT = 8;

function aligned(bytes: number): number {
  return Math.ceil(bytes / ALIGNMENT) * ALIGNMENT;
}

type SectionValue = StringList | Float64Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>;

function kindOf(value: SectionValue): SectionKind {
  if (value instanceof StringList) return 'strings';
  if (value instanceof Float64Array) return 'float64';
  if (value instanceof Int32Array) return 'int32';
  return 'uint8';
}

/** The catalog's parts as named sections, in the order they are saved and read. */
function sectionsOf(parts: CatalogParts): [string, SectionValue][] {
  const valueColumn = (name: string, column: ValueColumnParts): [string, SectionValue][] => [
    [`${name}.values`, column.values],
    [`${name}.numbers`, column.numbers],
  ];
  return [
    ['ids', parts.ids],
    ['messageIds', parts.messageIds],
    ['dates', parts.dates],
    ['sizes', parts.sizes],
    ['flags', parts.flags],
    ['bodyHashes', parts.bodyHashes],
    ...valueColumn('attachments', parts.attachments),
    ...valueColumn('labels', parts.labels),
    ...Object.entries(parts.stored).flatMap(([name, column]) => valueColumn(`stored.${name}`, column)),
    ...Object.entries(parts.columns).flatMap(([name, column]) => valueColumn(`columns.${name}`, column)),
  ];
}

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

function stringPiece(strings: readonly string[]): { info: PieceInfo; data: Uint8Array[] } {
  const text = strings.join('');
  let encoding = encodingOf(text);
  let encoded = Buffer.from(text, encoding);
  let ends = stringEnds(strings, encoding, encoded);
  if (ends === null) {
    encoding = 'utf16le';
    encoded = Buffer.from(text, encoding);
    ends = stringEnds(strings, encoding, encoded)!;
  }
  return {
    info: { bytes: ends.byteLength + encoded.length, count: strings.length, encoding },
    data: [new Uint8Array(ends.buffer), encoded],
  };
}

function piecesOf(value: SectionValue): { info: PieceInfo; data: Uint8Array[] }[] {
  if (!(value instanceof StringList))
    return [{ info: { bytes: value.byteLength }, data: [new Uint8Array(value.buffer, value.byteOffset, value.byteLength)] }];
  const strings = value.all();
  const pieces: { info: PieceInfo; data: Uint8Array[] }[] = [];
  for (let start = 0; start === 0 || start < strings.length; start += STRINGS_PER_PIECE)
    pieces.push(stringPiece(strings.slice(start, start + STRINGS_PER_PIECE)));
  return pieces;
}

/** Writes the snapshot into a staging folder and puts it in place of `folder` whole. */
/**
 * Writes the snapshot into a folder beside `folder`, then puts it in its place. `besides` gives other files to save
 * with it (by name), made knowing the columns file's checksum, so that they are replaced with the snapshot at once.
 */
export async function writeCatalogSnapshot(
  folder: string,
  parts: CatalogParts,
  table: TableTie,
  besides: (checksum: number) => Record<string, string> = () => ({}),
): Promise<void> {
  const staging = `${folder}.saving`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const sections: SectionInfo[] = [];
  let checksum = 0;
  let bytes = 0;
  const file = await open(join(staging, COLUMNS), 'w');
  try {
    // One section's pieces at a time, so the JSON of every string list is never held at once.
    for (const [name, value] of sectionsOf(parts)) {
      const pieces = piecesOf(value);
      for (const piece of pieces) {
        const padding = new Uint8Array(aligned(piece.info.bytes) - piece.info.bytes);
        for (const data of [...piece.data, padding]) {
          checksum = crc32(data, checksum);
          bytes += data.length;
          await file.write(data);
        }
      }
      sections.push({ name, kind: kindOf(value), pieces: pieces.map((piece) => piece.info) });
    }
    await file.sync();
  } finally {
    await file.close();
  }
  const manifest: CatalogSnapshotManifest = { version: CATALOG_SNAPSHOT_VERSION, rows: parts.ids.length, table, bytes, checksum, sections };
  for (const [name, text] of Object.entries(besides(checksum))) await writeFile(join(staging, name), text);
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

/** A typed array of the section read in place (the file's bytes start at a multiple of ALIGNMENT). */
function typedArray(kind: Exclude<SectionKind, 'strings'>, data: Buffer<ArrayBuffer>, offset: number, bytes: number): SectionValue {
  const start = data.byteOffset + offset;
  if (kind === 'float64') return new Float64Array(data.buffer, start, bytes / Float64Array.BYTES_PER_ELEMENT);
  if (kind === 'int32') return new Int32Array(data.buffer, start, bytes / Int32Array.BYTES_PER_ELEMENT);
  return new Uint8Array(data.buffer, start, bytes);
}

/** A string piece's place (see PieceInfo), its ends checked so that no value reaches outside its text. */
function savedStringPiece(data: Buffer, offset: number, piece: PieceInfo, path: string): SavedPiece {
  const count = piece.count ?? 0;
  const encoding = piece.encoding ?? 'utf8';
  const textBytes = piece.bytes - count * Int32Array.BYTES_PER_ELEMENT;
  const ends = new Int32Array(data.buffer, data.byteOffset + offset, count);
  const unit = encoding === 'utf16le' ? 2 : 1;
  let previous = 0;
  for (const end of ends) {
    if (end < previous || end % unit !== 0) throw new Error(`${path}: a string piece's ends are out of order`);
    previous = end;
  }
  if (textBytes < 0 || previous !== textBytes)
    throw new Error(`${path}: a string piece's ends reach ${previous} bytes, not its ${textBytes}`);
  return { ends, textStart: offset + count * Int32Array.BYTES_PER_ELEMENT, encoding };
}

/** A format-2 string piece's strings: their lengths (in UTF-16 units) first, then their text, decoded whole. */
function oldStringPiece(data: Buffer, offset: number, piece: PieceInfo, values: string[]): void {
  const count = piece.count ?? 0;
  const start = data.byteOffset + offset;
  const lengths = new Int32Array(data.buffer.slice(start, start + count * 4));
  const text = data.toString(piece.encoding ?? 'utf8', offset + count * 4, offset + piece.bytes);
  let position = 0;
  for (const length of lengths) {
    values.push(text.slice(position, position + length));
    position += length;
  }
  if (position !== text.length)
    throw new Error(`catalog snapshot: a piece's lengths add up to ${position} characters, not its ${text.length}`);
}

/** A format-2 section (see oldStringPiece): typed arrays copied out of the file, strings decoded. */
function oldSection(data: Buffer<ArrayBuffer>, offset: number, section: SectionInfo): SectionValue {
  if (section.kind !== 'strings') {
    const start = data.byteOffset + offset;
    const copy = data.buffer.slice(start, start + section.pieces[0]!.bytes);
    return typedArray(section.kind, Buffer.from(copy), 0, copy.byteLength);
  }
  const values: string[] = [];
  for (const piece of section.pieces) {
    oldStringPiece(data, offset, piece, values);
    offset += piece.bytes;
  }
  return StringList.of(values);
}

/** The whole file, in a buffer starting at a multiple of ALIGNMENT (a file's bytes are read into one of their own). */
async function readAligned(path: string): Promise<Buffer<ArrayBuffer>> {
  const data = await readWholeFile(path);
  if (data.byteOffset % ALIGNMENT === 0) return data;
  const copy = Buffer.alloc(data.length);
  data.copy(copy);
  return copy;
}

/**
 * The parts a manifest describes; throws, saying what is wrong, when the columns file is not the one it describes.
 * Typed arrays are views of the file's bytes and strings are decoded when asked for (see StringList).
 */
export async function readCatalogSnapshot(folder: string, manifest: CatalogSnapshotManifest): Promise<CatalogParts> {
  const path = join(folder, COLUMNS);
  const data = await readAligned(path);
  if (data.length !== manifest.bytes) throw new Error(`${path} holds ${data.length} bytes, not the ${manifest.bytes} saved`);
  if (crc32(data) !== manifest.checksum) throw new Error(`${path} is damaged (its checksum differs from the saved one)`);
  const sections = new Map<string, SectionValue>();
  let offset = 0;
  const within = (piece: PieceInfo | undefined, name: string): PieceInfo => {
    if (piece === undefined || offset + piece.bytes > data.length)
      throw new Error(`${path}: section "${name}" reaches past the end of the file`);
    return piece;
  };
  for (const section of manifest.sections) {
    if (manifest.version === READABLE_OLD_SNAPSHOT_VERSION) {
      for (const piece of section.pieces) within(piece, section.name);
      sections.set(section.name, oldSection(data, offset, section));
      offset += section.pieces.reduce((sum, piece) => sum + piece.bytes, 0);
    } else if (section.kind === 'strings') {
      const pieces: SavedPiece[] = [];
      for (const piece of section.pieces) {
        within(piece, section.name);
        pieces.push(savedStringPiece(data, offset, piece, path));
        offset += aligned(piece.bytes);
      }
      sections.set(section.name, StringList.saved(data, pieces));
    } else {
      const { bytes } = within(section.pieces[0], section.name);
      sections.set(section.name, typedArray(section.kind, data, offset, bytes));
      offset += aligned(bytes);
    }
  }
  return partsOf(sections, manifest.rows, path);
}

/** Puts the sections back together as the catalog's parts, checking each is there and numbers every message. */
function partsOf(sections: Map<string, SectionValue>, rows: number, path: string): CatalogParts {
  const take = <T extends SectionValue>(name: string, kind: SectionKind, length?: number): T => {
    const value = sections.get(name);
    if (value === undefined || kindOf(value) !== kind) throw new Error(`${path} has no ${kind} section "${name}"`);
    if (length !== undefined && value.length !== length)
      throw new Error(`${path}: section "${name}" holds ${value.length} values, not ${length}`);
    return value as T;
  };
  const valueColumn = (name: string): ValueColumnParts => ({
    values: take<StringList>(`${name}.values`, 'strings'),
    numbers: take<Int32Array<ArrayBuffer>>(`${name}.numbers`, 'int32', rows),
  });
  const group = <K extends string>(prefix: string): Record<K, ValueColumnParts> =>
    Object.fromEntries(
      [...sections.keys()]
        .filter((name) => name.startsWith(`${prefix}.`) && name.endsWith('.values'))
        .map((name) => name.slice(prefix.length + 1, -'.values'.length))
        .map((field) => [field, valueColumn(`${prefix}.${field}`)]),
    ) as Record<K, ValueColumnParts>;
  return {
    ids: take('ids', 'strings', rows),
    messageIds: take('messageIds', 'strings', rows),
    dates: take('dates', 'float64', rows),
    sizes: take('sizes', 'float64', rows),
    flags: take('flags', 'uint8', rows),
    bodyHashes: take('bodyHashes', 'float64', rows),
    attachments: valueColumn('attachments'),
    labels: valueColumn('labels'),
    stored: group('stored'),
    columns: group<FilterField>('columns'),
  };
}
