// The catalog's columns on disk: one file of sections (typed arrays as they are in memory, string lists as their lengths
// and their text) and a manifest naming the file's version, sections, checksum and the messages table version it was made from.
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { CatalogParts, FilterField } from './catalogParts';
import type { ValueColumnParts } from './valueColumn';

/** Bumped when the catalog's columns or this layout change; a snapshot of another version is not read. */
export const CATALOG_SNAPSHOT_VERSION = 2;

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

/** A stretch of a section: a typed array whole, or up to STRINGS_PER_PIECE strings of a list. */
interface PieceInfo {
  bytes: number;
  /** Of a string list's piece: how many strings, their lengths (Int32, in UTF-16 units) first, then their text so encoded. */
  count?: number;
  encoding?: 'latin1' | 'utf8' | 'utf16le';
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
 * A piece's text is decoded as one string and its strings cut out of it (V8 shares the text rather than copying it);
 * pieces keep each text far below V8's longest string at a million messages.
 */
const STRINGS_PER_PIECE = 50_000;

type SectionValue = string[] | Float64Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>;

function kindOf(value: SectionValue): SectionKind {
  if (Array.isArray(value)) return 'strings';
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

function piecesOf(value: SectionValue): { info: PieceInfo; data: Uint8Array[] }[] {
  if (!Array.isArray(value))
    return [{ info: { bytes: value.byteLength }, data: [new Uint8Array(value.buffer, value.byteOffset, value.byteLength)] }];
  const pieces: { info: PieceInfo; data: Uint8Array[] }[] = [];
  for (let start = 0; start === 0 || start < value.length; start += STRINGS_PER_PIECE) {
    const strings = value.slice(start, start + STRINGS_PER_PIECE);
    const lengths = new Int32Array(strings.length);
    for (let index = 0; index < strings.length; index += 1) lengths[index] = strings[index]!.length;
    const text = strings.join('');
    const encoding = encodingOf(text);
    const encoded = Buffer.from(text, encoding);
    const data = [new Uint8Array(lengths.buffer), encoded];
    pieces.push({ info: { bytes: lengths.byteLength + encoded.length, count: strings.length, encoding }, data });
  }
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
      for (const data of pieces.flatMap((piece) => piece.data)) {
        checksum = crc32(data, checksum);
        bytes += data.length;
        await file.write(data);
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

function typedArray(kind: Exclude<SectionKind, 'strings'>, buffer: ArrayBuffer): SectionValue {
  if (kind === 'float64') return new Float64Array(buffer);
  if (kind === 'int32') return new Int32Array(buffer);
  return new Uint8Array(buffer);
}

/** Appends a string piece's strings (see PieceInfo) to `values`. */
function readStrings(data: Buffer, offset: number, piece: PieceInfo, values: string[]): void {
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

/** The parts a manifest describes; throws, saying what is wrong, when the columns file is not the one it describes. */
export async function readCatalogSnapshot(folder: string, manifest: CatalogSnapshotManifest): Promise<CatalogParts> {
  const path = join(folder, COLUMNS);
  const data = await readFile(path);
  if (data.length !== manifest.bytes) throw new Error(`${path} holds ${data.length} bytes, not the ${manifest.bytes} saved`);
  if (crc32(data) !== manifest.checksum) throw new Error(`${path} is damaged (its checksum differs from the saved one)`);
  const sections = new Map<string, SectionValue>();
  let offset = 0;
  for (const section of manifest.sections) {
    if (section.kind === 'strings') {
      const values: string[] = [];
      for (const piece of section.pieces) {
        readStrings(data, offset, piece, values);
        offset += piece.bytes;
      }
      sections.set(section.name, values);
    } else {
      const start = data.byteOffset + offset;
      sections.set(section.name, typedArray(section.kind, data.buffer.slice(start, start + section.pieces[0]!.bytes)));
      offset += section.pieces[0]!.bytes;
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
    values: take<string[]>(`${name}.values`, 'strings'),
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
