// people.json in the data folder: the addresses the person chose to keep apart from the alias rule, so a split can be undone.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorMessage } from '../../shared/errorMessage';

const FILE = 'people.json';
const VERSION = 1;

/** Reads the separated addresses; a missing file is none, a damaged one is reported and read as none (nothing else depends on it). */
export async function loadSeparatedAddresses(dataDir: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(join(dataDir, FILE), 'utf8');
  } catch {
    return new Set();
  }
  try {
    const file = JSON.parse(text) as { version?: unknown; separated?: unknown };
    if (file.version !== VERSION || !Array.isArray(file.separated)) throw new Error(`version ${String(file.version)} without a list`);
    return new Set(
      file.separated.filter((address): address is string => typeof address === 'string').map((address) => address.toLowerCase()),
    );
  } catch (error) {
    console.error(`people: ${join(dataDir, FILE)} could not be read (${errorMessage(error)}); every address is grouped by the rule`);
    return new Set();
  }
}

export async function saveSeparatedAddresses(dataDir: string, separated: ReadonlySet<string>): Promise<void> {
  const target = join(dataDir, FILE);
  await writeFile(`${target}.tmp`, `${JSON.stringify({ version: VERSION, separated: [...separated].sort() }, null, 2)}\n`);
  await rename(`${target}.tmp`, target);
}
