// Picks the host's LanternClient: the Electron preload bridge when present, else browser mode over HTTP.
import type { ApiArguments, ApiMethod, ApiResult, LanternClient } from '../../../shared/contract/api';
import type { CallOutcome, ElectronBridge } from '../../../shared/contract/bridge';
import { fromWireError } from '../../../shared/contract/errors';
import { createHttpClient } from './httpClient';

declare global {
  interface Window {
    lantern?: ElectronBridge;
  }
}

function unwrap<T>(outcome: CallOutcome<T>): T {
  if (outcome.ok) return outcome.result;
  throw fromWireError(outcome.error);
}

function electronCaller<M extends ApiMethod>(bridge: ElectronBridge, method: M): (...args: ApiArguments<M>) => Promise<ApiResult<M>> {
  const forward = bridge[method] as (...args: ApiArguments<M>) => Promise<CallOutcome<ApiResult<M>>>;
  return async (...args) => unwrap(await forward(...args));
}

export function createElectronClient(bridge: ElectronBridge): LanternClient {
  return {
    host: 'electron',
    search: electronCaller(bridge, 'search'),
    getMessage: electronCaller(bridge, 'getMessage'),
    attachmentFile: electronCaller(bridge, 'attachmentFile'),
    listFolders: electronCaller(bridge, 'listFolders'),
    getStats: electronCaller(bridge, 'getStats'),
    importPaths: electronCaller(bridge, 'importPaths'),
    cancelImport: electronCaller(bridge, 'cancelImport'),
    cancelAsk: electronCaller(bridge, 'cancelAsk'),
    embed: electronCaller(bridge, 'embed'),
    ask: electronCaller(bridge, 'ask'),
    complete: electronCaller(bridge, 'complete'),
    getSettings: electronCaller(bridge, 'getSettings'),
    updateSettings: electronCaller(bridge, 'updateSettings'),
    backupNow: electronCaller(bridge, 'backupNow'),
    listBackups: electronCaller(bridge, 'listBackups'),
    subscribe: (listener) => bridge.subscribe(listener),
    resolveDroppedFiles: async (files) => files.map((file) => bridge.pathForFile(file)).filter((path) => path.length > 0),
    openAttachment: async (ref) => unwrap(await bridge.openAttachment(ref)),
    saveAttachment: async (ref) => unwrap(await bridge.saveAttachment(ref)),
    setApiKey: async (key) => {
      unwrap(await bridge.setApiKey(key));
    },
  };
}

export function createClient(): LanternClient {
  return window.lantern ? createElectronClient(window.lantern) : createHttpClient();
}
