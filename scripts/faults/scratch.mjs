// Each fault's own folder: a fresh copy of the store it starts from, and room for the backups it writes.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { copyStore } from './bases.mjs';

/** Copies the base store `from` ('empty' for none) to `<scratch>/data` and clears what an earlier attempt left. */
export async function startStore(bases, from, scratch, dataDir = join(scratch, 'data')) {
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  await copyStore(from === 'empty' ? null : bases.store(from), dataDir);
  return dataDir;
}
