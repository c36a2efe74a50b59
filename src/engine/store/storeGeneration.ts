// A marker the writer rewrites after each change, so read-only engines in other processes know to reload.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const MARKER = 'store-generation';
let counter = 0;

export async function markStoreChanged(dataDir: string): Promise<void> {
  const target = join(dataDir, MARKER);
  counter += 1;
  await writeFile(`${target}.tmp`, `${Date.now()}-${process.pid}-${counter}\n`);
  await rename(`${target}.tmp`, target);
}

/** Identifies the store's current state cheaply (one small read); '' before the first change. */
export async function storeGeneration(dataDir: string): Promise<string> {
  try {
    return (await readFile(join(dataDir, MARKER), 'utf8')).trim();
  } catch {
    return '';
  }
}
