// The desktop app's Open and Save for attachments: two IPC channels answered in main with Electron's shell and dialog.
import { app, dialog, ipcMain, shell, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPEN_ATTACHMENT_CHANNEL, SAVE_ATTACHMENT_CHANNEL } from '../shared/contract/ipcChannels';
import { gateAttachmentAction, type AttachmentHost } from './attachmentActions';
import type { EngineClient } from './engineClient';

export interface AttachmentIpcOptions {
  engine: EngineClient;
  getWindow: () => BrowserWindow | null;
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean;
}

/** Registers both channels; returns a function that removes them. */
export function registerAttachmentIpc({ engine, getWindow, isTrustedSender }: AttachmentIpcOptions): () => void {
  const host: AttachmentHost = {
    storedFile: (ref) => engine.call('attachmentFile', [ref]),
    openPath: (path) => shell.openPath(path),
    async chooseSavePath(filename) {
      const window = getWindow();
      const options = { title: 'Save attachment', buttonLabel: 'Save', defaultPath: join(app.getPath('downloads'), filename) };
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    temporaryRoot: tmpdir(),
  };
  const gate = (event: IpcMainInvokeEvent) => ({
    isTrustedSender: isTrustedSender(event),
    senderUrl: event.senderFrame?.url ?? 'a closed frame',
    host,
  });
  ipcMain.handle(OPEN_ATTACHMENT_CHANNEL, (event, ...raw: unknown[]) => gateAttachmentAction('open', raw, gate(event)));
  ipcMain.handle(SAVE_ATTACHMENT_CHANNEL, (event, ...raw: unknown[]) => gateAttachmentAction('save', raw, gate(event)));
  return () => {
    ipcMain.removeHandler(OPEN_ATTACHMENT_CHANNEL);
    ipcMain.removeHandler(SAVE_ATTACHMENT_CHANNEL);
  };
}
