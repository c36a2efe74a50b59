// Opens the engine for a CLI command, with the built parse worker beside the CLI bundle when it exists.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEngine } from '../engine/engine';
import type { Engine, EngineOptions } from '../engine/engineTypes';

export function builtFile(relative: string): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', relative);
}

export function openCliEngine(dataDir: string, options: Partial<EngineOptions> = {}): Promise<Engine> {
  return openEngine({
    dataDir,
    parseWorkerScript: builtFile('engine/parseWorker.mjs'),
    embedWorkerScript: builtFile('engine/embedWorker.mjs'),
    resourcesDir: builtFile('../resources'),
    ...options,
  });
}
