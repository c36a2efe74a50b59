// Rewrites raw (not RFC 2047 encoded) non-UTF-8 header bytes as UTF-8, so the MIME parser, which reads raw header
// bytes as UTF-8, shows them as the sender wrote them and not as U+FFFD.
import { isAscii, isUtf8 } from 'node:buffer';

const FALLBACK_CHARSET = 'windows-1252';
/** How far into the body to look for a part's declared charset when the top-level header declares none. */
const BODY_CHARSET_SCAN_BYTES = 64 * 1024;
const ESCAPE = 0x1b;

function headerEnd(bytes: Buffer): number {
  const lf = bytes.indexOf('\n\n');
  // A CRLF blank line counts only before the first LF one: most mbox mail has LF line ends, so looking for CRLF
  // through the whole body read every byte of almost every message for nothing.
  const crlf = bytes.subarray(0, lf < 0 ? bytes.length : lf + 3).indexOf('\r\n\r\n');
  if (lf < 0) return crlf < 0 ? bytes.length : crlf;
  return crlf < 0 ? lf : Math.min(lf, crlf);
}

function hasEightBitOrEscape(bytes: Buffer): boolean {
  return !isAscii(bytes) || bytes.includes(ESCAPE);
}

/** A charset label TextDecoder knows, or null; UTF-8 and ASCII labels are no help for bytes that are not UTF-8. */
function usableCharset(label: string | undefined): string | null {
  if (!label) return null;
  try {
    const encoding = new TextDecoder(label.trim()).encoding;
    return encoding === 'utf-8' || encoding === 'utf-16le' || encoding === 'utf-16be' ? null : encoding;
  } catch {
    return null;
  }
}

/**
 * windows-1252's characters at 0x80-0x9f (curly quotes, dashes, €), which Node 20's TextDecoder decodes as C1
 * control characters (it treats windows-1252 as latin1); 0x81, 0x8d, 0x8f, 0x90 and 0x9d have none.
 */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decode(bytes: Buffer, charset: string): string {
  const text = new TextDecoder(charset).decode(bytes);
  if (charset !== 'windows-1252') return text;
  return text.replace(/[\u0080-\u009f]/g, (control) => WINDOWS_1252_HIGH[control.charCodeAt(0) - 0x80]!);
}

const CHARSET_PARAMETER = /charset\s*=\s*"?([^";\s]+)/i;

/** The charset the message declares for its text: the top-level one, else the first part's within the first 64 KB. */
function declaredCharset(header: string, body: Buffer): string | null {
  const topLevel = /^content-type:[^\n]*(\n[ \t][^\n]*)*/im.exec(header)?.[0];
  const own = usableCharset(topLevel ? CHARSET_PARAMETER.exec(topLevel)?.[1] : undefined);
  if (own) return own;
  return usableCharset(CHARSET_PARAMETER.exec(body.subarray(0, BODY_CHARSET_SCAN_BYTES).toString('latin1'))?.[1]);
}

/** Header fields with their folded continuation lines, and line ends, kept as they are. */
function fields(header: Buffer): Buffer[] {
  const result: Buffer[] = [];
  let start = 0;
  for (let newline = header.indexOf(0x0a); newline !== -1; newline = header.indexOf(0x0a, newline + 1)) {
    const next = header[newline + 1];
    if (next === 0x20 || next === 0x09) continue;
    result.push(header.subarray(start, newline + 1));
    start = newline + 1;
  }
  if (start < header.length) result.push(header.subarray(start));
  return result;
}

/**
 * Raw 8-bit header fields become UTF-8: valid UTF-8 stays as it is; other bytes are read in the charset the message
 * declares for its text, else windows-1252 (which maps every byte). Raw ISO-2022-JP (escape sequences in 7-bit
 * bytes, as old Japanese mailers sent it) is read as such. The body is not touched. Mail without such bytes is
 * returned as it is.
 */
export function withUtf8Headers(bytes: Buffer): Buffer {
  const end = headerEnd(bytes);
  const header = bytes.subarray(0, end);
  if (!hasEightBitOrEscape(header)) return bytes;
  let fallback: string | null = null;
  let changed = false;
  const rewritten = fields(header).map((field) => {
    if (!hasEightBitOrEscape(field)) return field;
    const hasEightBit = field.some((byte) => byte >= 0x80);
    if (!hasEightBit && field.includes(Buffer.from([ESCAPE, 0x24]))) {
      changed = true;
      return Buffer.from(new TextDecoder('iso-2022-jp').decode(field), 'utf8');
    }
    if (!hasEightBit || isUtf8(field)) return field;
    fallback ??= declaredCharset(header.toString('latin1'), bytes.subarray(end)) ?? FALLBACK_CHARSET;
    changed = true;
    return Buffer.from(decode(field, fallback), 'utf8');
  });
  return changed ? Buffer.concat([...rewritten, bytes.subarray(end)]) : bytes;
}
