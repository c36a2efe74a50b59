// Builds the srcdoc for a message's HTML: sanitised again, wrapped in a CSP that allows no remote content at all.
import DOMPurify from 'dompurify';

/** Inline styles and data: images only: remote images would tell the sender the mail was opened. */
const INNER_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

const BASE_STYLE = `
  html { color-scheme: light; }
  body { margin: 0; padding: 16px 20px; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
         color: #1f2328; background: #ffffff; overflow-wrap: anywhere; }
  img { max-width: 100%; height: auto; }
  table { max-width: 100%; }
  pre { white-space: pre-wrap; }
  blockquote { margin: 0 0 0 8px; padding-left: 12px; border-left: 3px solid #d0d7de; color: #57606a; }
`;

export function messageDocument(html: string): string {
  // The engine sanitised this already; a second pass here means a gap in one layer is not a hole.
  const clean = DOMPurify.sanitize(html, {
    WHOLE_DOCUMENT: false,
    FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link'],
    FORBID_ATTR: ['srcset', 'ping'],
  });
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${INNER_POLICY}"><base target="_blank"><style>${BASE_STYLE}</style></head><body>${clean}</body></html>`;
}
