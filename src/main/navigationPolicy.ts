// Decides what happens when the page, a frame in it (a mail body) or a link tries to go somewhere.
import { externalLinkTarget } from './externalLinks';
import { isRendererResourceUrl, isRendererUrl, type RendererLocation } from './rendererLocation';

export type NavigationDecision = { action: 'allow' } | { action: 'open-externally'; url: string } | { action: 'block' };

export type NavigationKind = 'main-frame' | 'subframe' | 'new-window';

/**
 * The main frame only ever shows our page; frames (mail bodies in srcdoc) may show about: documents and our own
 * files; nothing opens a window with the preload. Web and mailto links leave for the user's browser or mail app.
 */
export function decideNavigation(url: string, kind: NavigationKind, renderer: RendererLocation): NavigationDecision {
  if (kind === 'main-frame' && isRendererUrl(url, renderer)) return { action: 'allow' };
  if (kind === 'subframe' && (url.startsWith('about:') || isRendererResourceUrl(url, renderer))) return { action: 'allow' };
  const external = externalLinkTarget(url);
  return external ? { action: 'open-externally', url: external } : { action: 'block' };
}
