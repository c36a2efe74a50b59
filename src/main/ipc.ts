// Answers the preload's API calls: one ipcMain.handle channel per method, sender checked, passed on to the engine.
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import type { ApiMethod } from '../shared/contract/api';
import { API_METHODS } from '../shared/contract/apiMethods';
import type { CallOutcome } from '../shared/contract/bridge';
import { API_KEY_CHANNEL, callChannel, EVENT_CHANNEL } from '../shared/contract/ipcChannels';
import type { EngineClient } from './engineClient';
import { gateCall } from './gateCall';
import { registerAttachmentIpc } from './attachmentIpc';
import { isRendererUrl, type RendererLocation } from './rendererLocation';
import { errorMessage } from '../shared/errorMessage';

export interface IpcOptions {
  engine: EngineClient;
  /** The one window allowed to call; null while it is closed. */
  getWindow: () => BrowserWindow | null;
  renderer: RendererLocation;
  /** Saves or forgets the API key (kept encrypted) and restarts the engine with it. */
  setApiKey: (key: string | null) => Promise<void>;
}

/** Registers every API channel and forwards engine events to the window; returns a function that undoes both. */
export function registerIpc({ engine, getWindow, renderer, setApiKey }: IpcOptions): () => void {
  const isTrustedSender = (event: IpcMainInvokeEvent): boolean => {
    const window = getWindow();
    const frame = event.senderFrame;
    if (!window || window.isDestroyed() || !frame) return false;
    const mainFrame = window.webContents.mainFrame;
    return (
      event.sender.id === window.webContents.id &&
      frame.parent === null &&
      frame.processId === mainFrame.processId &&
      frame.frameToken === mainFrame.frameToken &&
      isRendererUrl(frame.url, renderer)
    );
  };

  // The engine's router checks the arguments, for this window as for every other caller.
  const handle = (method: ApiMethod): void => {
    ipcMain.handle(callChannel(method), (event, ...raw: unknown[]) =>
      gateCall(method, raw, {
        isTrustedSender: isTrustedSender(event),
        senderUrl: event.senderFrame?.url ?? 'a closed frame',
        handler: (args) => engine.call(method, args),
      }),
    );
  };
  for (const method of API_METHODS) handle(method);
  ipcMain.handle(API_KEY_CHANNEL, async (event, key: unknown): Promise<CallOutcome<null>> => {
    if (!isTrustedSender(event))
      return { ok: false, error: { code: 'bad-request', message: "ipc: set-api-key is only answered for Lantern's own window" } };
    if (key !== null && (typeof key !== 'string' || key.length > 4_096))
      return { ok: false, error: { code: 'bad-request', message: 'ipc: the API key must be text (or null to forget it)' } };
    try {
      await setApiKey(key);
      return { ok: true, result: null };
    } catch (error) {
      return { ok: false, error: { code: 'bad-request', message: errorMessage(error) } };
    }
  });

  const unregisterAttachments = registerAttachmentIpc({ engine, getWindow, isTrustedSender });

  const unsubscribe = engine.subscribe((event) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event);
  });

  return () => {
    unsubscribe();
    for (const method of API_METHODS) ipcMain.removeHandler(callChannel(method));
    ipcMain.removeHandler(API_KEY_CHANNEL);
    unregisterAttachments();
  };
}
