import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decideNavigation } from './navigationPolicy';

const indexPath = path.resolve('/opt/lantern/out/renderer/index.html');
const file = { kind: 'file', indexPath } as const;
const page = pathToFileURL(indexPath).href;
const asset = pathToFileURL(path.resolve('/opt/lantern/out/renderer/assets/help.html')).href;

describe('decideNavigation', () => {
  it('keeps the main frame on our page and sends web links out', () => {
    expect(decideNavigation(`${page}#/search`, 'main-frame', file)).toEqual({ action: 'allow' });
    expect(decideNavigation(asset, 'main-frame', file)).toEqual({ action: 'block' });
    expect(decideNavigation('https://example.com/', 'main-frame', file)).toEqual({
      action: 'open-externally',
      url: 'https://example.com/',
    });
    expect(decideNavigation('file:///etc/passwd', 'main-frame', file)).toEqual({ action: 'block' });
  });

  it('lets frames show srcdoc documents and our own files, and nothing else of the disk', () => {
    expect(decideNavigation('about:srcdoc', 'subframe', file)).toEqual({ action: 'allow' });
    expect(decideNavigation('about:blank', 'subframe', file)).toEqual({ action: 'allow' });
    expect(decideNavigation(asset, 'subframe', file)).toEqual({ action: 'allow' });
    expect(decideNavigation('file:///etc/passwd', 'subframe', file)).toEqual({ action: 'block' });
    expect(decideNavigation(pathToFileURL(path.resolve('/opt/lantern/out/renderer-evil/x.html')).href, 'subframe', file)).toEqual({
      action: 'block',
    });
    expect(decideNavigation('mailto:bob@example.com', 'subframe', file)).toEqual({
      action: 'open-externally',
      url: 'mailto:bob@example.com',
    });
  });

  it('never opens a new window, not even on our page', () => {
    expect(decideNavigation(page, 'new-window', file)).toEqual({ action: 'block' });
    expect(decideNavigation('http://example.com/a', 'new-window', file)).toEqual({
      action: 'open-externally',
      url: 'http://example.com/a',
    });
    expect(decideNavigation('javascript:alert(1)', 'new-window', file)).toEqual({ action: 'block' });
  });

  it('treats the dev server origin as ours', () => {
    const dev = { kind: 'dev-server', url: 'http://localhost:5173' } as const;
    expect(decideNavigation('http://localhost:5173/', 'main-frame', dev)).toEqual({ action: 'allow' });
    expect(decideNavigation('http://localhost:5173/frame.html', 'subframe', dev)).toEqual({ action: 'allow' });
    expect(decideNavigation('http://localhost:8080/', 'main-frame', dev)).toEqual({
      action: 'open-externally',
      url: 'http://localhost:8080/',
    });
  });
});
