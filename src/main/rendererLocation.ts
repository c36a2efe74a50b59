// Where the renderer page comes from, and whether a URL is that page (for IPC sender checks and navigation).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { assertNever } from '../shared/assertNever';

/** The built page on disk, or electron-vite's dev server in development. */
export type RendererLocation = { kind: 'file'; indexPath: string } | { kind: 'dev-server'; url: string };

/** Picks the dev server when electron-vite set ELECTRON_RENDERER_URL (dev only), else the built page. */
export function chooseRendererLocation(options: {
  isPackaged: boolean;
  devServerUrl: string | undefined;
  appPath: string;
}): RendererLocation {
  if (!options.isPackaged && options.devServerUrl) return { kind: 'dev-server', url: options.devServerUrl };
  return { kind: 'file', indexPath: path.join(options.appPath, 'out', 'renderer', 'index.html') };
}

/** The URL to load, for logs and for comparing against. */
export function rendererUrl(location: RendererLocation): string {
  return location.kind === 'file' ? pathToFileURL(location.indexPath).href : location.url;
}

/** True when `candidate` is our page (any hash or query), so nothing else may call the API or replace it. */
export function isRendererUrl(candidate: string, location: RendererLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return false;
  }
  switch (location.kind) {
    case 'file': {
      if (parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) return false;
      parsed.hash = '';
      parsed.search = '';
      return path.resolve(fileURLToPath(parsed)) === path.resolve(location.indexPath);
    }
    case 'dev-server':
      return parsed.origin === new URL(location.url).origin;
    default:
      return assertNever(location, 'renderer location');
  }
}

/** True for files of the built page's folder (or the dev server's origin): what frames of our page may show. */
export function isRendererResourceUrl(candidate: string, location: RendererLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return false;
  }
  switch (location.kind) {
    case 'file': {
      if (parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) return false;
      const folder = path.dirname(path.resolve(location.indexPath));
      const target = path.resolve(fileURLToPath(parsed));
      return target.startsWith(folder + path.sep);
    }
    case 'dev-server':
      return parsed.origin === new URL(location.url).origin;
    default:
      return assertNever(location, 'renderer location');
  }
}
