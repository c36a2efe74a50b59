// Test helper: an engine on a fresh temp folder (dates in UTC), closed after the test body whatever happens.
import { join } from 'node:path';
import { openEngine } from '../src/engine/api/engine';
import type { Engine } from '../src/engine/api/engineTypes';
import { makeTempDir } from './corpus';

export async function withEngine<T>(run: (engine: Engine, dir: string) => Promise<T>): Promise<T> {
  const dir = await makeTempDir();
  const engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });
  try {
    return await run(engine, dir);
  } finally {
    await engine.close();
  }
}
