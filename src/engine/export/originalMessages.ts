// Reads messages' original bytes back from the mbox files they were imported from, one pass per file.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { isGzip, splitMboxStream } from '../import/sources/mbox';

/** Offsets wanted from one mbox file → the message bytes found there (without the "From " line, unescaped). */
export async function readMboxMessagesAt(file: string, offsets: Set<number>, signal: AbortSignal): Promise<Map<number, Buffer>> {
  const found = new Map<number, Buffer>();
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      head = Buffer.alloc(2);
      await handle.read(head, 0, 2, 0);
    } finally {
      await handle.close();
    }
  } catch {
    return found;
  }
  const raw = createReadStream(file, { highWaterMark: 1 << 20 });
  const stream: Readable = isGzip(head) ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (error) => stream.destroy(error));
  try {
    for await (const mail of splitMboxStream(stream, '', signal)) {
      if (mail.kind === 'message' && offsets.has(mail.offset)) {
        found.set(mail.offset, mail.bytes);
        if (found.size === offsets.size) break;
      }
    }
  } catch {
    // A file that changed since the import reads as far as it can; the rest is rebuilt from the store.
  } finally {
    raw.destroy();
    stream.destroy();
  }
  return found;
}
