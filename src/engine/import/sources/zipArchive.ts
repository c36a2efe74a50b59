// Reads a Gmail Takeout .zip (or any zip of mbox/eml files) as a stream, without unpacking it to disk.
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { MailReader, RawMail } from '../rawMail';
import { archiveEntryKind, mboxEntryFolder, singleMessage } from './archiveEntries';
import { NoMailError } from './noMail';
import { splitMboxStream } from './mbox';
import { errorMessage } from '../../../shared/errorMessage';

/** A zip bomb expands far beyond any real mail archive's compression ratio. */
const MAX_RATIO = 200;
const RATIO_APPLIES_ABOVE = 64 * 1024 * 1024;

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: yauzl.Entry): void => done(entry);
    const onEnd = (): void => done(null);
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const cleanup = (): void => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const done = (entry: yauzl.Entry | null): void => {
      cleanup();
      resolve(entry);
    };
    zip.once('entry', onEntry);
    zip.once('end', onEnd);
    zip.once('error', onError);
    zip.readEntry();
  });
}

function entryProblem(entry: yauzl.Entry, error: unknown): string {
  const message = errorMessage(error);
  if (/too many bytes in the stream/i.test(message)) {
    return `zip: ${entry.fileName} holds more data than the ${entry.uncompressedSize.toLocaleString('en')} bytes its header states (a zip bomb?); skipped the rest of it`;
  }
  return `zip: ${entry.fileName} could not be read: ${message}`;
}

/** The chunks of a stream, passing each one's length to `onLength` as it goes by. */
async function* countChunks(stream: AsyncIterable<Buffer>, onLength: (length: number) => void): AsyncIterable<Buffer> {
  for await (const chunk of stream) {
    onLength(chunk.length);
    yield chunk;
  }
}

export const readZipArchive: MailReader = async function* (path, options): AsyncIterable<RawMail> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch (error) {
    // The table of contents is at the end of a zip: a file cut short has its first entries but no way to find them.
    if (/end of central directory record signature not found/i.test((error as Error).message)) {
      throw new Error(
        `zip: ${basename(path)} is cut short: its table of contents, which a zip keeps at its end, is missing (an interrupted download or copy?); nothing in it could be read, so copy or download it again`,
        { cause: error },
      );
    }
    throw new Error(`zip: ${basename(path)} cannot be opened as a zip archive: ${(error as Error).message}`, { cause: error });
  }
  let consumed = 0;
  let mailEntries = 0;
  const seen: SeenEntries = { count: 0, first: null, hasOfficeTypes: false, hasManifest: false };
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (options.signal.aborted) return;
      noteEntry(seen, entry.fileName);
      const kind = archiveEntryKind(entry.fileName);
      if (kind === 'skip') continue;
      if (entry.uncompressedSize > RATIO_APPLIES_ABOVE && entry.uncompressedSize > entry.compressedSize * MAX_RATIO) {
        yield {
          kind: 'failure',
          position: entry.fileName,
          reason: `zip: ${entry.fileName} would expand ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))}× (a zip bomb?); skipped`,
        };
        continue;
      }
      mailEntries += 1;
      // One bad entry (damaged, lying about its size, not mail) is reported by name; the entries after it still import.
      try {
        const stream: Readable = await zip.openReadStreamPromise(entry);
        if (kind === 'mbox') {
          // yauzl gives only the inflated bytes: the compressed bytes read are their share of the entry's compressed size.
          let inflated = 0;
          const counted = countChunks(stream as AsyncIterable<Buffer>, (length) => (inflated += length));
          const share = (): number => (entry.uncompressedSize > 0 ? Math.min(1, inflated / entry.uncompressedSize) : 0);
          yield* splitMboxStream(counted, mboxEntryFolder(entry.fileName), options.signal, () =>
            options.onBytes(consumed + Math.round(entry.compressedSize * share())),
          );
        } else {
          yield await singleMessage(stream, entry.fileName);
        }
      } catch (error) {
        yield { kind: 'failure', position: entry.fileName, reason: entryProblem(entry, error) };
      }
      consumed += entry.compressedSize;
      options.onBytes(consumed);
    }
  } finally {
    zip.close();
  }
  if (mailEntries === 0) throw new NoMailError(whatZipIs(seen), `zip: ${basename(path)} holds no mail (no .mbox or .eml files inside)`);
};

/** What a zip without mail showed of itself: Office and OpenDocument files are zip packages with parts of their own. */
interface SeenEntries {
  count: number;
  first: string | null;
  hasOfficeTypes: boolean;
  hasManifest: boolean;
}

function noteEntry(seen: SeenEntries, name: string): void {
  seen.count += 1;
  seen.first ??= name;
  if (name === '[Content_Types].xml') seen.hasOfficeTypes = true;
  if (name === 'META-INF/manifest.xml') seen.hasManifest = true;
}

function whatZipIs(seen: SeenEntries): string {
  if (seen.hasOfficeTypes) return 'an Office document (Word, Excel or PowerPoint)';
  if (seen.first === 'mimetype' && seen.hasManifest) return 'an OpenDocument file';
  return `a zip archive with no mail inside (${seen.count.toLocaleString('en-US')} file${seen.count === 1 ? '' : 's'}, no .mbox or .eml among them)`;
}
