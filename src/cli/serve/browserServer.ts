// Browser mode: the built renderer and the LanternApi over loopback HTTP, for one engine.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ApiMethod, LanternEvent } from '../../shared/contract/api';
import { isApiMethod } from '../../shared/contract/apiMethods';
import { LanternError, toWireError, type WireError } from '../../shared/contract/errors';
import { ATTACHMENT_PATH, EVENTS_PATH, TOKEN_COOKIE, TOKEN_QUERY, UPLOAD_PATH } from '../../shared/contract/http';
import type { Engine } from '../../engine/api/engineTypes';
import { callEngine } from './callEngine';
import { sendAttachment } from './attachmentDownload';
import { checkRequest } from './guard';
import { serveStatic } from './staticFiles';

const MAX_BODY_BYTES = 1 << 20;
const MAX_UPLOAD_BYTES = 20 * 2 ** 30;
const HEARTBEAT_MS = 15_000;
const STATUS: Record<WireError['code'], number> = {
  'bad-request': 400,
  'not-found': 404,
  'unreadable-path': 400,
  'not-mail': 400,
  cancelled: 409,
  'engine-unavailable': 503,
  'store-busy': 409,
  'read-only': 405,
  'download-failed': 502,
  internal: 500,
};

export interface BrowserServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new LanternError('bad-request', 'serve: request body too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new LanternError('bad-request', 'serve: the request body is not JSON');
  }
}

function safeFileName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').replace(/[^\w.\- ]+/g, '_').slice(-120) || 'upload';
}

export async function startBrowserServer(
  engine: Engine,
  options: { port: number; rendererDir: string; dataDir: string },
): Promise<BrowserServer> {
  const token = randomBytes(24).toString('base64url');
  const streams = new Set<ServerResponse>();
  let port = options.port;
  const unsubscribe = engine.subscribe((event: LanternEvent) => {
    for (const stream of streams) stream.write(`data: ${JSON.stringify(event)}\n\n`);
  });
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': heartbeat\n\n');
  }, HEARTBEAT_MS);

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const verdict = checkRequest(request, port, token, url.pathname === '/' ? url.searchParams.get(TOKEN_QUERY) : null);
    if (verdict === 'bad-host' || verdict === 'bad-origin')
      return sendJson(response, 403, { error: { code: 'bad-request', message: `serve: ${verdict}` } });
    if (verdict === 'no-token')
      return sendJson(response, 401, {
        error: { code: 'bad-request', message: 'serve: open the address printed by `lantern serve` (it carries the session token)' },
      });
    if (url.pathname === '/' && url.searchParams.get(TOKEN_QUERY)) {
      response.setHeader('set-cookie', `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
    }
    if (request.method === 'POST' && url.pathname.startsWith('/api/call/')) {
      const method = url.pathname.slice('/api/call/'.length);
      if (!isApiMethod(method))
        return sendJson(response, 404, { error: { code: 'not-found', message: `serve: no API method "${method}"` } });
      try {
        const body = (await readJson(request)) as { args?: unknown };
        if (!Array.isArray(body?.args)) throw new LanternError('bad-request', 'serve: the body must be {"args": [...]}');
        // The engine's router checks the arguments as it does the desktop window's: a page is no more trusted than a renderer.
        return sendJson(response, 200, { result: (await callEngine(engine, method as ApiMethod, body.args)) ?? null });
      } catch (error) {
        const wire = toWireError(error);
        return sendJson(response, STATUS[wire.code], { error: wire });
      }
    }
    if (request.method === 'GET' && url.pathname === EVENTS_PATH) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      response.write(': connected\n\n');
      streams.add(response);
      request.on('close', () => streams.delete(response));
      return;
    }
    if (request.method === 'GET' && url.pathname === ATTACHMENT_PATH) {
      try {
        return await sendAttachment(engine, url.searchParams, response);
      } catch (error) {
        if (response.headersSent) throw error;
        const wire = toWireError(error);
        return sendJson(response, STATUS[wire.code], { error: wire });
      }
    }
    if (request.method === 'POST' && url.pathname === UPLOAD_PATH) {
      // A folder per upload keeps the file's own name, which names its collection and default folder.
      const folder = join(options.dataDir, 'uploads', randomBytes(6).toString('hex'));
      await mkdir(folder, { recursive: true });
      const path = join(folder, safeFileName(url.searchParams.get('name') ?? ''));
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_UPLOAD_BYTES) request.destroy(new Error('serve: upload larger than 20 GB'));
      });
      await pipeline(request, createWriteStream(path));
      return sendJson(response, 200, { path });
    }
    if (request.method === 'GET' && (await serveStatic(options.rendererDir, url.pathname, response))) return;
    sendJson(response, 404, { error: { code: 'not-found', message: `serve: nothing at ${url.pathname}` } });
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: toWireError(error) });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/?${TOKEN_QUERY}=${token}`,
    port,
    async close() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
