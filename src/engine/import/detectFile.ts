// Decides how to read one file by its content, not its name: the one recognition path for dropped files and for the
// files inside dropped folders.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import type { SourceKind } from '../../shared/model/importing';
import { isGzip, readMbox } from './sources/mbox';
import type { SourceReader } from './sourceReader';
import { looksLikeEmlx, readEmlxFile } from './sources/appleMail';
import { describeContent } from './sources/contentKind';
import { readFileHead } from './sources/fileHead';
import { readEmlFile } from './sources/emlFile';
import { looksLikeMessage } from './sources/looksLikeMessage';
import { isCompoundFile, isOutlookDataFile, isOutlookItem } from './sources/outlookMagic';

/** A reader for the file, or why it is not mail: `problem` for a file dropped alone, `what` inside a folder. */
export type Detection = { kind: SourceKind; reader: SourceReader } | { problem: string; what: string };

/**
 * A reader whose module loads when a file of its kind is first read: the Outlook and archive readers' packages
 * (pst-extractor, msgreader, tar-stream, yauzl) were loaded by every import, at its start, to read a maildir or an mbox.
 */
function readerOnceLoaded(load: () => Promise<SourceReader>): SourceReader {
  return async function* (path, options) {
    yield* (await load())(path, options);
  };
}

const readOutlookDataFile = readerOnceLoaded(async () => (await import('./sources/pstFile')).readOutlookDataFile);
const readMsgFile = readerOnceLoaded(async () => (await import('./sources/msgFile')).readMsgFile);
const readZipArchive = readerOnceLoaded(async () => (await import('./sources/zipArchive')).readZipArchive);
const readTarArchive = (compressed: boolean): SourceReader =>
  readerOnceLoaded(async () => (await import('./sources/tarArchive')).readTarArchive(compressed));

const HEAD_BYTES = 4096;
const EXPECTED = 'expected an mbox, a Takeout .zip or .tgz, an .eml, .emlx, .msg or .pst file or a mail folder';

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

/** By content, never by name alone: a Takeout zip renamed, an mbox without extension, a .msg that is RFC 822 text. */
export async function detectFile(path: string): Promise<Detection> {
  const { size } = await stat(path);
  if (size === 0) return { problem: `${path} is empty`, what: describeContent(Buffer.alloc(0), 0) };
  const head = withoutByteOrderMark(await readFileHead(path, HEAD_BYTES));
  if (isOutlookDataFile(head)) return { kind: 'pst', reader: readOutlookDataFile };
  if (isCompoundFile(head)) {
    // A .msg cut short may end before its directory: its reader says what is wrong with it.
    if ((await isOutlookItem(path)) || /\.msg$/i.test(path)) return { kind: 'msg', reader: readMsgFile };
    return {
      problem: `${path} is an Office compound document (a Word or Excel file?), not an Outlook .msg message`,
      what: 'an Office document (Word, Excel or PowerPoint 97–2003)',
    };
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
  // A damaged .emlx is still Apple Mail's: its reader names the damage rather than calling it "not mail".
  if (looksLikeEmlx(head) || /\.emlx$/i.test(path)) return { kind: 'emlx', reader: readEmlxFile };
  const what = describeContent(head, size);
  return { problem: `${path} is not a mail file Lantern can read: it looks like ${what} (${EXPECTED})`, what };
}
