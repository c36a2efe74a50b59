// Entry of Electron's engine utility process: opens the engine and answers main's requests over process.parentPort.
import { isApiMethod } from '../../shared/contract/apiMethods';
import { isShutdownMessage, type EngineMessage, type EngineRequest } from '../../shared/contract/engine';
import { toWireError } from '../../shared/contract/errors';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import { answerRequest } from '../api/router';

export { answerRequest };

/** The part of Electron's ParentPort this host uses; declared here because the engine never imports electron. */
interface ParentPort {
  on(event: 'message', listener: (messageEvent: { data: unknown }) => void): unknown;
  postMessage(message: EngineMessage): void;
}

/** The envelope of a call from main; the router checks its arguments. */
export function isEngineRequest(data: unknown): data is EngineRequest {
  if (typeof data !== 'object' || data === null) return false;
  const candidate = data as Record<string, unknown>;
  return (
    typeof candidate['seq'] === 'number' &&
    typeof candidate['method'] === 'string' &&
    isApiMethod(candidate['method']) &&
    Array.isArray(candidate['args'])
  );
}

/** The value after --data-dir, or null when it is missing. */
/** `--resources-dir <dir>`: where main says the packaged resources (bundled models) are. */
export function resourcesDirFromArgv(argv: readonly string[]): string | null {
  const index = argv.indexOf('--resources-dir');
  return index === -1 ? null : (argv[index + 1] ?? null);
}

export function dataDirFromArgv(argv: readonly string[]): string | null {
  const index = argv.indexOf('--data-dir');
  const value = index >= 0 ? argv[index + 1] : undefined;
  return value && !value.startsWith('--') ? value : null;
}

async function runHost(parentPort: ParentPort): Promise<void> {
  const dataDir = dataDirFromArgv(process.argv);
  if (!dataDir) {
    console.error('utility host: no --data-dir argument; main must fork this process with --data-dir <folder>');
    process.exit(2);
  }
  // Listen before opening: Electron queues messages until a listener exists, and requests wait for the engine.
  let closing: Promise<void> | null = null;
  // The bundle sits in out/engine next to the parse worker; the app's resources folder holds bundled models.
  const here = dirname(fileURLToPath(import.meta.url));
  const opening = openEngine({
    dataDir,
    parseWorkerScript: join(here, 'parseWorker.mjs'),
    embedWorkerScript: join(here, 'embedWorker.mjs'),
    resourcesDir: resourcesDirFromArgv(process.argv) ?? undefined,
    embedding: 'background',
  });

  const close = (engine: Engine): Promise<void> => {
    closing ??= engine.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('utility host: closing the engine failed', error);
        process.exit(1);
      },
    );
    return closing;
  };

  parentPort.on('message', ({ data }) => {
    // A failed open is reported (and exits) below, so here it only means there is nobody to answer.
    void opening.then(
      async (engine) => {
        if (isShutdownMessage(data)) return close(engine);
        if (!isEngineRequest(data)) {
          console.error(`utility host: ignored a message that is not an engine request: ${JSON.stringify(data)?.slice(0, 200)}`);
          return;
        }
        if (closing) {
          parentPort.postMessage({
            kind: 'error',
            seq: data.seq,
            error: { code: 'engine-unavailable', message: 'utility host: the engine is shutting down' },
          });
          return;
        }
        try {
          parentPort.postMessage({ kind: 'result', seq: data.seq, result: await answerRequest(engine, data) });
        } catch (error) {
          parentPort.postMessage({ kind: 'error', seq: data.seq, error: toWireError(error) });
        }
      },
      () => undefined,
    );
  });

  let engine: Engine;
  try {
    engine = await opening;
  } catch (error) {
    console.error(`utility host: could not open the engine in ${dataDir}; check that the folder is writable`, error);
    process.exit(1);
  }
  engine.subscribe((event) => parentPort.postMessage({ kind: 'event', event }));
  process.once('SIGTERM', () => void close(engine));
  parentPort.postMessage({ kind: 'ready' });
}

// Only Electron's utility process has a parentPort; importing this file elsewhere (tests) runs nothing.
const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
if (parentPort) {
  runHost(parentPort).catch((error: unknown) => {
    console.error('utility host: crashed', error);
    process.exit(1);
  });
}
