// Browser mode's attachment download over real HTTP: the token is required, the headers make it a download, the bytes are the attachment's.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, sharedDir, toMbox } from '../../../test/corpus';
import { mimeMessage } from '../../../test/mimeMessage';
import { attachmentDownloadPath } from '../../shared/contract/http';
import { openEngine } from '../../engine/api/engine';
import type { Engine } from '../../engine/api/engineTypes';
import { startBrowserServer, type BrowserServer } from './browserServer';
import { contentDisposition } from './attachmentDownload';

const pdf = readFileSync(join(sharedDir, 'fixtures/mimekit/UnitTests/TestData/tnef/MAPI_ATTACH_DATA_OBJ/VIA_Nytt_1402.pdf'));
const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');

describe('GET /api/attachment', () => {
  let engine: Engine;
  let server: BrowserServer;
  let base: string;
  let cookie: string;
  let messageId: string;

  beforeAll(async () => {
    const dir = await makeTempDir();
    const mbox = join(dir, 'mail.mbox');
    await writeFile(
      mbox,
      toMbox([
        mimeMessage('files', 'Files', 'Two files.', [
          { filename: 'Résumé 2024 (final).pdf', contentType: 'application/pdf', bytes: pdf },
          { filename: 'page.html', contentType: 'text/html', bytes: page },
        ]),
      ]),
    );
    const dataDir = join(dir, 'data');
    engine = await openEngine({ dataDir, timeZone: 'UTC' });
    await engine.importPaths([mbox], 'files');
    messageId = (await engine.search({ query: 'subject:Files' })).hits[0]!.id;
    await mkdir(join(dir, 'renderer'));
    await writeFile(join(dir, 'renderer', 'index.html'), '<div id="root"></div>');
    server = await startBrowserServer(engine, { port: 0, rendererDir: join(dir, 'renderer'), dataDir });
    const url = new URL(server.url);
    base = `http://127.0.0.1:${url.port}`;
    cookie = `lantern_token=${url.searchParams.get('token')}`;
  });

  afterAll(async () => {
    await server.close();
    await engine.close();
  });

  const get = (path: string, headers: Record<string, string> = { cookie }) => fetch(`${base}${path}`, { headers });

  it('refuses without the session token', async () => {
    const path = attachmentDownloadPath({ messageId, index: 0 });
    expect((await get(path, {})).status).toBe(401);
    expect((await get(path, { cookie: 'lantern_token=wrong' })).status).toBe(401);
    expect((await get(`${path}&token=${cookie.split('=')[1]}`, {})).status).toBe(401);
  });

  it('sends the bytes as a download that is never cached or sniffed', async () => {
    const response = await get(attachmentDownloadPath({ messageId, index: 0 }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ 2024 (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202024%20%28final%29.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-length')).toBe(String(pdf.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('sends an HTML attachment as bytes to save, not a page to show', async () => {
    const response = await get(attachmentDownloadPath({ messageId, index: 1 }));
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await response.arrayBuffer()).equals(page)).toBe(true);
  });

  it('answers a bad or unknown attachment with a JSON error', async () => {
    const missing = await get(attachmentDownloadPath({ messageId, index: 5 }));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toContain('there is none at index 5');
    expect((await get(`/api/attachment?message=${messageId}&index=-1`)).status).toBe(400);
    expect((await get('/api/attachment?index=0')).status).toBe(400);
    expect((await get(attachmentDownloadPath({ messageId: 'nope', index: 0 }))).status).toBe(404);
  });

  it('writes filename= in plain ASCII without quotes, and the real name in filename*', () => {
    expect(contentDisposition('a"b\\c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`);
    expect(contentDisposition("it's.txt")).toBe(`attachment; filename="it's.txt"; filename*=UTF-8''it%27s.txt`);
  });
});
