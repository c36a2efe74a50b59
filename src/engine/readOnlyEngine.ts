// A read-only engine beside the app: answers from a snapshot of the store and reopens it when the writer changes it.
import { LanternError } from '../shared/contract/errors';
import type { LanternApi, LanternEventListener } from '../shared/contract/api';
import type { Engine, EngineOptions } from './engineTypes';
import { storeGeneration } from './storeGeneration';

type OpenStoreEngine = (options: EngineOptions) => Promise<Engine>;

export async function openReadOnlyEngine(options: EngineOptions, openStore: OpenStoreEngine): Promise<Engine> {
  const readOptions: EngineOptions = { ...options, access: 'read', embedding: 'on-demand' };
  let generation = await storeGeneration(options.dataDir);
  let current = await openStore(readOptions);
  let reopening: Promise<Engine> | null = null;
  let closed = false;
  const listeners = new Set<LanternEventListener>();
  let unsubscribe = current.subscribe((event) => listeners.forEach((listener) => listener(event)));

  /** The engine for the store as it is now; a changed store is reopened once, callers in flight keep the old one. */
  const fresh = async (): Promise<Engine> => {
    if (closed) throw new LanternError('engine-unavailable', 'engine: the store is closed');
    if (reopening) return reopening;
    const now = await storeGeneration(options.dataDir);
    if (now === generation) return current;
    reopening = (async () => {
      const previous = current;
      try {
        current = await openStore(readOptions);
        generation = now;
        unsubscribe();
        unsubscribe = current.subscribe((event) => listeners.forEach((listener) => listener(event)));
        // Let calls already running on the old snapshot finish before closing it.
        setTimeout(() => void previous.close().catch(() => undefined), 30_000).unref();
      } catch (error) {
        console.error(`engine: could not reload the store, answering from the previous snapshot: ${error instanceof Error ? error.message : String(error)}`);
      }
      return current;
    })().finally(() => {
      reopening = null;
    });
    return reopening;
  };

  const api: LanternApi = {
    search: async (request) => (await fresh()).search(request),
    getMessage: async (id) => (await fresh()).getMessage(id),
    attachmentFile: async (ref) => (await fresh()).attachmentFile(ref),
    listFolders: async () => (await fresh()).listFolders(),
    getStats: async () => (await fresh()).getStats(),
    complete: async (text, cursor) => (await fresh()).complete(text, cursor),
    ask: async (request) => (await fresh()).ask(request),
    cancelAsk: async (requestId) => (await fresh()).cancelAsk(requestId),
    importPaths: async (paths, importId) => (await fresh()).importPaths(paths, importId),
    cancelImport: async (importId) => (await fresh()).cancelImport(importId),
    embed: async () => (await fresh()).embed(),
    getSettings: async () => (await fresh()).getSettings(),
    updateSettings: async (patch) => (await fresh()).updateSettings(patch),
    backupNow: async () => (await fresh()).backupNow(),
    listBackups: async () => (await fresh()).listBackups(),
  };
  return {
    ...api,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      await reopening?.catch(() => undefined);
      unsubscribe();
      listeners.clear();
      await current.close();
    },
  };
}
