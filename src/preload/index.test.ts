// The bundled preload run the way a sandboxed renderer runs it: a CommonJS script whose only import is electron.
import path from 'node:path';
import vm from 'node:vm';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LanternEvent } from '../shared/contract/api';
import type { ElectronBridge } from '../shared/contract/bridge';
import { API_METHODS } from '../shared/contract/apiMethods';
import { EVENT_CHANNEL } from '../shared/contract/ipcChannels';

interface Invocation {
  channel: string;
  args: unknown[];
}

/** Loads the preload against a stand-in for Electron's renderer modules and returns what it exposed. */
function loadPreload(code: string, answer: (invocation: Invocation) => Promise<unknown>) {
  const invocations: Invocation[] = [];
  const eventListeners = new Map<string, (event: unknown, ...args: unknown[]) => void>();
  const exposed = new Map<string, unknown>();
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer: {
      invoke: (channel: string, ...args: unknown[]) => {
        invocations.push({ channel, args });
        return answer({ channel, args });
      },
      on: (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => eventListeners.set(channel, listener),
    },
    webUtils: { getPathForFile: (file: { name: string }) => `/dropped/${file.name}` },
  };
  const requireInSandbox = (name: string): unknown => {
    if (name === 'electron') return electron;
    throw new Error(`a sandboxed preload cannot require ${name}`);
  };
  const module = { exports: {} };
  vm.runInNewContext(code, { require: requireInSandbox, module, exports: module.exports, console });
  return {
    bridge: exposed.get('lantern') as ElectronBridge,
    exposedKeys: [...exposed.keys()],
    invocations,
    pushEvent: (event: LanternEvent) => eventListeners.get(EVENT_CHANNEL)?.({ sender: 'ipc' }, event),
  };
}

describe('preload', () => {
  let code: string;

  beforeAll(async () => {
    const result = await build({
      entryPoints: [path.join(import.meta.dirname, 'index.ts')],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      external: ['electron'],
      logLevel: 'error',
    });
    code = result.outputFiles[0]!.text;
  });

  it('exposes window.lantern with one function per API call, subscribe, pathForFile, setApiKey and the attachment actions, and nothing else', () => {
    const { bridge, exposedKeys } = loadPreload(code, async () => ({ ok: true, result: null }));
    expect(exposedKeys).toEqual(['lantern']);
    expect(Object.keys(bridge).sort()).toEqual(
      [...API_METHODS, 'pathForFile', 'setApiKey', 'subscribe', 'openAttachment', 'saveAttachment'].sort(),
    );
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function');
  });

  it("invokes lantern:<method> with the arguments and returns main's outcome", async () => {
    const outcome = { ok: true, result: { imported: 1 } };
    const { bridge, invocations } = loadPreload(code, async () => outcome);
    expect(await bridge.importPaths(['/mail/all.mbox'], 'import-7')).toEqual(outcome);
    await bridge.listFolders();
    expect(invocations).toEqual([
      { channel: 'lantern:importPaths', args: [['/mail/all.mbox'], 'import-7'] },
      { channel: 'lantern:listFolders', args: [] },
    ]);
  });

  it('turns a failed invoke into an engine-unavailable outcome instead of a rejection', async () => {
    const { bridge } = loadPreload(code, async () => {
      throw new Error("No handler registered for 'lantern:search'");
    });
    const outcome = await bridge.search({ query: 'x' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe('engine-unavailable');
      expect(outcome.error.message).toContain('preload: search could not reach');
    }
  });

  it('delivers events to subscribers until they unsubscribe, without the IPC event object', () => {
    const { bridge, pushEvent } = loadPreload(code, async () => null);
    const seen: unknown[][] = [];
    const unsubscribe = bridge.subscribe((...args) => seen.push(args));
    pushEvent({ type: 'store-changed' });
    unsubscribe();
    pushEvent({ type: 'engine-restarted', reason: 'x' });
    expect(seen).toEqual([[{ type: 'store-changed' }]]);
  });

  it('opens and saves attachments on their own channels, and reports a missing handler as an outcome', async () => {
    const opened = { ok: true, result: { kind: 'opened', path: '/tmp/lantern-open-1/a.pdf' } };
    const { bridge, invocations } = loadPreload(code, async ({ channel }) => {
      if (channel === 'lantern:save-attachment') throw new Error("No handler registered for 'lantern:save-attachment'");
      return opened;
    });
    expect(await bridge.openAttachment({ messageId: 'm-1', index: 0 })).toEqual(opened);
    expect(await bridge.saveAttachment({ messageId: 'm-1', index: 1 })).toMatchObject({
      ok: false,
      error: { code: 'engine-unavailable', message: expect.stringContaining('preload: saveAttachment could not reach') },
    });
    expect(invocations).toEqual([
      { channel: 'lantern:open-attachment', args: [{ messageId: 'm-1', index: 0 }] },
      { channel: 'lantern:save-attachment', args: [{ messageId: 'm-1', index: 1 }] },
    ]);
  });

  it('answers the OS path of a dropped file', () => {
    const { bridge } = loadPreload(code, async () => null);
    expect(bridge.pathForFile({ name: 'inbox.mbox' } as unknown as File)).toBe('/dropped/inbox.mbox');
  });
});
