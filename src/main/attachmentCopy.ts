// Attachments open from a fresh read-only copy in a folder of their own, never from the store itself.
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeAttachmentName } from '../shared/attachments/safeAttachmentName';
import { errorMessage } from '../shared/errorMessage';

export const OPEN_FOLDER_PREFIX = 'lantern-open-';
/** Copies are left for the program that opened them; the next start removes those older than this. */
const OPEN_COPY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Copies a stored attachment to `<root>/lantern-open-<random>/<name>` and makes it read-only: a program that changes
 * or deletes what it opened cannot touch the store (mail shares stored files), and a random folder per opening means
 * no other file, and no earlier opening, can sit at that path.
 */
export async function copyForOpening(storedPath: string, filename: string, root: string = tmpdir()): Promise<string> {
  const folder = join(root, `${OPEN_FOLDER_PREFIX}${randomBytes(12).toString('hex')}`);
  // Only the user may look inside: the temporary folder is often shared by every account on the machine.
  await mkdir(folder, { mode: 0o700 });
  // Named again here: main does not rely on the engine having sanitised it.
  const path = join(folder, safeAttachmentName(filename, 0));
  await copyFile(storedPath, path);
  await chmod(path, 0o400);
  return path;
}

/** Removes the opened copies of earlier runs that are more than a day old; returns how many folders went. */
export async function removeOldOpenCopies(root: string = tmpdir(), now: number = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(root)).filter((name) => name.startsWith(OPEN_FOLDER_PREFIX));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const folder = join(root, name);
    try {
      if (now - (await stat(folder)).mtimeMs < OPEN_COPY_LIFETIME_MS) continue;
      await rm(folder, { recursive: true, force: true });
      removed += 1;
    } catch (error) {
      // A program may still hold the file (Windows locks open files); next start tries again.
      console.warn(`attachments: could not remove the old copy ${folder}: ${errorMessage(error)}`);
    }
  }
  return removed;
}
