// Guesses a file's content type from its leading bytes and its name, for files that arrive without one (TNEF contents).

const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  txt: 'text/plain',
  csv: 'text/csv',
  htm: 'text/html',
  html: 'text/html',
  xml: 'application/xml',
  json: 'application/json',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
  ics: 'text/calendar',
  vcf: 'text/vcard',
  zip: 'application/zip',
  gz: 'application/gzip',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  dat: 'application/octet-stream',
};

const OCTET_STREAM = 'application/octet-stream';

export function extensionOf(filename: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(filename.trim());
  return match ? match[1]!.toLowerCase() : '';
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function startsWithText(bytes: Uint8Array, prefix: string): boolean {
  return startsWith(
    bytes,
    [...prefix].map((character) => character.charCodeAt(0)),
  );
}

/** What the leading bytes say, when they say something unambiguous; '' otherwise. */
export function contentTypeFromMagic(bytes: Uint8Array): string {
  if (startsWithText(bytes, '%PDF-')) return 'application/pdf';
  if (startsWith(bytes, [0x78, 0x9f, 0x3e, 0x22])) return 'application/ms-tnef';
  if (startsWithText(bytes, '{\\rtf')) return 'application/rtf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (startsWithText(bytes, 'GIF8')) return 'image/gif';
  return '';
}

/** The type a file's name implies; the leading bytes win where they are unambiguous. */
export function guessContentType(filename: string, bytes: Uint8Array): string {
  return contentTypeFromMagic(bytes) || BY_EXTENSION[extensionOf(filename)] || OCTET_STREAM;
}
