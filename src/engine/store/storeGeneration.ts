// A marker the writer rewrites after each change, so read-only engines in other processes know to reload.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const MARKER = 'store-generation';
let counter = 0;

export async function markStoreChanged(dataDir: string): Promise<void> {
  const target = join(dataDir, MARKER);
  counter += 1;
  const generation = `${Date.now()}-${process.pid}-${counter}`;
  // A temp file of its own per change: an import and the embedding stage can mark changes at the same moment, and two
  // writers of one temp file had the second rename find it gone (ENOENT), which stopped the embedding stage.
  const temporary = `${target}.${process.pid}-${counter}.tmp`;
  await writeFile(temporary, `${generation}\n`);
  await rename(temporary, target);
}

/** Identifies the store's current state cheaply (one small read); '' before the first change. */
export async function storeGeneration(dataDir: string): Promise<string> {
  try {
    return (await readFile(join(dataDir, MARKER), 'utf8')).trim();
  } catch {
    return '';
  }
}
