// Turns an attachment's name from mail (which anyone can write) into a file name safe to create on any system.

/** Well under the 255 bytes most file systems allow, leaving room for " (2)" and similar suffixes. */
const MAX_NAME_BYTES = 200;
/** An extension longer than this is not kept whole when the name is shortened. */
const MAX_EXTENSION_CHARACTERS = 16;

// Control characters, and the invisible ones that reorder or hide text: "invoice\u202Efdp.exe" shows as "invoiceexe.pdf".
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are removed.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
// Characters Windows refuses in names (the separators are gone by the time this runs).
const RESERVED_CHARACTERS = /[<>:"|?*]/g;
// Names Windows treats as devices whatever their extension ("con.txt" is the console).
const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

const encoder = new TextEncoder();

function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** Cuts whole code points from the end until the text fits in `maxBytes` of UTF-8. */
function cutToBytes(text: string, maxBytes: number): string {
  let result = '';
  let bytes = 0;
  for (const character of text) {
    const size = byteLength(character);
    if (bytes + size > maxBytes) break;
    result += character;
    bytes += size;
  }
  return result;
}

/** Shortens a long name in its middle, keeping a short extension so the file still opens with the right program. */
function shorten(name: string): string {
  if (byteLength(name) <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot - 1 <= MAX_EXTENSION_CHARACTERS ? name.slice(dot) : '';
  const stem = extension ? name.slice(0, dot) : name;
  return `${cutToBytes(stem, MAX_NAME_BYTES - byteLength(extension)).trimEnd()}${extension}`;
}

/**
 * The name to write an attachment under: the last part of any path it carries, without control or invisible
 * characters, Windows' reserved characters, leading dots or trailing dots and spaces, at most 200 bytes;
 * "attachment-N" (N counted from 1) when nothing usable is left.
 */
export function safeAttachmentName(name: string, index: number): string {
  const fallback = `attachment-${index + 1}`;
  const lastPart = name.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let clean = lastPart
    .replace(INVISIBLE, '')
    .replace(RESERVED_CHARACTERS, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  if (DEVICE_NAMES.test(clean)) clean = `_${clean}`;
  clean = shorten(clean);
  return clean === '' ? fallback : clean;
}
