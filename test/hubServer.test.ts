// The test hub answers as the Hugging Face hub does where the model manager relies on it: paths, listing, ranges, faults.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHubServer, type HubServer } from './hubServer';

const weights = Buffer.from('weights '.repeat(1_000));
const config = Buffer.from('{"model_type":"bert"}');
let hub: HubServer;

beforeAll(async () => {
  hub = await startHubServer([
    { repository: 'owner/model', revision: 'main', path: 'onnx/model.onnx', bytes: weights, isLfs: true },
    { repository: 'owner/model', revision: 'main', path: 'config.json', bytes: config },
  ]);
});

afterAll(async () => {
  await hub.close();
});

describe('test hub', () => {
  it('lists a revision as the tree API does: LFS files with their SHA-256, small files with their git blob id', async () => {
    const response = await fetch(`${hub.url}/api/models/owner/model/tree/main?recursive=true`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      {
        type: 'file',
        path: 'onnx/model.onnx',
        size: weights.length,
        oid: createHash('sha1').update(`blob ${weights.length}\0`).update(weights).digest('hex'),
        lfs: { oid: createHash('sha256').update(weights).digest('hex'), size: weights.length, pointerSize: 134 },
      },
      {
        type: 'file',
        path: 'config.json',
        size: config.length,
        oid: createHash('sha1').update(`blob ${config.length}\0`).update(config).digest('hex'),
      },
    ]);
    expect((await fetch(`${hub.url}/api/models/owner/other/tree/main`)).status).toBe(404);
  });

  it('serves /{repository}/resolve/{revision}/{path}, whole or from a byte on (206 with Content-Range)', async () => {
    const whole = await fetch(`${hub.url}/owner/model/resolve/main/onnx/model.onnx`);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(weights);
    const rest = await fetch(`${hub.url}/owner/model/resolve/main/onnx/model.onnx`, { headers: { range: 'bytes=100-' } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 100-${weights.length - 1}/${weights.length}`);
    expect(Buffer.from(await rest.arrayBuffer())).toEqual(weights.subarray(100));
    const missing = await fetch(`${hub.url}/owner/model/resolve/main/nothing.bin`);
    expect([missing.status, await missing.text()]).toEqual([404, 'Entry not found']);
  });

  it('redirects to a CDN path, answers a chosen status, and cuts a connection after some bytes', async () => {
    hub.faults.redirect = true;
    const redirected = await fetch(`${hub.url}/owner/model/resolve/main/config.json`);
    expect(new URL(redirected.url).pathname).toBe('/cdn/owner/model/resolve/main/config.json');
    expect(await redirected.text()).toBe(config.toString());
    hub.faults.redirect = false;
    hub.faults.status = { path: 'config.json', code: 500 };
    expect((await fetch(`${hub.url}/owner/model/resolve/main/config.json`)).status).toBe(500);
    hub.faults.status = undefined;
    hub.faults.cutAfterBytes = { path: 'onnx/model.onnx', bytes: 1_000 };
    const cut = await fetch(`${hub.url}/owner/model/resolve/main/onnx/model.onnx`);
    await expect(cut.arrayBuffer()).rejects.toThrow('terminated');
  });
});
