// Free space on the disk that holds a folder, for the check before a download starts.
import { mkdir, statfs } from 'node:fs/promises';

/** Bytes a non-root user may still write on the folder's disk, or null when the system does not say. */
export async function freeBytes(folder: string): Promise<number | null> {
  try {
    await mkdir(folder, { recursive: true });
    const info = await statfs(folder);
    return info.bavail * info.bsize;
  } catch {
    return null;
  }
}
