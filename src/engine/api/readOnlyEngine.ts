// A read-only engine beside the app: answers from a snapshot of the store and reopens it when the writer changes it.
import { LanternError } from '../../shared/contract/errors';
import type { ApiArguments, ApiMethod, ApiResult, LanternEventListener } from '../../shared/contract/api';
import { API_METHOD_TABLE } from '../../shared/contract/apiMethods';
import { callMethod, forwardApi } from '../../shared/contract/forwarders';
import type { Engine, EngineOptions } from './engineTypes';
import { storeGeneration } from '../store/storeGeneration';
import { errorMessage } from '../../shared/errorMessage';

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
        console.error(`engine: could not reload the store, answering from the previous snapshot: ${errorMessage(error)}`);
      }
      return current;
    })().finally(() => {
      reopening = null;
    });
    return reopening;
  };

  // Calls that write the data folder are refused, as the method table marks them; the rest go to the fresh snapshot.
  const api = forwardApi(async <M extends ApiMethod>(method: M, args: ApiArguments<M>): Promise<ApiResult<M>> => {
    const engine = await fresh();
    const writes = API_METHOD_TABLE[method].writes;
    if (writes)
      throw new LanternError('read-only', `${writes}: this Lantern is read-only (the app or \`lantern import\` writes this data folder)`);
    return callMethod(engine, method, args);
  });
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
