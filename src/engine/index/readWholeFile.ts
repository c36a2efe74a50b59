// Reads a whole file with as few reads as the system allows, into a buffer of its own (starting at offset 0).
import { open } from 'node:fs/promises';

/**
 * fs.promises.readFile reads in 512 KB pieces, each a trip to the thread pool and back: the catalog snapshot's 40 MB
 * at 100k messages took 80 of them at every open (issue 25: a whole `lantern search`). Asking for the rest of the
 * file at each read takes one or two.
 */
export async function readWholeFile(path: string): Promise<Buffer<ArrayBuffer>> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const data = Buffer.allocUnsafeSlow(size) as Buffer<ArrayBuffer>;
    let done = 0;
    while (done < size) {
      const { bytesRead } = await file.read(data, done, size - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    // A file cut while it was read is as long as what was read: the callers compare lengths and checksums.
    return done === size ? data : (data.subarray(0, done) as Buffer<ArrayBuffer>);
  } finally {
    await file.close();
  }
}
