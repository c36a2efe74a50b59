// Builds the srcdoc for a message's HTML: sanitised again, wrapped in a CSP that blocks remote content until allowed.
import DOMPurify from 'dompurify';

/** Inline styles and data: images only: remote images would tell the sender the mail was opened. */
const BLOCKING_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";
/** After "Load images" for this mail: images from anywhere, still no scripts, remote CSS, fonts or frames. */
const IMAGES_POLICY = "default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'; font-src data:";

const REMOTE_REFERENCE = /(?:\bsrc\s*=\s*["']?\s*|\burl\(\s*["']?\s*|\bbackground\s*=\s*["']?\s*)(?:https?:)?\/\//gi;

const BASE_STYLE = `
  html { color-scheme: light; }
  body { margin: 0; padding: 16px 20px; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
         color: #1f2328; background: #ffffff; overflow-wrap: anywhere; }
  img { max-width: 100%; height: auto; }
  table { max-width: 100%; }
  pre { white-space: pre-wrap; }
  blockquote { margin: 0 0 0 8px; padding-left: 12px; border-left: 3px solid #d0d7de; color: #57606a; }
`;

/** How many remote images (img src, CSS url(), background=) the mail would load; 0 means nothing to unblock. */
export function remoteReferenceCount(html: string): number {
  return html.match(REMOTE_REFERENCE)?.length ?? 0;
}

const REMOTE_URL = /^\s*(?:https?:)?\/\//i;
const REMOTE_CSS_URL = /url\(\s*(["']?)\s*(?:https?:)?\/\/[^)]*\)/gi;

/**
 * Takes remote references out of the mail before the browser sees it, so a blocked image is not even attempted
 * (the frame's CSP stays as the second layer). Only used while images are blocked.
 */
function withoutRemoteReferences(fragment: DocumentFragment): void {
  for (const element of fragment.querySelectorAll<HTMLElement>('*')) {
    for (const attribute of ['src', 'background', 'poster']) {
      const value = element.getAttribute(attribute);
      if (value !== null && REMOTE_URL.test(value)) element.removeAttribute(attribute);
    }
    const style = element.getAttribute('style');
    if (style) {
      const local = style.replace(REMOTE_CSS_URL, 'none');
      if (local !== style) element.setAttribute('style', local);
    }
    if (element.tagName === 'STYLE' && element.textContent) element.textContent = element.textContent.replace(REMOTE_CSS_URL, 'none');
  }
}

export function messageDocument(html: string, allowRemoteImages = false): string {
  // The engine sanitised this already; a second pass here means a gap in one layer is not a hole.
  const fragment = DOMPurify.sanitize(html, {
    WHOLE_DOCUMENT: false,
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link'],
    FORBID_ATTR: ['srcset', 'ping'],
  });
  if (!allowRemoteImages) withoutRemoteReferences(fragment);
  const container = document.createElement('div');
  container.append(fragment);
  const policy = allowRemoteImages ? IMAGES_POLICY : BLOCKING_POLICY;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><meta name="referrer" content="no-referrer"><base target="_blank"><style>${BASE_STYLE}</style></head><body>${container.innerHTML}</body></html>`;
}
