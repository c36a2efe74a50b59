// Electron main: single instance, settings, the engine process, IPC, the window and the menu.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, dialog, Menu, safeStorage, session, shell, type OpenDialogOptions } from 'electron';
import { ApiKeyStore } from './apiKeyStore';
import { chooseDataFolder } from './dataFolder';
import { EngineClient } from './engineClient';
import { registerIpc } from './ipc';
import { removeOldOpenCopies } from './attachmentCopy';
import { pathsFromArgv } from './launchPaths';
import { menuTemplate } from './menu';
import { chooseRendererLocation } from './rendererLocation';
import { Settings } from './settings';
import { createMainWindow } from './window';
import { errorMessage } from '../shared/errorMessage';

const APP_NAME = 'Lantern';
// Both build outputs live in out/ under the app folder (or app.asar when packaged).
const ENGINE_HOST = path.join('out', 'engine', 'utilityProcessHost.mjs');
// electron-vite names a CommonJS preload .cjs in a "type": "module" package; older setups wrote .js.
const PRELOAD_CANDIDATES = ['index.cjs', 'index.js', 'index.mjs'].map((name) => path.join('out', 'preload', name));

app.setName(APP_NAME);

if (!app.requestSingleInstanceLock()) {
  // Another Lantern is running; it receives our argv in 'second-instance' and imports the paths.
  app.quit();
} else {
  startLantern();
}

function startLantern(): void {
  let window: BrowserWindow | null = null;
  let isEngineStopped = false;
  const appPath = app.getAppPath();
  const isDevelopment = !app.isPackaged;
  const settings = new Settings();
  const dataFolder = chooseDataFolder({
    environmentValue: process.env['LANTERN_DATA_DIR'],
    storedValue: settings.dataDir,
    userDataPath: app.getPath('userData'),
  });
  console.log(`Lantern: data folder ${dataFolder.dataDir} (from ${dataFolder.source}); settings in ${settings.path}`);

  const apiKeys = new ApiKeyStore(safeStorage, settings);
  const engine = new EngineClient({
    hostPath: path.join(appPath, ENGINE_HOST),
    dataDir: dataFolder.dataDir,
    resourcesDir: app.isPackaged ? process.resourcesPath : path.join(appPath, 'resources'),
    // Decrypted only into the engine's environment at its start; a key set in the shell wins.
    environment: (): Record<string, string> => {
      const key = process.env['LANTERN_API_KEY'] || apiKeys.read();
      return key ? { LANTERN_API_KEY: key } : {};
    },
  });
  const renderer = chooseRendererLocation({
    isPackaged: app.isPackaged,
    devServerUrl: process.env['ELECTRON_RENDERER_URL'],
    appPath,
  });

  const importPaths = async (paths: string[]): Promise<void> => {
    if (paths.length === 0) return;
    const importId = `import-${randomUUID()}`;
    console.log(`Lantern: importing ${paths.length} path(s) as ${importId}`);
    // Progress and the report reach the window as import-progress / import-finished events with this id.
    const outcome = await engine.call('importPaths', [paths, importId]);
    if (!outcome.ok && outcome.error.code !== 'cancelled') {
      dialog.showErrorBox('Lantern could not import', outcome.error.message);
    }
  };

  const importChosen = async (kind: 'files' | 'folder'): Promise<void> => {
    const options: OpenDialogOptions = {
      title: kind === 'files' ? 'Import mail files' : 'Import a folder of mail',
      buttonLabel: 'Import',
      properties: kind === 'files' ? ['openFile', 'multiSelections'] : ['openDirectory', 'multiSelections'],
      ...(kind === 'files'
        ? {
            filters: [
              { name: 'Mail archives', extensions: ['mbox', 'mbx', 'pst', 'ost', 'eml', 'emlx', 'msg', 'zip', 'tgz', 'gz'] },
              { name: 'All files', extensions: ['*'] },
            ],
          }
        : {}),
    };
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    if (!result.canceled) await importPaths(result.filePaths);
  };

  const changeDataFolder = async (): Promise<void> => {
    const options: OpenDialogOptions = {
      title: 'Choose where Lantern keeps its index',
      buttonLabel: 'Use This Folder',
      defaultPath: engine.currentDataDir,
      properties: ['openDirectory', 'createDirectory'],
    };
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    const chosen = result.filePaths[0];
    if (result.canceled || !chosen || chosen === engine.currentDataDir) return;
    settings.dataDir = chosen;
    if (process.env['LANTERN_DATA_DIR']) {
      console.warn('Lantern: LANTERN_DATA_DIR is set and will take precedence over the chosen folder at the next launch');
    }
    await engine.switchDataDir(chosen);
  };

  const report = (action: string) => (error: unknown) => {
    console.error(`Lantern: ${action} failed`, error);
    dialog.showErrorBox(`Lantern: ${action} failed`, errorMessage(error));
  };

  const openWindow = (): BrowserWindow => {
    const preloadPath = PRELOAD_CANDIDATES.map((candidate) => path.join(appPath, candidate)).find((candidate) => existsSync(candidate));
    if (!preloadPath) throw new Error(`main: no preload script in ${path.join(appPath, 'out', 'preload')}; run "npm run build" first`);
    const iconPath = path.join(appPath, 'resources', 'icon.png');
    const created = createMainWindow({ preloadPath, renderer, settings, iconPath: existsSync(iconPath) ? iconPath : undefined });
    created.on('closed', () => {
      if (window === created) window = null;
    });
    return created;
  };

  const focusWindow = (): void => {
    if (!window) {
      // A new window shows itself once its page is ready, without a blank flash.
      window = openWindow();
      return;
    }
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };

  // macOS opens files (Finder, Dock, "Open With") through this event, possibly before the app is ready.
  const filesOpenedEarly: string[] = [];
  app.on('open-file', (event, filePath) => {
    event.preventDefault();
    if (!app.isReady()) {
      filesOpenedEarly.push(filePath);
      return;
    }
    focusWindow();
    importPaths([filePath]).catch(report('import'));
  });

  app.on('second-instance', (_event, argv, workingDirectory) => {
    focusWindow();
    const paths = pathsFromArgv(argv, { isPackaged: app.isPackaged, workingDirectory }).filter((candidate) => existsSync(candidate));
    importPaths(paths).catch(report('import'));
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) focusWindow();
  });

  // The engine flushes its indexes before Lantern exits, so quitting waits for it once.
  app.on('before-quit', (event) => {
    if (isEngineStopped) return;
    event.preventDefault();
    isEngineStopped = true;
    engine
      .stop()
      .catch((error: unknown) => console.error('Lantern: stopping the engine failed', error))
      .finally(() => app.quit());
  });

  app
    .whenReady()
    .then(() => {
      // Nothing in Lantern needs the camera, notifications, geolocation and the like.
      session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
      app.setAboutPanelOptions({ applicationName: APP_NAME, applicationVersion: app.getVersion() });

      const hostPath = path.join(appPath, ENGINE_HOST);
      if (!existsSync(hostPath)) {
        dialog.showErrorBox('Lantern is not built', `main: ${hostPath} is missing; run "npm run build" and start Lantern again.`);
        app.exit(1);
        return;
      }
      engine.start();
      void removeOldOpenCopies();
      registerIpc({
        engine,
        getWindow: () => window,
        renderer,
        setApiKey: async (key) => {
          apiKeys.save(key);
          await engine.restart(key ? 'the API key changed' : 'the API key was removed');
        },
      });
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          menuTemplate(
            {
              importFiles: () => importChosen('files').catch(report('import')),
              importFolder: () => importChosen('folder').catch(report('import')),
              changeDataFolder: () => changeDataFolder().catch(report('changing the data folder')),
              showDataFolder: () => {
                shell.openPath(engine.currentDataDir).then((problem) => {
                  if (problem) report('showing the data folder')(new Error(problem));
                }, report('showing the data folder'));
              },
              showAbout: () => app.showAboutPanel(),
            },
            { platform: process.platform, isDevelopment, appName: APP_NAME },
          ),
        ),
      );
      focusWindow();
      const launchPaths = pathsFromArgv(process.argv, { isPackaged: app.isPackaged, workingDirectory: process.cwd() });
      importPaths([...filesOpenedEarly, ...launchPaths].filter((candidate) => existsSync(candidate))).catch(report('import'));
    })
    .catch((error: unknown) => {
      console.error('Lantern: startup failed', error);
      dialog.showErrorBox('Lantern could not start', errorMessage(error));
      app.exit(1);
    });
}
