// Picks the host's LanternClient: the Electron preload bridge when present, else browser mode over HTTP.
import type { ApiArguments, ApiMethod, ApiResult, LanternClient } from '../../../shared/contract/api';
import type { CallOutcome, ElectronBridge } from '../../../shared/contract/bridge';
import { fromWireError } from '../../../shared/contract/errors';
import { callOutcome, forwardApi } from '../../../shared/contract/forwarders';
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

export function createElectronClient(bridge: ElectronBridge): LanternClient {
  return {
    host: 'electron',
    ...forwardApi(async <M extends ApiMethod>(method: M, args: ApiArguments<M>): Promise<ApiResult<M>> =>
      unwrap(await callOutcome(bridge, method, args)),
    ),
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
