// Opens the engine for a CLI command, with the built parse worker beside the CLI bundle when it exists, calls routed.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEngine } from '../engine/api/engine';
import type { Engine, EngineOptions } from '../engine/api/engineTypes';

export function builtFile(relative: string): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', relative);
}

/**
 * The engine itself, its calls unchecked: only for a command that checks every argument it passes (`lantern search`),
 * which then need not load the router's zod schemas (issue 25: a sixth of a whole `lantern search`'s start).
 */
export function openUnroutedCliEngine(dataDir: string, options: Partial<EngineOptions> = {}): Promise<Engine> {
  return openEngine({
    dataDir,
    parseWorkerScript: builtFile('engine/parseWorker.mjs'),
    embedWorkerScript: builtFile('engine/embedWorker.mjs'),
    resourcesDir: builtFile('../resources'),
    ...options,
  });
}

/** Every call goes through the engine's router, so a command's arguments are checked as the window's are. */
export async function openCliEngine(dataDir: string, options: Partial<EngineOptions> = {}): Promise<Engine> {
  const engine = await openUnroutedCliEngine(dataDir, options);
  const { routedEngine } = await import('../engine/api/router');
  return routedEngine(engine);
}
