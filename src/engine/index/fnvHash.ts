// FNV-1a, the hash of the engine's open-addressing tables (word tables, the id table): the same for a text's character
// codes held as a string and for its bytes saved as Latin-1 or ASCII.

export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** FNV-1a over bytes[start, end). */
export function hashOfBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let index = start; index < end; index += 1) hash = Math.imul(hash ^ bytes[index]!, FNV_PRIME);
  return hash >>> 0;
}

/** FNV-1a over a string's character codes. */
export function hashOfString(value: string): number {
  let hash = FNV_OFFSET;
  for (let index = 0; index < value.length; index += 1) hash = Math.imul(hash ^ value.charCodeAt(index), FNV_PRIME);
  return hash >>> 0;
}
