// Checks an Office file (a zip) before a reader inflates it all in memory: a zip bomb is refused, with the reason.
// yauzl (which reads Takeout zips) parses the directory and, while inflating, stops any part that outgrows its
// stated size.
import yauzl from 'yauzl';

/** Everything in the zip together, inflated; real documents that fit the attachment size limit stay far below. */
export const MAX_EXPANDED_BYTES = 100 * 1024 * 1024;

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

function openZip(bytes: Uint8Array): Promise<yauzl.ZipFile | null> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Not a zip (or a damaged one): the reader fails on its own terms.
  return new Promise((resolve) => yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => resolve(error ? null : zip)));
}

function entriesOf(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => resolve(entries));
    zip.readEntry();
  });
}

/** True when the part inflates past the size the zip states for it (yauzl checks as it streams). */
function inflatesPastDeclared(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<boolean> {
  return new Promise((resolve) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return resolve(false);
      stream.on('data', () => undefined);
      stream.on('end', () => resolve(false));
      // Damaged data is the reader's to report; only output past the stated size marks a bomb.
      stream.on('error', (streamError) => resolve(/too many bytes/i.test(streamError.message)));
    });
  });
}

/**
 * Why this zip must not be inflated, or null. The sizes the zip states are summed first; then each part is inflated
 * up to its stated size and no further, because a hostile zip can state false sizes. Not a zip: null.
 */
export async function zipBombProblem(bytes: Uint8Array, limit = MAX_EXPANDED_BYTES): Promise<string | null> {
  const zip = await openZip(bytes);
  if (!zip) return null;
  try {
    const entries = await entriesOf(zip);
    const expanded = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (expanded > limit)
      return `it would expand to ${megabytes(expanded)}, over the ${megabytes(limit)} limit for reading attachment text (a zip bomb?)`;
    for (const entry of entries) {
      if (await inflatesPastDeclared(zip, entry)) return 'a part inside it holds more data than the zip states (a zip bomb?)';
    }
    return null;
  } finally {
    zip.close();
  }
}
