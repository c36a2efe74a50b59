// Decides how to read a dropped path by looking at its content, not only its name.
import { open, stat } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { createReadStream } from 'node:fs';
import type { SourceKind } from '../../shared/model/importing';
import type { MailReader } from './rawMail';
import { isGzip, readMbox } from './mbox';

export type Detection = { kind: SourceKind; reader: MailReader } | { problem: string };

const HEAD_BYTES = 4096;

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

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

function looksLikeMbox(head: Buffer): boolean {
  return head.subarray(0, 5).toString('latin1') === 'From ';
}

export async function detectSource(path: string): Promise<Detection> {
  const info = await stat(path);
  if (info.isDirectory()) return { problem: `${path} is a folder with no mail Lantern can read` };
  if (info.size === 0) return { problem: `${path} is empty` };
  let head = await readHead(path);
  if (isGzip(head)) head = await readGunzippedHead(path);
  if (looksLikeMbox(head)) return { kind: 'mbox', reader: readMbox };
  return { problem: `${path} is not a mail file Lantern can read (expected an mbox export)` };
}
