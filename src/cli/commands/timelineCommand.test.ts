// `lantern timeline` and the MCP tool `timeline` as a shell and an assistant use them: built CLI, real io-uring mail.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../../test/corpus';
import type { SearchResult } from '../../shared/model/search';
import type { Timeline } from '../../shared/model/timeline';

const bin = join(repoRoot, 'bin', 'lantern.mjs');

function lantern(args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, LANTERN_DATA_DIR: '' } });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

describe('lantern timeline', () => {
  let dataDir: string;
  let client: Client;

  beforeAll(async () => {
    execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], { cwd: repoRoot });
    dataDir = await makeTempDir();
    const mbox = join(await makeTempDir(), 'io-uring.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('io-uring-list.mbox.gz', 400)));
    expect(lantern(['import', mbox, '--json', '--data-dir', dataDir]).status).toBe(0);
    client = new Client({ name: 'lantern-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp', '--data-dir', dataDir],
        env: { TZ: 'UTC' },
        stderr: 'ignore',
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await client?.close();
  });

  it('prints the histogram and facets as JSON whose total is the search total', () => {
    const run = lantern(['timeline', 'sqpoll', '--mode', 'keyword', '--json', '--data-dir', dataDir]);
    expect(run.status, run.stderr).toBe(0);
    const timeline = JSON.parse(run.stdout) as Timeline;
    const search = JSON.parse(lantern(['search', 'sqpoll', '--mode', 'keyword', '--json', '--data-dir', dataDir]).stdout) as SearchResult;
    expect(timeline.total).toBe(search.total);
    expect(timeline.total).toBeGreaterThan(0);
    expect(timeline.buckets.reduce((total, bar) => total + bar.count, 0) + timeline.undated).toBe(timeline.total);
    expect(timeline.facets.map((facet) => facet.kind)).toEqual(['senders', 'recipients', 'places', 'years', 'attachments']);
  });

  it('prints a text histogram for people: one line per bar, then the facets with their operators', () => {
    const run = lantern(['timeline', '', '--data-dir', dataDir]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^\d+ messages by (day|month|year) \([^;]+; keyword, \d+ ms\)/);
    expect(run.stdout).toMatch(/\n\S.* +\d+ +█/);
    expect(run.stdout).toMatch(/\nSenders \(top \d+ of \d+\):\n +\d+ +\S+@\S+ +from:\S+@\S+/);
  });

  it.each([
    [['timeline'], /lantern timeline: give a query/],
    [['timeline', 'a', 'b'], /put the whole query in quotes/],
    [['timeline', 'x', '--mode', 'fast'], /--mode must be one of/],
  ])('refuses %j with a clear message and exit code 2', (args, message) => {
    const run = lantern([...args, '--data-dir', dataDir]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('answers the MCP tool timeline with the same counts', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('timeline');
    const reply = (await client.callTool({ name: 'timeline', arguments: { query: 'sqpoll', mode: 'keyword' } })) as {
      isError?: boolean;
      structuredContent?: Timeline;
    };
    expect(reply.isError ?? false).toBe(false);
    const cli = JSON.parse(lantern(['timeline', 'sqpoll', '--mode', 'keyword', '--json', '--data-dir', dataDir]).stdout) as Timeline;
    expect(reply.structuredContent!.total).toBe(cli.total);
    expect(reply.structuredContent!.buckets).toEqual(cli.buckets);
  });
});
