// Which saved strings contain a text, found in their bytes by a native search: no value decoded.
import type { SavedPiece } from './stringList';

/** The bytes `needle` has in `encoding`, or null when no string saved in it can contain the needle. */
function needleBytes(needle: string, encoding: SavedPiece['encoding']): Buffer | null {
  if (encoding === 'latin1') {
    for (let index = 0; index < needle.length; index += 1) if (needle.charCodeAt(index) > 0xff) return null;
    return Buffer.from(needle, 'latin1');
  }
  // A string saved as UTF-8 holds no half of a surrogate pair, which UTF-8 cannot encode.
  if (encoding === 'utf8') {
    const encoded = Buffer.from(needle, 'utf8');
    return encoded.toString('utf8') === needle ? encoded : null;
  }
  return Buffer.from(needle, 'utf16le');
}

/** The first value at or after `from` whose end lies past `offset` (binary search of the ordered ends). */
function valueAt(ends: Int32Array, offset: number, from: number): number {
  let low = from;
  let high = ends.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ends[middle]! <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Sets `verdicts[first + i]` to 1 for each value i of `piece` (its text in `text`) that contains `needle`, as
 * `value.includes(needle)` would. The needle is searched for in the bytes: its first byte never continues a character
 * (UTF-8), its matches are kept to even offsets (UTF-16), so a match is the needle's characters, and one lying across
 * two values is passed over. `ends` may stop short of the piece's: only those values are tested.
 */
export function markContaining(text: Uint8Array, piece: SavedPiece, needle: string, verdicts: Uint8Array, first: number): void {
  const { ends, textStart, encoding } = piece;
  if (ends.length === 0) return;
  if (needle === '') {
    verdicts.fill(1, first, first + ends.length);
    return;
  }
  const wanted = needleBytes(needle, encoding);
  if (wanted === null) return;
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  const textEnd = textStart + ends[ends.length - 1]!;
  let value = 0;
  for (let at = bytes.indexOf(wanted, textStart); at !== -1 && at + wanted.length <= textEnd; at = bytes.indexOf(wanted, at)) {
    const offset = at - textStart;
    if (encoding === 'utf16le' && offset % 2 !== 0) {
      at += 1;
      continue;
    }
    value = valueAt(ends, offset, value);
    if (offset + wanted.length <= ends[value]!) {
      verdicts[first + value] = 1;
      // The rest of this value needs no more looking at.
      value += 1;
      if (value === ends.length) return;
      at = textStart + ends[value - 1]!;
    } else at += 1;
  }
}
