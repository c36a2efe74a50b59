// The catalog snapshot's sections as its manifest names them, and how they are put back together as the catalog's parts.
import type { CatalogParts, FilterField } from './catalogParts';
import type { ValueColumnParts } from './valueColumn';
import type { SavedNumbers } from './numberColumn';
import { StringList, type SavedPiece } from './stringList';
import { ConstantNumbers } from './numberColumn';

export type SectionKind = 'strings' | 'float64' | 'int32' | 'uint16' | 'uint8' | 'constant';
/** The kinds of a value column's numbers: before format 5, always int32. */
const NUMBER_KINDS: SectionKind[] = ['uint8', 'uint16', 'int32', 'constant'];

/**
 * A stretch of a section: a typed array whole, or up to STRINGS_PER_PIECE strings of a list. Each piece is followed by
 * zero bytes up to the next multiple of 8 (not counted in `bytes`).
 */
export interface PieceInfo {
  bytes: number;
  /** Of a string list's piece: how many strings, each one's end in bytes (Int32) first, then their text so encoded. */
  count?: number;
  encoding?: SavedPiece['encoding'];
  /**
   * From format 4: CRC-32 of the piece's bytes; of a piece read in place, of its ends alone (its text is checked by
   * `textChecksums`, one per TEXT_BLOCK).
   */
  checksum?: number;
  textChecksums?: number[];
}

export interface SectionInfo {
  name: string;
  kind: SectionKind;
  /** From format 4: read from the file value by value when asked for, rather than held in memory. */
  inPlace?: boolean;
  pieces: PieceInfo[];
  /** From format 5, of a constant section (no pieces): the one number of each of its `length` messages. */
  constant?: { number: number; length: number };
}

export type SectionValue =
  StringList | Float64Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Uint8Array<ArrayBuffer> | ConstantNumbers;

/** Pieces start at multiples of this, so a Float64Array reads its piece in place. */
export const ALIGNMENT = 8;

export function aligned(bytes: number): number {
  return Math.ceil(bytes / ALIGNMENT) * ALIGNMENT;
}

export function kindOf(value: SectionValue): SectionKind {
  if (value instanceof StringList) return 'strings';
  if (value instanceof Float64Array) return 'float64';
  if (value instanceof Int32Array) return 'int32';
  if (value instanceof Uint16Array) return 'uint16';
  if (value instanceof ConstantNumbers) return 'constant';
  return 'uint8';
}

/** The catalog's parts as named sections, in the order they are saved and read. */
export function sectionsOf(parts: CatalogParts): [string, SectionValue][] {
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

/** A typed array of the section read in place (the file's bytes start at a multiple of ALIGNMENT). */
export function typedArray(
  kind: Exclude<SectionKind, 'strings' | 'constant'>,
  data: Buffer<ArrayBuffer>,
  offset: number,
  bytes: number,
): SectionValue {
  const start = data.byteOffset + offset;
  if (kind === 'float64') return new Float64Array(data.buffer, start, bytes / Float64Array.BYTES_PER_ELEMENT);
  if (kind === 'int32') return new Int32Array(data.buffer, start, bytes / Int32Array.BYTES_PER_ELEMENT);
  if (kind === 'uint16') return new Uint16Array(data.buffer, start, bytes / Uint16Array.BYTES_PER_ELEMENT);
  return new Uint8Array(data.buffer, start, bytes);
}

/**
 * Checks that a string piece's ends never go back and fall on whole characters; gives the last one (0 for none).
 * By index: at open, before the code is optimized, an iterator over each list's ends was most of this check.
 */
export function lastOfOrderedEnds(ends: Int32Array, encoding: SavedPiece['encoding'], path: string): number {
  const unit = encoding === 'utf16le' ? 2 : 1;
  let previous = 0;
  for (let index = 0; index < ends.length; index += 1) {
    const end = ends[index]!;
    if (end < previous || end % unit !== 0) throw new Error(`${path}: a string piece's ends are out of order`);
    previous = end;
  }
  return previous;
}

/** A string piece's place (see PieceInfo), its ends checked so that no value reaches outside its text. */
export function savedStringPiece(data: Buffer, offset: number, piece: PieceInfo, path: string): SavedPiece {
  const count = piece.count ?? 0;
  const encoding = piece.encoding ?? 'utf8';
  const textBytes = piece.bytes - count * Int32Array.BYTES_PER_ELEMENT;
  const ends = new Int32Array(data.buffer, data.byteOffset + offset, count);
  const last = lastOfOrderedEnds(ends, encoding, path);
  if (textBytes < 0 || last !== textBytes) throw new Error(`${path}: a string piece's ends reach ${last} bytes, not its ${textBytes}`);
  return { ends, textStart: offset + count * Int32Array.BYTES_PER_ELEMENT, encoding };
}

/** Vets a piece that starts at `offset` before it is read: that it exists and lies within the bytes read. */
export type PieceCheck = (piece: PieceInfo | undefined, name: string, offset: number) => PieceInfo;

/**
 * A section held in memory that starts at `offset` of `data`: a typed array viewing its bytes, or a string list of its
 * pieces, each piece vetted by `check` first. Returns the section and the offset just past it.
 */
export function sectionInMemory(
  data: Buffer<ArrayBuffer>,
  offset: number,
  section: SectionInfo,
  path: string,
  check: PieceCheck,
): [SectionValue, number] {
  if (section.kind === 'constant') {
    const { number, length } = section.constant ?? {};
    if (!Number.isInteger(number) || number! < 0 || !Number.isInteger(length))
      throw new Error(`${path}: section "${section.name}" lacks its constant number`);
    return [new ConstantNumbers(number!, length!), offset];
  }
  if (section.kind !== 'strings') {
    const { bytes } = check(section.pieces[0], section.name, offset);
    return [typedArray(section.kind, data, offset, bytes), offset + aligned(bytes)];
  }
  const pieces: SavedPiece[] = [];
  for (const piece of section.pieces) {
    pieces.push(savedStringPiece(data, offset, check(piece, section.name, offset), path));
    offset += aligned(piece.bytes);
  }
  return [StringList.saved(data, pieces), offset];
}

/** Puts the sections back together as the catalog's parts, checking each is there and numbers every message. */
export function partsOf(sections: Map<string, SectionValue>, rows: number, path: string): CatalogParts {
  const take = <T extends SectionValue>(name: string, kind: SectionKind | SectionKind[], length?: number): T => {
    const value = sections.get(name);
    const kinds = typeof kind === 'string' ? [kind] : kind;
    if (value === undefined || !kinds.includes(kindOf(value))) throw new Error(`${path} has no ${kinds.join(' or ')} section "${name}"`);
    if (length !== undefined && value.length !== length)
      throw new Error(`${path}: section "${name}" holds ${value.length} values, not ${length}`);
    return value as T;
  };
  const valueColumn = (name: string): ValueColumnParts => ({
    values: take<StringList>(`${name}.values`, 'strings'),
    numbers: take<SavedNumbers>(`${name}.numbers`, NUMBER_KINDS, rows),
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
