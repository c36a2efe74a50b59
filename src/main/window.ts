// The one Lantern window: locked-down web preferences, navigation and pop-ups blocked, bounds remembered.
import { BrowserWindow, screen, shell } from 'electron';
import { assertNever } from '../shared/assertNever';
import { decideNavigation, type NavigationKind } from './navigationPolicy';
import { rendererUrl, type RendererLocation } from './rendererLocation';
import { RestartBudget } from './restartBudget';
import type { Settings } from './settings';
import { DEFAULT_SIZE } from './windowBounds';

export interface WindowOptions {
  preloadPath: string;
  renderer: RendererLocation;
  settings: Settings;
  iconPath: string | undefined;
}

export function createMainWindow({ preloadPath, renderer, settings, iconPath }: WindowOptions): BrowserWindow {
  const saved = settings.windowBounds(screen.getAllDisplays().map((display) => display.workArea));
  const window = new BrowserWindow({
    ...(saved ? { x: saved.x, y: saved.y, width: saved.width, height: saved.height } : DEFAULT_SIZE),
    minWidth: 640,
    minHeight: 420,
    show: false,
    title: 'Lantern',
    backgroundColor: '#1b1d23',
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  });
  if (saved?.isMaximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  blockNavigation(window, renderer);
  rememberBounds(window, settings);
  reloadAfterCrash(window);

  const url = rendererUrl(renderer);
  const load = renderer.kind === 'file' ? window.loadFile(renderer.indexPath) : window.loadURL(url);
  load.catch((error: unknown) => {
    console.error(`window: could not load ${url}; run "npm run build" first`, error);
  });
  return window;
}

// Mail bodies contain links; none may replace the app page or open a window with the preload's powers.
function blockNavigation(window: BrowserWindow, renderer: RendererLocation): void {
  const contents = window.webContents;
  const apply = (url: string, kind: NavigationKind): boolean => {
    const decision = decideNavigation(url, kind, renderer);
    switch (decision.action) {
      case 'allow':
        return true;
      case 'open-externally':
        shell.openExternal(decision.url).catch((error: unknown) => console.error(`window: could not open ${decision.url}`, error));
        return false;
      case 'block':
        console.warn(`window: blocked ${kind} navigation to ${url.slice(0, 200)}`);
        return false;
      default:
        return assertNever(decision, 'navigation decision');
    }
  };
  contents.setWindowOpenHandler(({ url }) => {
    apply(url, 'new-window');
    return { action: 'deny' };
  });
  contents.on('will-frame-navigate', (event) => {
    if (!apply(event.url, event.isMainFrame ? 'main-frame' : 'subframe')) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (decideNavigation(event.url, event.isMainFrame ? 'main-frame' : 'subframe', renderer).action !== 'allow') event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

// The UI state lives in the page, but a blank window is worse; a crash loop stops after a few reloads.
function reloadAfterCrash(window: BrowserWindow): void {
  const budget = new RestartBudget();
  window.webContents.on('render-process-gone', (_event, details) => {
    console.error(`window: the page's process is gone (${details.reason}, exit code ${details.exitCode})`);
    if (details.reason === 'clean-exit' || window.isDestroyed()) return;
    const decision = budget.recordCrash(Date.now());
    if (!decision.restart) {
      console.error('window: the page crashed repeatedly; not reloading it again. Restart Lantern.');
      return;
    }
    setTimeout(() => {
      if (!window.isDestroyed()) window.webContents.reload();
    }, decision.delayMs);
  });
}

function rememberBounds(window: BrowserWindow, settings: Settings): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (): void => {
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return;
    // Normal bounds, so un-maximizing after a restart returns to the size the user had before maximizing.
    const bounds = window.getNormalBounds();
    settings.saveWindowBounds({ ...bounds, isMaximized: window.isMaximized() });
  };
  const saveSoon = (): void => {
    clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  window.on('resize', saveSoon);
  window.on('move', saveSoon);
  window.on('maximize', save);
  window.on('unmaximize', save);
  window.on('close', () => {
    clearTimeout(timer);
    save();
  });
}
