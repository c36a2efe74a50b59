// Decides how to read a dropped path by looking at its content, not only its name.
import { stat } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { createReadStream } from 'node:fs';
import type { SourceKind } from '../../shared/model/importing';
import type { MailReader } from './rawMail';
import { isGzip, readMbox } from './mbox';
import { readFileHead } from './sources/fileHead';
import { readEmlFile, readFolderTree } from './sources/folderTree';
import { looksLikeMessage } from './sources/looksLikeMessage';
import { isCompoundFile, isOutlookItem, readMsgFile } from './sources/msgFile';
import { isOutlookDataFile, readOutlookDataFile } from './sources/pstFile';
import { readTarArchive } from './sources/tarArchive';
import { readZipArchive } from './sources/zipArchive';

export type Detection = { kind: SourceKind; reader: MailReader } | { problem: string };

const HEAD_BYTES = 4096;

async function readGunzippedHead(path: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  const stream = createReadStream(path).pipe(createGunzip());
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= HEAD_BYTES) break;
    }
  } catch {
    // A damaged gzip stream shows as an empty head: the caller reports "not mail".
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, HEAD_BYTES);
}

/** Files saved by Windows editors may start with a UTF-8 byte order mark before the first header or "From " line. */
function withoutByteOrderMark(head: Buffer): Buffer {
  return head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
}

function looksLikeMbox(head: Buffer): boolean {
  return head.subarray(0, 5).toString('latin1') === 'From ';
}

function isZip(head: Buffer): boolean {
  return head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
}

/** A tar archive has "ustar" at byte 257 of its first header block. */
function isTar(head: Buffer): boolean {
  return head.length >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar';
}

/** By content, never by name alone: a Takeout zip renamed, an mbox without extension, a gzipped tar all work. */
export async function detectSource(path: string): Promise<Detection> {
  const info = await stat(path);
  if (info.isDirectory()) return { kind: 'folder', reader: readFolderTree };
  if (info.size === 0) return { problem: `${path} is empty` };
  const head = withoutByteOrderMark(await readFileHead(path, HEAD_BYTES));
  if (isOutlookDataFile(head)) return { kind: 'pst', reader: readOutlookDataFile };
  if (isCompoundFile(head)) {
    if (await isOutlookItem(path)) return { kind: 'msg', reader: readMsgFile };
    return { problem: `${path} is an Office compound document (a Word or Excel file?), not an Outlook .msg message` };
  }
  if (isZip(head)) return { kind: 'zip', reader: readZipArchive };
  if (isTar(head)) return { kind: 'tar', reader: readTarArchive(false) };
  if (isGzip(head)) {
    const inner = withoutByteOrderMark(await readGunzippedHead(path));
    if (isTar(inner)) return { kind: 'tar', reader: readTarArchive(true) };
    if (looksLikeMbox(inner)) return { kind: 'mbox', reader: readMbox };
  }
  if (looksLikeMbox(head)) return { kind: 'mbox', reader: readMbox };
  if (looksLikeMessage(head)) return { kind: 'eml', reader: readEmlFile };
  return { problem: `${path} is not a mail file Lantern can read (expected an mbox, a Takeout .zip or .tgz, an .eml, .msg or .pst file or a mail folder)` };
}
