import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chooseRendererLocation, isRendererUrl, rendererUrl } from './rendererLocation';

const appPath = path.resolve('/opt/lantern/resources/app.asar');
const indexPath = path.join(appPath, 'out', 'renderer', 'index.html');

describe('chooseRendererLocation', () => {
  it('uses the dev server only when unpackaged and electron-vite set its URL', () => {
    expect(chooseRendererLocation({ isPackaged: false, devServerUrl: 'http://localhost:5173', appPath })).toEqual({
      kind: 'dev-server',
      url: 'http://localhost:5173',
    });
    expect(chooseRendererLocation({ isPackaged: true, devServerUrl: 'http://localhost:5173', appPath })).toEqual({
      kind: 'file',
      indexPath,
    });
    expect(chooseRendererLocation({ isPackaged: false, devServerUrl: undefined, appPath })).toEqual({ kind: 'file', indexPath });
  });
});

describe('isRendererUrl', () => {
  const file = { kind: 'file', indexPath } as const;
  const page = pathToFileURL(indexPath).href;

  it('accepts the built page with any hash or query', () => {
    expect(rendererUrl(file)).toBe(page);
    expect(isRendererUrl(page, file)).toBe(true);
    expect(isRendererUrl(`${page}#/message/42`, file)).toBe(true);
    expect(isRendererUrl(`${page}?q=from%3Aalice`, file)).toBe(true);
  });

  it('refuses other files, other hosts and other schemes', () => {
    expect(isRendererUrl(pathToFileURL(path.join(appPath, 'out', 'renderer', 'other.html')).href, file)).toBe(false);
    expect(isRendererUrl(pathToFileURL('/etc/passwd').href, file)).toBe(false);
    expect(isRendererUrl('https://example.com/index.html', file)).toBe(false);
    expect(isRendererUrl('not a url', file)).toBe(false);
    expect(isRendererUrl(`${page}/../../../../../../etc/passwd`, file)).toBe(false);
  });

  it('accepts any path on the dev server origin and nothing else', () => {
    const dev = { kind: 'dev-server', url: 'http://localhost:5173/' } as const;
    expect(isRendererUrl('http://localhost:5173/#/search', dev)).toBe(true);
    expect(isRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isRendererUrl('https://localhost:5173/', dev)).toBe(false);
    expect(isRendererUrl('http://evil.example/', dev)).toBe(false);
  });
});
