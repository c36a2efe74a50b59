// Reads a Takeout .tgz (or any tar/tar.gz of mbox/eml files) as a stream, without unpacking it to disk.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import type { MailReader, RawMail } from '../rawMail';
import { archiveEntryKind, mboxEntryFolder, singleMessage } from './archiveEntries';
import { NoMailError } from './noMail';
import { isCutShort, readSoFar } from './readSoFar';
import { splitMboxStream } from './mbox';

export function readTarArchive(compressed: boolean): MailReader {
  return async function* (path, options): AsyncIterable<RawMail> {
    const name = basename(path);
    const file = createReadStream(path, { highWaterMark: 1 << 20 });
    const extractor = extract();
    const input: Readable = compressed ? file.pipe(createGunzip()) : file;
    input.on('error', (error) => extractor.destroy(error));
    input.pipe(extractor);
    let mailEntries = 0;
    let messages = 0;
    /** The entry being read, and the last one read whole: where a cut-short archive ends. */
    let current: string | null = null;
    let last: string | null = null;
    try {
      for await (const entry of extractor) {
        options.onBytes(file.bytesRead);
        const entryName = entry.header.name;
        const kind = entry.header.type === 'file' ? archiveEntryKind(entryName) : 'skip';
        if (options.signal.aborted) return;
        if (kind !== 'skip') mailEntries += 1;
        current = entryName;
        // tar-stream entries are streamx streams of Buffers; its types leave the chunk type open.
        const body = entry as unknown as AsyncIterable<Buffer> & { destroy(): void };
        if (kind === 'mbox') {
          for await (const mail of splitMboxStream(body, mboxEntryFolder(entryName), options.signal, () =>
            options.onBytes(file.bytesRead),
          )) {
            messages += 1;
            yield mail;
          }
        } else if (kind === 'message') {
          messages += 1;
          yield await singleMessage(body, entryName);
        } else entry.resume();
        last = entryName;
        current = null;
      }
    } catch (error) {
      if (!isCutShort(error)) throw error;
      const where = current !== null ? `inside ${current}` : last !== null ? `after its entry ${last}` : 'before its first entry';
      throw new Error(
        `tar: ${name}: the archive ends early ${where} after ${readSoFar(file.bytesRead, messages)}; the messages read so far were imported`,
        { cause: error },
      );
    } finally {
      file.destroy();
      extractor.destroy();
    }
    if (mailEntries === 0)
      throw new NoMailError('a tar archive with no mail inside', `tar: ${path} holds no mail (no .mbox or .eml files inside)`);
  };
}
