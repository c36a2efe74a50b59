// Reads the first bytes of a file, where formats say what they are.
import { open } from 'node:fs/promises';

/** Up to `length` bytes from the start of the file (fewer when the file is shorter). */
export async function readFileHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
