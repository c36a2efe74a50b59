// The bytes of the files under a folder, for what an installed model or a paused download holds on disk.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export async function folderSize(folder: string): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const info = await stat(join(entry.parentPath, entry.name)).catch(() => undefined);
    total += info?.size ?? 0;
  }
  return total;
}
