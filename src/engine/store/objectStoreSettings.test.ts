// The settings LanceDB reads for tables on an S3-compatible store, checked before opening: a plain-HTTP endpoint
// without AWS_ALLOW_HTTP is named as such, not as LanceDB's "HTTP error: builder error".
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import { checkObjectStoreSettings } from './objectStoreSettings';

const NAMES = ['LANTERN_TABLES', 'AWS_ENDPOINT', 'AWS_ALLOW_HTTP', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION'];
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('object store settings', () => {
  it('name a plain-HTTP S3 endpoint that LanceDB was not allowed to use, when the engine opens', async () => {
    // Nothing listens on port 1: the settings are refused before any request.
    Object.assign(process.env, {
      LANTERN_TABLES: 's3://lantern/tables',
      AWS_ENDPOINT: 'http://127.0.0.1:1',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_REGION: 'us-east-1',
    });
    delete process.env.AWS_ALLOW_HTTP;
    const dir = await makeTempDir();
    await expect(openEngine({ dataDir: join(dir, 'data'), timeZone: 'UTC' })).rejects.toThrow(
      'tables: s3://lantern/tables is reached over plain HTTP (AWS_ENDPOINT=http://127.0.0.1:1), which LanceDB refuses unless AWS_ALLOW_HTTP=true is set too: set it, or use an https:// endpoint',
    );
  });

  it('accept HTTPS endpoints, allowed HTTP in any of its spellings, and other stores', () => {
    const http = { AWS_ENDPOINT: 'http://minio.local:9000' };
    expect(() => checkObjectStoreSettings('s3://bucket/tables', { AWS_ENDPOINT: 'https://minio.local:9000' })).not.toThrow();
    expect(() => checkObjectStoreSettings('s3://bucket/tables', { ...http, AWS_ALLOW_HTTP: 'true' })).not.toThrow();
    expect(() => checkObjectStoreSettings('s3://bucket/tables', { ...http, aws_allow_http: '1' })).not.toThrow();
    expect(() => checkObjectStoreSettings('s3://bucket/tables', { aws_endpoint_url: 'http://minio.local:9000' })).toThrow(
      /aws_endpoint_url=/,
    );
    expect(() => checkObjectStoreSettings('s3://bucket/tables', { ...http, AWS_ALLOW_HTTP: 'false' })).toThrow(/AWS_ALLOW_HTTP=true/);
    expect(() => checkObjectStoreSettings('gs://bucket/tables', http)).not.toThrow();
    expect(() => checkObjectStoreSettings('/home/me/tables', http)).not.toThrow();
  });
});
