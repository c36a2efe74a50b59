// Turns the bytes of a text attachment into a string: byte order mark, then the declared charset, then UTF-8, else Windows-1252.
import { TextDecoder } from 'node:util';

function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

function charsetOf(contentType: string): string {
  return /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] ?? '';
}

/** An HTML file's own `<meta charset>`, read from its first bytes (the only place it may be declared). */
function metaCharsetOf(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ?? '';
}

export function decodeText(bytes: Uint8Array, contentType = ''): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const declared = decoderFor(charsetOf(contentType) || metaCharsetOf(bytes));
  if (declared) return declared.decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Mail from Windows without a declared charset is far more often Windows-1252 than anything else.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
