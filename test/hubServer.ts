// A local stand-in for the Hugging Face hub in tests: its URL layout (resolve, tree API), Range requests, and faults on demand.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createSecureServer } from 'node:https';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { makeTempDir } from './corpus';

export interface HubFile {
  repository: string;
  revision: string;
  path: string;
  bytes: Buffer;
  /** Listed as an LFS file (its SHA-256 published); otherwise as a small git file (its blob SHA-1 only). */
  isLfs?: boolean;
}

/** What the server does wrong, by file path; each fault can be changed between requests. */
export interface HubFaults {
  /** Sends this many bytes of the file, then destroys the connection; once, then the fault clears. */
  cutAfterBytes?: { path: string; bytes: number };
  /** Serves the file with one byte changed, while the listing still publishes the true digest. */
  wrongBytes?: string;
  /** Answers this status for the file (404, 401, 500). */
  status?: { path: string; code: number };
  /** Answers this status for the tree listing. */
  treeStatus?: number;
  /** Sends files in pieces of this size with a pause between, so a test can pause or cancel midway. */
  slowChunkBytes?: number;
  /** Ignores Range and sends the whole file, as some mirrors do. */
  ignoreRange?: boolean;
  /** Redirects file requests to /cdn/..., as the hub sends large files to its CDN. */
  redirect?: boolean;
}

export interface HubRequest {
  method: string;
  url: string;
  range: string | undefined;
}

export interface HubServer {
  /** The base URL, as a mirror setting takes it: http://127.0.0.1:<port>. */
  url: string;
  port: number;
  faults: HubFaults;
  requests: HubRequest[];
  /** Body bytes sent for files, over all requests. */
  bytesSent: number;
  /** Stops listening: later requests meet a refused connection, as with a hub that is down. */
  close(): Promise<void>;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function gitBlobSha1(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A key and a self-signed certificate for 127.0.0.1, made by openssl: a certificate no client trusts. */
async function selfSignedCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const folder = await makeTempDir();
  const key = join(folder, 'key.pem');
  const cert = join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
    {
      stdio: 'ignore',
    },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** `secure`: serve HTTPS with a self-signed certificate, as a mirror behind a misconfigured or inspecting proxy looks. */
export async function startHubServer(files: HubFile[], options: { secure?: boolean } = {}): Promise<HubServer> {
  const hub: HubServer = { url: '', port: 0, faults: {}, requests: [], bytesSent: 0, close: async () => undefined };

  function listing(repository: string, revision: string): object[] {
    return files
      .filter((file) => file.repository === repository && file.revision === revision)
      .map((file) => ({
        type: 'file',
        path: file.path,
        size: file.bytes.length,
        oid: gitBlobSha1(file.bytes),
        ...(file.isLfs ? { lfs: { oid: sha256(file.bytes), size: file.bytes.length, pointerSize: 134 } } : {}),
      }));
  }

  async function sendFile(file: HubFile, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { faults } = hub;
    if (faults.status?.path === file.path) {
      response.writeHead(faults.status.code, { 'content-type': 'text/plain' }).end(`status ${faults.status.code}`);
      return;
    }
    let bytes = file.bytes;
    if (faults.wrongBytes === file.path) {
      bytes = Buffer.from(bytes);
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    }
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const start = range && !faults.ignoreRange ? Number(range[1]) : 0;
    if (start >= bytes.length && bytes.length > 0) {
      response.writeHead(416, { 'content-range': `bytes */${bytes.length}` }).end();
      return;
    }
    const body = bytes.subarray(start);
    const headers = { 'content-type': 'application/octet-stream', 'content-length': String(body.length), 'accept-ranges': 'bytes' };
    if (start > 0) response.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` });
    else response.writeHead(200, headers);
    const cut = faults.cutAfterBytes?.path === file.path ? faults.cutAfterBytes.bytes : null;
    const piece = faults.slowChunkBytes ?? 64 * 1024;
    for (let offset = 0; offset < body.length; offset += piece) {
      if (response.destroyed) return;
      let chunk = body.subarray(offset, offset + piece);
      if (cut !== null && offset + chunk.length >= cut) {
        chunk = chunk.subarray(0, cut - offset);
        response.write(chunk);
        hub.bytesSent += chunk.length;
        faults.cutAfterBytes = undefined;
        // Let the bytes leave before the connection is cut, as a dropped line does after some data.
        await pause(50);
        response.socket?.destroy();
        return;
      }
      response.write(chunk);
      hub.bytesSent += chunk.length;
      if (faults.slowChunkBytes) await pause(20);
    }
    response.end();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://hub');
    hub.requests.push({ method: request.method ?? 'GET', url: url.pathname + url.search, range: request.headers.range });
    const tree = /^\/api\/models\/([^/]+\/[^/]+)\/tree\/([^/]+)$/.exec(url.pathname);
    if (tree) {
      if (hub.faults.treeStatus) {
        response.writeHead(hub.faults.treeStatus).end();
        return;
      }
      const entries = listing(tree[1]!, decodeURIComponent(tree[2]!));
      if (entries.length === 0) response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Repository not found"}');
      else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(entries));
      return;
    }
    const isCdn = url.pathname.startsWith('/cdn/');
    const [, repository, revision, path] =
      /^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(isCdn ? url.pathname.slice(4) : url.pathname) ?? [];
    const file =
      path !== undefined &&
      files.find(
        (candidate) =>
          candidate.repository === repository &&
          candidate.revision === decodeURIComponent(revision!) &&
          candidate.path === path.split('/').map(decodeURIComponent).join('/'),
      );
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found');
      return;
    }
    if (hub.faults.redirect && !isCdn) {
      response.writeHead(302, { location: `/cdn${url.pathname}` }).end();
      return;
    }
    await sendFile(file, request, response);
  }

  const listener = (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  };
  const server: Server = options.secure ? createSecureServer(await selfSignedCertificate(), listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  hub.port = port;
  hub.url = `${options.secure ? 'https' : 'http'}://127.0.0.1:${port}`;
  hub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return hub;
}
