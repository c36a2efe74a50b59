// Reads one message file whole where it is parsed (a parse worker), so its bytes never pass through the importing thread.
// Synchronously: on libuv's thread pool the same calls cost the import more than they saved (bench/measured-reasons.md).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { MAX_MESSAGE_BYTES } from './rawMail';

/** A message file that could not be read: reported with its own reason, not as a message that would not parse. */
export class MessageFileError extends Error {}

/** The file's bytes; its size is checked before any are read, so a file past the cap is never held. */
export function readMessageFile(path: string): Buffer {
  let descriptor: number;
  try {
    descriptor = openSync(path, 'r');
  } catch (error) {
    throw new MessageFileError(`could not read the message file: ${(error as Error).message}`);
  }
  try {
    const { size } = fstatSync(descriptor);
    if (size > MAX_MESSAGE_BYTES) throw new MessageFileError(`message file larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MB; skipped`);
    const bytes = Buffer.allocUnsafeSlow(size);
    let filled = 0;
    while (filled < size) {
      const read = readSync(descriptor, bytes, filled, size - filled, null);
      // The file shrank since it was measured: what it holds now is the message.
      if (read === 0) return bytes.subarray(0, filled);
      filled += read;
    }
    return bytes;
  } catch (error) {
    if (error instanceof MessageFileError) throw error;
    throw new MessageFileError(`could not read the message file: ${(error as Error).message}`);
  } finally {
    closeSync(descriptor);
  }
}
