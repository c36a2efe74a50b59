// Apple Mail's own files: `.emlx` messages (a byte count, the message, then a property list with flags) and the
// `.mbox` bundle folders that hold them or an exported `mbox` file.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { MailReader, RawMail } from '../rawMail';
import { looksLikeMessage } from './looksLikeMessage';

/** emlx flag bits in the trailing plist's <key>flags</key>: bit 0 read, bit 4 flagged. */
const READ_BIT = 1;
const FLAGGED_BIT = 1 << 4;

export function emlxMessage(bytes: Buffer, position: string, folder: string | null): RawMail {
  const newline = bytes.indexOf(0x0a);
  const declared = newline > 0 ? Number(bytes.subarray(0, newline).toString('latin1').trim()) : Number.NaN;
  if (!Number.isInteger(declared) || declared <= 0 || newline + 1 + declared > bytes.length) {
    return {
      kind: 'failure',
      position,
      reason: 'emlx: the first line does not give the length of the message that follows; the file is damaged',
    };
  }
  const message = bytes.subarray(newline + 1, newline + 1 + declared);
  const plist = bytes.subarray(newline + 1 + declared).toString('utf8');
  const flags = Number(/<key>flags<\/key>\s*<integer>(\d+)<\/integer>/.exec(plist)?.[1] ?? Number.NaN);
  const state = Number.isFinite(flags) ? { isRead: (flags & READ_BIT) !== 0, isStarred: (flags & FLAGGED_BIT) !== 0 } : {};
  return { kind: 'message', bytes: Buffer.from(message), offset: -1, position, placement: { folder, labels: [], ...state } };
}

/** An .emlx starts with a line holding only the length of the message, whose header lines follow. */
export function looksLikeEmlx(head: Buffer): boolean {
  const firstLine = /^(\d{1,12})[ \t]*\r?\n/.exec(head.toString('latin1'));
  return firstLine !== null && looksLikeMessage(head.subarray(firstLine[0].length));
}

/** One .emlx file dropped on its own, or found in a folder under any name. */
export const readEmlxFile: MailReader = async function* (path, options) {
  const bytes = await readFile(path);
  yield emlxMessage(bytes, basename(path), null);
  options.onBytes(bytes.length);
};

/**
 * The folder of a path inside Apple Mail's tree: the `.mbox` bundle names, without the storage folders Mail keeps
 * inside them ("INBOX.mbox/<uuid>/Data/1/Messages/12.emlx" → "INBOX"). Null when no bundle is on the path.
 */
export function appleMailFolder(segments: readonly string[]): string | null {
  const bundles = segments.filter((segment) => /\.mbox$/i.test(segment));
  if (bundles.length === 0) return null;
  return bundles.map((segment) => segment.replace(/\.mbox$/i, '')).join('/');
}
