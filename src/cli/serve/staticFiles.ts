// Serves the built renderer's files, never anything outside its folder.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * The page's policy again as a header (the page also carries it as a meta tag): nothing remote, except images,
 * which only a mail's own frame may load, and only after "Load images" relaxes that frame's stricter policy.
 */
const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http:; font-src 'self'; connect-src 'self'; frame-src about: 'self'; child-src about: 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Answers with the file for `urlPath` under `root`; false when there is no such file. */
export async function serveStatic(root: string, urlPath: string, response: ServerResponse): Promise<boolean> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return false;
  }
  const path = normalize(join(root, decoded === '/' ? 'index.html' : decoded));
  if (path !== root && !path.startsWith(root + sep)) return false;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return false;
  response.writeHead(200, {
    ...(extname(path) === '.html' ? { 'content-security-policy': PAGE_POLICY, 'x-frame-options': 'DENY' } : {}),
    'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
    'content-length': info.size,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
  createReadStream(path).pipe(response);
  return true;
}
