// Exposes window.lantern to the sandboxed renderer: one function per API call, events, and dropped-file paths.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { ApiArguments, ApiMethod, ApiResult, LanternEvent, LanternEventListener } from '../shared/contract/api';
import type { CallOutcome, ElectronBridge } from '../shared/contract/bridge';
import type { AttachmentOutcome } from '../shared/model/attachment';
import { API_KEY_CHANNEL, callChannel, EVENT_CHANNEL, OPEN_ATTACHMENT_CHANNEL, SAVE_ATTACHMENT_CHANNEL } from './channels';

async function invoke<T>(channel: string, name: string, args: unknown[]): Promise<CallOutcome<T>> {
  try {
    return (await ipcRenderer.invoke(channel, ...args)) as CallOutcome<T>;
  } catch (error) {
    // invoke rejects only when main has no handler (it is starting or quitting); handlers answer errors as data.
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { code: 'engine-unavailable', message: `preload: ${name} could not reach Lantern's main process (${detail})` } };
  }
}

function caller<M extends ApiMethod>(method: M): (...args: ApiArguments<M>) => Promise<CallOutcome<ApiResult<M>>> {
  return (...args) => invoke<ApiResult<M>>(callChannel(method), method, args);
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
  search: caller('search'),
  getMessage: caller('getMessage'),
  attachmentFile: caller('attachmentFile'),
  listFolders: caller('listFolders'),
  getStats: caller('getStats'),
  importPaths: caller('importPaths'),
  cancelImport: caller('cancelImport'),
  cancelAsk: caller('cancelAsk'),
  embed: caller('embed'),
  ask: caller('ask'),
  complete: caller('complete'),
  getSettings: caller('getSettings'),
  updateSettings: caller('updateSettings'),
  backupNow: caller('backupNow'),
  listBackups: caller('listBackups'),
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
