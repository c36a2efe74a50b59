// Reads a Takeout .tgz (or any tar/tar.gz of mbox/eml files) as a stream, without unpacking it to disk.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import type { MailReader, RawMail } from '../rawMail';
import { archiveEntryKind, mboxEntryFolder, singleMessage } from './archiveEntries';
import { splitMboxStream } from '../mbox';

export function readTarArchive(compressed: boolean): MailReader {
  return async function* (path, options): AsyncIterable<RawMail> {
    const file = createReadStream(path, { highWaterMark: 1 << 20 });
    const extractor = extract();
    const input: Readable = compressed ? file.pipe(createGunzip()) : file;
    input.on('error', (error) => extractor.destroy(error));
    input.pipe(extractor);
    let mailEntries = 0;
    try {
      for await (const entry of extractor) {
        options.onBytes(file.bytesRead);
        const name = entry.header.name;
        const kind = entry.header.type === 'file' ? archiveEntryKind(name) : 'skip';
        if (options.signal.aborted) return;
        if (kind !== 'skip') mailEntries += 1;
        // tar-stream entries are streamx streams of Buffers; its types leave the chunk type open.
        const body = entry as unknown as AsyncIterable<Buffer> & { destroy(): void };
        if (kind === 'mbox') yield* splitMboxStream(body, mboxEntryFolder(name), options.signal, () => options.onBytes(file.bytesRead));
        else if (kind === 'message') yield await singleMessage(body, name);
        else entry.resume();
      }
    } finally {
      file.destroy();
      extractor.destroy();
    }
    if (mailEntries === 0) throw new Error(`tar: ${path} holds no mail (no .mbox or .eml files inside)`);
  };
}

