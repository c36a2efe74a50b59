// The router checks every host's calls the same way: the window's (through the utility process), the CLI's and MCP's.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from './engine';
import type { Engine } from './engineTypes';
import { answerRequest, routedEngine } from './router';

describe('the router', () => {
  let dataDir: string;
  let engine: Engine;
  let routed: Engine;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    engine = await openEngine({ dataDir, timeZone: 'UTC' });
    routed = routedEngine(engine);
  });

  afterAll(async () => {
    await routed?.close();
  });

  it('refuses a bad search from the CLI or MCP with the bad-request error the window gets, naming the field', async () => {
    const fromWindow = await answerRequest(engine, { method: 'search', args: [{ query: 'budget', limit: 0 }] }).catch(
      (error: unknown) => error,
    );
    const fromCli = await routed.search({ query: 'budget', limit: 0 }).catch((error: unknown) => error);
    expect(fromCli).toMatchObject({
      code: 'bad-request',
      message: expect.stringContaining('api: search rejected its arguments (argument 0.limit:'),
    });
    expect(fromCli).toEqual(fromWindow);
  });

  it.each([
    ['a query that is not text', { query: 42 }, 'argument 0.query'],
    ['an unknown field', { query: 'x', script: 'alert(1)' }, 'argument 0'],
    ['a page size over 1,000', { query: 'x', limit: 5_000 }, 'argument 0.limit'],
  ])('refuses %s', async (_label, request, where) => {
    await expect(routed.search(request as never)).rejects.toMatchObject({ code: 'bad-request', message: expect.stringContaining(where) });
  });

  it('refuses a relative import path, which the CLI resolves before calling', async () => {
    await expect(routed.importPaths(['inbox.mbox'], 'import-1')).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringContaining('must be an absolute path'),
    });
  });

  it('passes good calls through with their answers, and events from the engine', async () => {
    const mbox = join(dataDir, 'three.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 3)));
    const events: string[] = [];
    const unsubscribe = routed.subscribe((event) => events.push(event.type));
    expect((await routed.importPaths([mbox], 'import-2')).imported).toBe(3);
    unsubscribe();
    expect(events).toContain('import-finished');
    expect((await routed.search({ query: '', limit: 10 })).total).toBe(3);
    expect(await routed.complete('fro', 3)).toEqual(expect.arrayContaining([expect.objectContaining({ insert: 'from:' })]));
  });
});

describe('a read-only engine', () => {
  it('refuses the calls the method table marks as writing, with the sentences it always gave', async () => {
    const dataDir = await makeTempDir();
    const reader = routedEngine(await openEngine({ dataDir, access: 'read' }));
    const refusal = (what: string) => ({
      code: 'read-only',
      message: `${what}: this Lantern is read-only (the app or \`lantern import\` writes this data folder)`,
    });
    try {
      await expect(reader.importPaths(['/mail/inbox.mbox'], 'import-1')).rejects.toMatchObject(refusal('import'));
      await expect(reader.embed()).rejects.toMatchObject(refusal('embed'));
      await expect(reader.updateSettings({ interactionLog: true })).rejects.toMatchObject(refusal('settings'));
      expect(await reader.cancelImport('import-1')).toBeUndefined();
      expect((await reader.getStats()).messages).toBe(0);
    } finally {
      await reader.close();
    }
  });
});
