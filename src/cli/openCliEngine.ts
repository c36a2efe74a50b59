// Opens the engine for a CLI command, with the built parse worker beside the CLI bundle when it exists, calls routed.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEngine } from '../engine/api/engine';
import type { Engine, EngineOptions } from '../engine/api/engineTypes';
import { routedEngine } from '../engine/api/router';

export function builtFile(relative: string): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', relative);
}

/** Every call goes through the engine's router, so a command's arguments are checked as the window's are. */
export async function openCliEngine(dataDir: string, options: Partial<EngineOptions> = {}): Promise<Engine> {
  const engine = await openEngine({
    dataDir,
    parseWorkerScript: builtFile('engine/parseWorker.mjs'),
    embedWorkerScript: builtFile('engine/embedWorker.mjs'),
    resourcesDir: builtFile('../resources'),
    ...options,
  });
  return routedEngine(engine);
}
