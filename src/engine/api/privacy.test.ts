// With no remote model configured, start-up, import, embedding, search and ask open no network connection at all; a model
// download the person started connects only to the host it names.
import dns from 'node:dns';
import net from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, sharedDir, toMbox } from '../../../test/corpus';
import { startHubServer } from '../../../test/hubServer';
import type { ModelDownloadProgress } from '../../shared/model/models';
import { findCatalogueModel } from '../../shared/models/catalogue';
import { openEngine } from './engine';

const attempts: string[] = [];
const originalConnect = net.Socket.prototype.connect;
const originalLookup = dns.lookup;

beforeAll(() => {
  // Every TCP connection in Node (http, fetch/undici, tls) goes through Socket#connect; every name through dns.lookup.
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    // net.connect passes its arguments already normalised, as one array [options, callback].
    const [first, second] = (Array.isArray(args[0]) ? args[0] : args) as [unknown, unknown];
    const options =
      typeof first === 'object' && first !== null
        ? (first as { host?: string; port?: number; path?: string })
        : { port: first as number, host: second as string };
    if (!options.path) attempts.push(`connect ${options.host ?? 'localhost'}:${options.port}`);
    return (originalConnect as (...values: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
  (dns as { lookup: unknown }).lookup = (hostname: string, ...rest: unknown[]) => {
    attempts.push(`lookup ${hostname}`);
    return (originalLookup as (...values: unknown[]) => void)(hostname, ...rest);
  };
});

afterAll(() => {
  net.Socket.prototype.connect = originalConnect;
  (dns as { lookup: unknown }).lookup = originalLookup;
});

describe('privacy', () => {
  it('imports, embeds, searches in every mode and answers without a single connection or name lookup', async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'slice.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 40)));
    const engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });
    try {
      expect((await engine.importPaths([file], 'private')).imported).toBe(40);
      expect((await engine.embed()).embedded).toBe(40);
      for (const mode of ['keyword', 'semantic', 'hybrid', 'auto'] as const)
        await engine.search({ query: 'firmware update problems', mode });
      await engine.ask({ question: 'Who had problems updating the FPGA?', requestId: 'private' });
      await engine.complete('from:ma', 7);
      // Listing the models and choosing files already on disk fetch nothing: only a get does.
      await engine.listModels();
      await engine.useModelFiles(join(sharedDir, 'models', 'tinyllamas', 'stories260K.gguf'));
      await engine.useModel('extractive');
    } finally {
      await engine.close();
    }
    expect(attempts).toEqual([]);
  });

  it('connects only to the host of the download the person started, the one its progress names', async () => {
    const stories = findCatalogueModel('stories260k')!;
    const hub = await startHubServer([
      {
        repository: stories.repository,
        revision: stories.revision,
        path: stories.files[0]!.path,
        bytes: await readFile(join(sharedDir, 'models', 'tinyllamas', 'stories260K.gguf')),
        isLfs: true,
      },
    ]);
    const dir = await makeTempDir();
    const before = attempts.length;
    const engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });
    const hosts = new Set<string>();
    engine.subscribe((event) => event.type === 'model-download' && hosts.add((event.progress as ModelDownloadProgress).host));
    try {
      expect(attempts.length).toBe(before);
      expect((await engine.downloadModel('stories260k', { mirror: hub.url })).phase).toBe('installed');
      await engine.useModel('stories260k');
      await engine.search({ query: 'anything', mode: 'hybrid' });
    } finally {
      await engine.close();
      await hub.close();
    }
    const made = attempts.splice(before);
    expect(made.length).toBeGreaterThan(0);
    expect(new Set(made)).toEqual(new Set([`connect 127.0.0.1:${hub.port}`]));
    expect(hosts).toEqual(new Set([`127.0.0.1:${hub.port}`]));
  });

  it('would notice a connection (the recorder itself works)', async () => {
    const before = attempts.length;
    await new Promise<void>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port: 9 });
      socket.on('error', () => resolve());
      socket.on('connect', () => {
        socket.destroy();
        resolve();
      });
    });
    expect(attempts.length).toBe(before + 1);
    attempts.length = before;
  });
});
