// Test helpers: an engine on a fresh temp folder (dates in UTC), closed after the test body whatever happens, and one
// over a slice of a shared corpus with its vectors.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openEngine } from '../src/engine/api/engine';
import type { Engine } from '../src/engine/api/engineTypes';
import { makeTempDir, readCorpusMessages, toMbox } from './corpus';

export async function withEngine<T>(run: (engine: Engine, dir: string) => Promise<T>): Promise<T> {
  const dir = await makeTempDir();
  const engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });
  try {
    return await run(engine, dir);
  } finally {
    await engine.close();
  }
}

/**
 * An engine over the first `count` messages of a shared corpus, imported and embedded: the set-up of the search tests
 * that need meaning search. The caller closes it.
 */
export async function openEmbeddedSlice(corpus: string, count: number): Promise<Engine> {
  const dataDir = await makeTempDir();
  const file = join(dataDir, 'slice.mbox');
  await writeFile(file, toMbox(await readCorpusMessages(corpus, count)));
  const engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
  await engine.importPaths([file], 'slice');
  await engine.embed();
  return engine;
}
