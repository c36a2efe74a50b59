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
  details.lantern-folded > summary { display: inline-block; margin: 4px 0; padding: 0 8px; border: 1px solid #d0d7de;
         border-radius: 8px; background: #f6f8fa; color: #57606a; font-weight: 700; line-height: 16px; cursor: pointer;
         list-style: none; }
  details.lantern-folded > summary::-webkit-details-marker { display: none; }
`;

/** Quoted replies as mail programs mark them in HTML: a blockquote, and Gmail's and Yahoo's quote containers. */
const QUOTE_SELECTOR = 'blockquote, .gmail_quote, .yahoo_quoted';

const REMOTE_URL = /^\s*(?:https?:)?\/\//i;
const REMOTE_CSS_URL = /url\(\s*(["']?)\s*(?:https?:)?\/\/[^)]*\)/gi;
/** `@import url(…)` and `@import "…"`: a mail's style sheet may not fetch another, loaded images or not. */
const CSS_IMPORT = /@import\s+(?:url\([^)]*\)|"[^"]*"|'[^']*')[^;]*;?/gi;
/** Web font rules: remote ones never load (the frame's CSP allows data: fonts only). */
const FONT_FACE = /@font-face\s*\{[^}]*\}/gi;

/**
 * How many remote images (img src, CSS url(), background=) the mail would load; 0 means nothing to unblock. Style
 * sheet imports and web fonts are not counted: "Load images" does not load them.
 */
export function remoteReferenceCount(html: string): number {
  return html.replace(CSS_IMPORT, '').replace(FONT_FACE, '').match(REMOTE_REFERENCE)?.length ?? 0;
}

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

/**
 * Embedded style sheets stay (table borders, fonts, colours), without imports of other sheets and without remote web
 * fonts: neither loads even after "Load images", and taking them out spares the frame's CSP a refusal for each.
 */
function withoutRemoteStyleSheets(fragment: DocumentFragment): void {
  for (const style of fragment.querySelectorAll('style')) {
    if (!style.textContent) continue;
    style.textContent = style.textContent
      .replace(CSS_IMPORT, '')
      .replace(FONT_FACE, (rule) => (rule.search(REMOTE_CSS_URL) === -1 ? rule : ''));
  }
}

/** Wraps each outermost quote in a <details> shown as "…": the frame runs no scripts, and <details> opens on a click by itself. */
function withQuotesFolded(fragment: DocumentFragment): void {
  const outermost = [...fragment.querySelectorAll(QUOTE_SELECTOR)].filter((quote) => !quote.parentElement?.closest(QUOTE_SELECTOR));
  for (const quote of outermost) {
    const details = document.createElement('details');
    details.className = 'lantern-folded';
    const summary = document.createElement('summary');
    summary.textContent = '…';
    summary.title = 'Show quoted text';
    details.append(summary);
    quote.replaceWith(details);
    details.append(quote);
  }
}

export interface MessageDocumentOptions {
  allowRemoteImages?: boolean;
  /** Fold quoted replies behind "…" (the conversation view). */
  foldQuotes?: boolean;
}

export function messageDocument(html: string, { allowRemoteImages = false, foldQuotes = false }: MessageDocumentOptions = {}): string {
  // The engine sanitised this already; a second pass here means a gap in one layer is not a hole.
  const fragment = DOMPurify.sanitize(html, {
    WHOLE_DOCUMENT: false,
    RETURN_DOM_FRAGMENT: true,
    // Without it a leading <style> (the mail's <head> once <html> and <head> are gone) is parsed into a head that is
    // then dropped, and the mail loses its table borders, fonts and colours.
    FORCE_BODY: true,
    FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link'],
    FORBID_ATTR: ['srcset', 'ping'],
  });
  withoutRemoteStyleSheets(fragment);
  if (!allowRemoteImages) withoutRemoteReferences(fragment);
  if (foldQuotes) withQuotesFolded(fragment);
  const container = document.createElement('div');
  container.append(fragment);
  const policy = allowRemoteImages ? IMAGES_POLICY : BLOCKING_POLICY;
  // The mail's own <style> comes after the base style, so its rules win where both speak, as in its sender's program.
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><meta name="referrer" content="no-referrer"><base target="_blank"><style>${BASE_STYLE}</style></head><body>${container.innerHTML}</body></html>`;
}
