// The application menu: File (import, data folder, quit), Edit, View, Window and Help.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  importFiles(): void;
  importFolder(): void;
  changeDataFolder(): void;
  showDataFolder(): void;
  showAbout(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Developer tools and force reload appear only in development. */
  isDevelopment: boolean;
  appName: string;
}

/** The menu template; Menu.buildFromTemplate turns it into the menu (kept apart so it can be checked in tests). */
export function menuTemplate(actions: MenuActions, options: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin';
  // Linux and Windows dialogs cannot pick files and folders at once, so there are two import commands.
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'Import Files…', accelerator: 'CmdOrCtrl+O', click: () => actions.importFiles() },
      { label: 'Import Folder…', accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.importFolder() },
      { type: 'separator' },
      { label: 'Change Data Folder…', click: () => actions.changeDataFolder() },
      { label: 'Show Data Folder', click: () => actions.showDataFolder() },
      ...(isMac ? [] : [{ type: 'separator' } as const, { role: 'quit' } as const]),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { role: 'reload' },
      ...(options.isDevelopment ? [{ role: 'forceReload' } as const, { role: 'toggleDevTools' } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [{ label: `About ${options.appName}`, click: () => actions.showAbout() }],
  };
  return [
    ...(isMac ? [{ label: options.appName, role: 'appMenu' } as const] : []),
    file,
    { label: '&Edit', role: 'editMenu' },
    view,
    { role: 'windowMenu' },
    help,
  ];
}
