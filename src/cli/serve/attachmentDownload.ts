// Browser mode's attachment download: the stored copy streamed as a file to save, never as a page to show.
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { attachmentRef } from '../../shared/contract/apiSchemas';
import { LanternError } from '../../shared/contract/errors';
import type { Engine } from '../../engine/api/engineTypes';
import { errorMessage } from '../../shared/errorMessage';

/** RFC 8187's encoding for `filename*`: percent-encoded UTF-8, with the few characters encodeURIComponent leaves that it may not. */
function encodeExtendedValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `filename=` for old clients (plain ASCII, no quotes or backslashes) and `filename*=` with the real name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtendedValue(filename)}`;
}

/** Throws a LanternError before anything is sent, so the caller can answer it as JSON. */
export async function sendAttachment(engine: Engine, query: URLSearchParams, response: ServerResponse): Promise<void> {
  const index = query.get('index') ?? '';
  const parsed = attachmentRef.safeParse({ messageId: query.get('message') ?? '', index: /^\d{1,6}$/.test(index) ? Number(index) : -1 });
  if (!parsed.success) throw new LanternError('bad-request', 'serve: an attachment is asked for as ?message=<id>&index=<number from 0>');
  const file = await engine.attachmentFile(parsed.data);
  const stream = createReadStream(file.path);
  // Opened before the headers go out, so a file gone since the engine looked is still an error, not a broken download.
  await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject)).catch((error: unknown) => {
    throw new LanternError('not-found', `serve: the stored copy of “${file.filename}” could not be read (${errorMessage(error)})`);
  });
  response.writeHead(200, {
    // Never the mail's own type: the browser must not render an HTML or SVG attachment as a page of this origin.
    'content-type': 'application/octet-stream',
    'content-length': String(file.size),
    'content-disposition': contentDisposition(file.filename),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; sandbox",
  });
  await pipeline(stream, response);
}
