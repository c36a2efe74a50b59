// A size-limited folder (a tmpfs mount) for running out of disk space for real (ENOSPC); needs root, so optional.
import { execFile } from 'node:child_process';
import { mkdir, readdir, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function mount(folder, bytes, isRemount = false) {
  const size = `size=${Math.ceil(bytes / 4096) * 4096}`;
  await run('mount', ['-t', 'tmpfs', '-o', isRemount ? `remount,${size}` : size, 'tmpfs', folder]);
}

/** Whether this process may mount a tmpfs (root on Linux); tried once on a throwaway folder. */
export async function canMountTmpfs(scratch) {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const folder = join(scratch, 'tmpfs-probe');
  await mkdir(folder, { recursive: true });
  try {
    await mount(folder, 1 << 20);
    await unmountDisk(folder);
    return true;
  } catch {
    return false;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function mountDisk(folder, bytes) {
  await mkdir(folder, { recursive: true });
  await mount(folder, bytes);
}

/** Gives a full disk room again, keeping its files, so what the fault left can be examined in place. */
export async function growDisk(folder, bytes) {
  await mount(folder, bytes, true);
}

export async function unmountDisk(folder) {
  await run('umount', [folder]);
}

/** Bytes a folder's files take on a tmpfs at most (whole 4 KB pages, and a page for each entry). */
export async function folderBytes(folder) {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += Math.ceil((await stat(join(entry.parentPath, entry.name))).size / 4096) * 4096 + 4096;
    else if (entry.isDirectory()) total += 4096;
  }
  return total;
}

/** Shrinks a mounted disk to what its files use now plus `freeBytes`, measured by the file system itself. */
export async function leaveFree(folder, freeBytes) {
  const { blocks, bfree, bsize } = await statfs(folder);
  await mount(folder, (blocks - bfree) * bsize + freeBytes, true);
}
