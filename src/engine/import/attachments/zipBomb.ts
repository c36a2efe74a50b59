// Checks an Office file (a zip) before a reader inflates it all in memory: a zip bomb is refused, with the reason.
import { inflateRawSync } from 'node:zlib';

/** Everything in the zip together, inflated; real documents that fit the attachment size limit stay far below. */
export const MAX_EXPANDED_BYTES = 100 * 1024 * 1024;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const DEFLATE = 8;

interface ZipEntry {
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/** The central directory's entries, or null when there is none to read (the reader then fails on its own terms). */
function entriesOf(zip: Buffer): ZipEntry[] | null {
  for (let end = zip.length - 22; end >= Math.max(0, zip.length - 22 - 0xffff); end -= 1) {
    if (zip.readUInt32LE(end) !== END_OF_DIRECTORY) continue;
    const count = zip.readUInt16LE(end + 10);
    const entries: ZipEntry[] = [];
    let at = zip.readUInt32LE(end + 16);
    for (let index = 0; index < count; index += 1) {
      if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_HEADER) return null;
      entries.push({ method: zip.readUInt16LE(at + 10), compressedSize: zip.readUInt32LE(at + 20), declaredSize: zip.readUInt32LE(at + 24), localOffset: zip.readUInt32LE(at + 42) });
      at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    }
    return entries;
  }
  return null;
}

/** True when the entry's data inflates past the size its headers state. */
function inflatesPastDeclared(zip: Buffer, entry: ZipEntry): boolean {
  const local = entry.localOffset;
  if (entry.method !== DEFLATE || local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) return false;
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  try {
    inflateRawSync(zip.subarray(start, start + entry.compressedSize), { maxOutputLength: Math.max(1, entry.declaredSize) });
    return false;
  } catch (error) {
    // Damaged data is the reader's to report; only output past the stated size marks a bomb.
    return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
  }
}

/**
 * Why this zip must not be inflated, or null. The sizes the zip states are summed first; then each deflated part is
 * inflated up to its stated size and no further, because a hostile zip can state false sizes. Not a zip: null.
 */
export function zipBombProblem(bytes: Uint8Array, limit = MAX_EXPANDED_BYTES): string | null {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (zip.length < 22 || zip.readUInt32LE(0) !== LOCAL_HEADER) return null;
  const entries = entriesOf(zip);
  if (!entries) return null;
  const expanded = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (expanded > limit) return `it would expand to ${megabytes(expanded)}, over the ${megabytes(limit)} limit for reading attachment text (a zip bomb?)`;
  if (entries.some((entry) => inflatesPastDeclared(zip, entry))) return 'a part inside it holds more data than the zip states (a zip bomb?)';
  return null;
}
