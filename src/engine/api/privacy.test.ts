// With no remote model configured, import, embedding, search and ask open no network connection at all.
import dns from 'node:dns';
import net from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from './engine';

const attempts: string[] = [];
const originalConnect = net.Socket.prototype.connect;
const originalLookup = dns.lookup;

beforeAll(() => {
  // Every TCP connection in Node (http, fetch/undici, tls) goes through Socket#connect; every name through dns.lookup.
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const [first, second] = args as [unknown, unknown];
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
    } finally {
      await engine.close();
    }
    expect(attempts).toEqual([]);
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
