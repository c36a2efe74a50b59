// Snapshots of the formats still read so that a writer saves them again in the current one (see catalogSnapshotFile.ts):
// format 3 (the whole file in memory, one checksum) and format 2 (string lengths in characters, pieces unaligned).
import { crc32 } from 'node:zlib';
import { readWholeFile } from './readWholeFile';
import { StringList } from './stringList';
import {
  ALIGNMENT,
  sectionInMemory,
  typedArray,
  type PieceCheck,
  type PieceInfo,
  type SectionInfo,
  type SectionValue,
} from './catalogSnapshotSections';

/** What of a manifest the old formats need. */
export interface OldManifest {
  version: number;
  bytes: number;
  /** CRC-32 of the whole columns file. */
  checksum: number;
  sections: SectionInfo[];
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
function format2Section(data: Buffer<ArrayBuffer>, offset: number, section: SectionInfo): SectionValue {
  if (section.kind === 'constant') throw new Error(`catalog snapshot: section "${section.name}" is constant, which format 2 never was`);
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
 * The sections of a format-2 or format-3 file, read whole and checked against the whole file's checksum: typed arrays
 * are views of its bytes (format 3) and strings decoded when asked for.
 */
export async function readOldSections(path: string, manifest: OldManifest, format2: number): Promise<Map<string, SectionValue>> {
  const data = await readAligned(path);
  if (data.length !== manifest.bytes) throw new Error(`${path} holds ${data.length} bytes, not the ${manifest.bytes} saved`);
  if (crc32(data) !== manifest.checksum) throw new Error(`${path} is damaged (its checksum differs from the saved one)`);
  const sections = new Map<string, SectionValue>();
  let offset = 0;
  const within: PieceCheck = (piece, name, start) => {
    if (piece === undefined || start + piece.bytes > data.length)
      throw new Error(`${path}: section "${name}" reaches past the end of the file`);
    return piece;
  };
  for (const section of manifest.sections) {
    if (manifest.version === format2) {
      for (const piece of section.pieces) within(piece, section.name, offset);
      sections.set(section.name, format2Section(data, offset, section));
      offset += section.pieces.reduce((sum, piece) => sum + piece.bytes, 0);
    } else {
      const [value, end] = sectionInMemory(data, offset, section, path, within);
      sections.set(section.name, value);
      offset = end;
    }
  }
  return sections;
}
