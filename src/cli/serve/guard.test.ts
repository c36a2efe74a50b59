// Browser mode's guard over real HTTP: a token that cannot be decoded, or is not ASCII, is a wrong token (401), never a crash.
import { request } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { openEngine } from '../../engine/api/engine';
import type { Engine } from '../../engine/api/engineTypes';
import { startBrowserServer, type BrowserServer } from './browserServer';

/** The status of a request sent with exactly these headers (fetch would refuse or re-encode some of them). */
function status(base: string, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(`${base}${path}`, { method: 'POST', headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.end('{"args":[]}');
  });
}

describe('browser mode guard', () => {
  let engine: Engine;
  let server: BrowserServer;
  let base: string;
  let token: string;

  beforeAll(async () => {
    const dir = await makeTempDir();
    const dataDir = join(dir, 'data');
    engine = await openEngine({ dataDir, timeZone: 'UTC' });
    await mkdir(join(dir, 'renderer'));
    await writeFile(join(dir, 'renderer', 'index.html'), '<div id="root"></div>');
    server = await startBrowserServer(engine, { port: 0, rendererDir: join(dir, 'renderer'), dataDir });
    const url = new URL(server.url);
    base = `http://127.0.0.1:${url.port}`;
    token = url.searchParams.get('token')!;
  });

  afterAll(async () => {
    await server.close();
    await engine.close();
  });

  it.each([
    ['broken percent-encoding', 'lantern_token=%E0%A4%A'],
    ['a lone percent sign', 'lantern_token=%'],
    ['an encoded non-ASCII token as long as the real one', `lantern_token=${'%C3%A9'.repeat(32)}`],
    ['a latin-1 token as long as the real one', `lantern_token=${'\u00e9'.repeat(32)}`],
  ])('answers 401 for a cookie with %s, and keeps serving', async (_case, cookie) => {
    expect(token).toHaveLength(32);
    expect(await status(base, '/api/call/getStats', { cookie })).toBe(401);
    expect(await status(base, '/api/call/getStats', { cookie: `lantern_token=${token}` })).toBe(200);
  });

  it('answers 401 for a non-ASCII token header as long as the real one', async () => {
    expect(await status(base, '/api/call/getStats', { 'x-lantern-token': '\u00e9'.repeat(32) })).toBe(401);
  });

  it('answers 401 for a non-ASCII token in the page address', async () => {
    const page = await fetch(`${base}/?token=${'%C3%A9'.repeat(32)}`);
    expect(page.status).toBe(401);
  });
});
