// Decompresses an Outlook compressed-RTF body (PR_RTF_COMPRESSED, [MS-OXRTFCP]): LZFu, or MELA for stored-as-is.

const COMPRESSED = 0x75465a4c;
const UNCOMPRESSED = 0x414c454d;
const HEADER_BYTES = 16;
const DICTIONARY_SIZE = 4096;
/** The dictionary every LZFu stream starts from, as the specification gives it. */
const INITIAL_DICTIONARY =
  '{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss \\fmodern \\fscript \\fdecor MS Sans SerifSymbolArialTimes New RomanCourier' +
  '{\\colortbl\\red0\\green0\\blue0\r\n\\par \\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx';

export function decompressRtf(bytes: Uint8Array): Uint8Array {
  if (bytes.length < HEADER_BYTES) throw new Error(`compressed RTF: ${bytes.length} bytes is shorter than its header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rawSize = view.getUint32(4, true);
  const kind = view.getUint32(8, true);
  const end = Math.min(bytes.length, view.getUint32(0, true) + 4);
  if (kind === UNCOMPRESSED) return bytes.subarray(HEADER_BYTES, Math.min(bytes.length, HEADER_BYTES + rawSize));
  if (kind !== COMPRESSED) throw new Error(`compressed RTF: unknown compression 0x${kind.toString(16)}`);
  const dictionary = new Uint8Array(DICTIONARY_SIZE);
  for (let index = 0; index < INITIAL_DICTIONARY.length; index++) dictionary[index] = INITIAL_DICTIONARY.charCodeAt(index);
  let writeAt = INITIAL_DICTIONARY.length;
  // rawSize comes from the stream itself, so it only sizes the first allocation, never bounds the loop.
  const output: number[] = [];
  let position = HEADER_BYTES;
  while (position < end) {
    const control = bytes[position++]!;
    for (let bit = 0; bit < 8 && position < end; bit++) {
      if ((control & (1 << bit)) === 0) {
        const byte = bytes[position++]!;
        output.push(byte);
        dictionary[writeAt] = byte;
        writeAt = (writeAt + 1) % DICTIONARY_SIZE;
        continue;
      }
      if (position + 1 >= end) return Uint8Array.from(output);
      const reference = (bytes[position]! << 8) | bytes[position + 1]!;
      position += 2;
      const offset = reference >> 4;
      if (offset === writeAt) return Uint8Array.from(output);
      const length = (reference & 0x0f) + 2;
      for (let step = 0; step < length; step++) {
        const byte = dictionary[(offset + step) % DICTIONARY_SIZE]!;
        output.push(byte);
        dictionary[writeAt] = byte;
        writeAt = (writeAt + 1) % DICTIONARY_SIZE;
      }
    }
  }
  return Uint8Array.from(output);
}
