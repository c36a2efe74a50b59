// Tables on a real S3-compatible object store (Swift's s3api on 127.0.0.1, test/s3Server.ts), named by LANTERN_TABLES
// and reached with the AWS_* settings LanceDB reads: one data folder imports and embeds, a second finds the same.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { s3Request } from '../../../test/s3Request';
import { startS3Server, type S3Server } from '../../../test/s3Server';
import { openEngine } from './engine';

describe('tables on an S3-compatible object store', () => {
  let server: S3Server;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    server = await startS3Server();
    await server.createBucket('lantern');
    const environment = { ...server.environment, LANTERN_TABLES: 's3://lantern/tables' };
    for (const [name, value] of Object.entries(environment)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });

  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await server?.stop();
  });

  it('let only the first create of an object win, as LanceDB commits a table version', async () => {
    const create = { headers: { 'If-None-Match': '*' }, body: 'version 1' };
    expect((await s3Request(server, 'PUT', '/lantern/probe/1.manifest', create)).status).toBe(200);
    const again = await s3Request(server, 'PUT', '/lantern/probe/1.manifest', { ...create, body: 'a rival version 1' });
    expect(again).toMatchObject({ status: 412, text: expect.stringContaining('PreconditionFailed') });
    expect((await s3Request(server, 'GET', '/lantern/probe/1.manifest')).text).toBe('version 1');
  });

  it('say that the store refused or could not be reached, not that a table is damaged', async () => {
    const dir = await makeTempDir();
    process.env.AWS_SECRET_ACCESS_KEY = 'not-the-secret';
    try {
      await expect(openEngine({ dataDir: join(dir, 'wrong-key'), timeZone: 'UTC' })).rejects.toThrow(
        /^store: the object store at s3:\/\/lantern\/tables refused or could not be reached: .*403 Forbidden/,
      );
    } finally {
      process.env.AWS_SECRET_ACCESS_KEY = server.environment.AWS_SECRET_ACCESS_KEY;
    }
    process.env.AWS_ENDPOINT = 'http://127.0.0.1:1';
    try {
      await expect(openEngine({ dataDir: join(dir, 'no-server'), timeZone: 'UTC' })).rejects.toThrow(
        /^store: the object store at s3:\/\/lantern\/tables refused or could not be reached: .*error sending request/,
      );
    } finally {
      process.env.AWS_ENDPOINT = server.environment.AWS_ENDPOINT;
    }
  });

  it('serve a second data folder with the same messages, vectors and results', async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'slice.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 120)));

    const first = await openEngine({ dataDir: join(dir, 'machine-a'), timeZone: 'UTC' });
    let keywordHits: string[];
    let semanticHits: string[];
    try {
      expect(await first.importPaths([file], 'slice')).toMatchObject({ imported: 120, failed: 0 });
      expect((await first.embed()).embedded).toBe(120);
      keywordHits = (await first.search({ query: 'from:marcus subject:N320', mode: 'keyword' })).hits.map((hit) => hit.id);
      semanticHits = (await first.search({ query: 'radio overheats', mode: 'semantic' })).hits.map((hit) => hit.id);
      expect(keywordHits.length).toBeGreaterThan(0);
      expect(semanticHits.length).toBeGreaterThan(0);
      await expect(first.backupNow()).rejects.toThrow(/backup: the tables live at s3:\/\/lantern\/tables/);
    } finally {
      await first.close();
    }
    // The tables are in the bucket (listed by folder, as LanceDB lists them), none in the data folder.
    const listing = await s3Request(server, 'GET', '/lantern?list-type=2&prefix=tables/&delimiter=/');
    expect(listing.text).toContain('<Prefix>tables/messages.lance/</Prefix>');
    expect(existsSync(join(dir, 'machine-a', 'lancedb'))).toBe(false);

    // A second machine's first look is often `lantern search`, which opens its data folder read-only.
    const reader = await openEngine({ dataDir: join(dir, 'machine-b'), access: 'read', timeZone: 'UTC' });
    try {
      expect((await reader.search({ query: 'from:marcus subject:N320', mode: 'keyword' })).hits.map((hit) => hit.id)).toEqual(keywordHits);
    } finally {
      await reader.close();
    }

    const second = await openEngine({ dataDir: join(dir, 'machine-b'), timeZone: 'UTC' });
    try {
      expect((await second.getStats()).messages).toBe(120);
      expect((await second.search({ query: 'from:marcus subject:N320', mode: 'keyword' })).hits.map((hit) => hit.id)).toEqual(keywordHits);
      expect((await second.embed()).chunks).toBe(0);
      expect((await second.search({ query: 'radio overheats', mode: 'semantic' })).hits.map((hit) => hit.id)).toEqual(semanticHits);
    } finally {
      await second.close();
    }
  });
});
