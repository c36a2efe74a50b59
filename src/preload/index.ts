// Exposes window.lantern to the sandboxed renderer: one function per API call, events, and dropped-file paths.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { ApiArguments, ApiMethod, ApiResult, LanternEvent, LanternEventListener } from '../shared/contract/api';
import type { CallOutcome, ElectronBridge } from '../shared/contract/bridge';
import { forwardOutcomes } from '../shared/contract/forwarders';
import type { AttachmentOutcome } from '../shared/model/attachment';
import {
  API_KEY_CHANNEL,
  callChannel,
  EVENT_CHANNEL,
  OPEN_ATTACHMENT_CHANNEL,
  SAVE_ATTACHMENT_CHANNEL,
} from '../shared/contract/ipcChannels';
import { errorMessage } from '../shared/errorMessage';

async function invoke<T>(channel: string, name: string, args: unknown[]): Promise<CallOutcome<T>> {
  try {
    return (await ipcRenderer.invoke(channel, ...args)) as CallOutcome<T>;
  } catch (error) {
    // invoke rejects only when main has no handler (it is starting or quitting); handlers answer errors as data.
    const detail = errorMessage(error);
    return {
      ok: false,
      error: { code: 'engine-unavailable', message: `preload: ${name} could not reach Lantern's main process (${detail})` },
    };
  }
}

const listeners = new Set<LanternEventListener>();

// One IPC listener for all subscribers, so the renderer never holds ipcRenderer or an IPC event object.
ipcRenderer.on(EVENT_CHANNEL, (_event: IpcRendererEvent, lanternEvent: LanternEvent) => {
  for (const listener of listeners) {
    try {
      listener(lanternEvent);
    } catch (error) {
      console.error(`preload: a listener for ${lanternEvent.type} threw`, error);
    }
  }
});

const bridge: ElectronBridge = {
  ...forwardOutcomes(<M extends ApiMethod>(method: M, args: ApiArguments<M>) => invoke<ApiResult<M>>(callChannel(method), method, args)),
  subscribe(listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  pathForFile(file) {
    return webUtils.getPathForFile(file);
  },
  setApiKey(key) {
    return ipcRenderer.invoke(API_KEY_CHANNEL, key) as Promise<CallOutcome<null>>;
  },
  openAttachment(ref) {
    return invoke<AttachmentOutcome>(OPEN_ATTACHMENT_CHANNEL, 'openAttachment', [ref]);
  },
  saveAttachment(ref) {
    return invoke<AttachmentOutcome>(SAVE_ATTACHMENT_CHANNEL, 'saveAttachment', [ref]);
  },
};

contextBridge.exposeInMainWorld('lantern', bridge);
