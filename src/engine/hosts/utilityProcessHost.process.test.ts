// The bundled host as a real child process, with Electron's process.parentPort stood in for by Node's IPC channel.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../../test/corpus';
import type { EngineMessage, EngineRequest } from '../../shared/contract/engine';

// Electron's ParentPort delivers { data } events and has postMessage; this is Electron's API, not ours.
const PARENT_PORT_SHIM = `
import { EventEmitter } from 'node:events';
const port = new EventEmitter();
port.postMessage = (message) => process.send(message);
process.on('message', (data) => port.emit('message', { data, ports: [] }));
process.parentPort = port;
`;

describe('utility process host as a process', () => {
  let bundleDir: string;
  let dataDir: string;
  let mboxPath: string;
  let child: ChildProcess;
  const messages: EngineMessage[] = [];
  let waiters: Array<() => void> = [];

  const next = async (predicate: (message: EngineMessage) => boolean): Promise<EngineMessage> => {
    for (;;) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const call = async (request: EngineRequest): Promise<EngineMessage> => {
    child.send(request);
    return next((message) => (message.kind === 'result' || message.kind === 'error') && message.seq === request.seq);
  };

  beforeAll(async () => {
    // Bare imports resolve from the repo's node_modules, so the bundle lives under it.
    await mkdir(join(repoRoot, 'node_modules', '.cache'), { recursive: true });
    bundleDir = await mkdtemp(join(repoRoot, 'node_modules', '.cache', 'lantern-host-test-'));
    await build({
      entryPoints: [join(repoRoot, 'src/engine/hosts/utilityProcessHost.ts')],
      outfile: join(bundleDir, 'utilityProcessHost.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'error',
    });
    await writeFile(join(bundleDir, 'parentPortShim.mjs'), PARENT_PORT_SHIM);
    dataDir = await makeTempDir();
    mboxPath = join(dataDir, 'three.mbox');
    await writeFile(mboxPath, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 3)));
    child = fork(join(bundleDir, 'utilityProcessHost.mjs'), ['--data-dir', join(dataDir, 'store')], {
      execArgv: ['--import', join(bundleDir, 'parentPortShim.mjs')],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message: EngineMessage) => {
      messages.push(message);
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill();
    await rm(bundleDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says ready, answers calls, reports errors as data, forwards events and exits on shutdown', async () => {
    await next((message) => message.kind === 'ready');

    const imported = await call({ seq: 1, method: 'importPaths', args: [[mboxPath], 'import-1'] });
    expect(imported).toMatchObject({ kind: 'result', seq: 1, result: { imported: 3 } });
    const events = messages.flatMap((message) => (message.kind === 'event' ? [message.event.type] : []));
    expect(events).toContain('import-progress');
    expect(events).toContain('import-finished');

    expect(await call({ seq: 2, method: 'getStats', args: [] })).toMatchObject({ kind: 'result', seq: 2, result: { messages: 3 } });

    const unreadable = await call({ seq: 3, method: 'importPaths', args: [[join(dataDir, 'missing.mbox')], 'import-2'] });
    expect(unreadable).toMatchObject({ kind: 'result', seq: 3, result: { imported: 0, failed: 1 } });

    // The router checks every call's arguments: a malformed one gets a coded error naming the field, not a crash.
    const rejected = await call({ seq: 4, method: 'search', args: [{ query: 42 as unknown as string }] });
    expect(rejected).toMatchObject({
      kind: 'error',
      seq: 4,
      error: { code: 'bad-request', message: expect.stringContaining('argument 0.query') },
    });

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.send({ kind: 'shutdown' });
    expect(await exited).toBe(0);
  });
});
