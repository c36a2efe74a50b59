// `lantern people` with --json, --separate and --rejoin, and the MCP tool list_people, as scripts and assistants use them.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../../test/corpus';
import { openEngine } from '../../engine/api/engine';
import type { PeopleList, PersonDetail } from '../../shared/model/people';

const MESSAGES = 200;

function lantern(dataDir: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(repoRoot, 'bin', 'lantern.mjs'), ...args, '--data-dir', dataDir], {
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC' },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function withoutTime<T extends { tookMs: number }>(value: T): Omit<T, 'tookMs'> {
  const { tookMs: _tookMs, ...rest } = value;
  return rest;
}

describe('lantern people and list_people', () => {
  let dataDir: string;
  let expected: PeopleList;
  let client: Client;

  beforeAll(async () => {
    execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], { cwd: repoRoot });
    dataDir = await makeTempDir();
    const mbox = join(await makeTempDir(), 'usrp.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', MESSAGES)));
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    expect((await engine.importPaths([mbox], 'people-cli')).imported).toBeGreaterThan(0);
    expected = await engine.listPeople({ limit: 50 });
    await engine.close();
    client = new Client({ name: 'lantern-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(repoRoot, 'bin', 'lantern.mjs'), 'mcp', '--data-dir', dataDir],
        env: { TZ: 'UTC' },
        stderr: 'ignore',
      }),
    );
  }, 180_000);

  afterAll(async () => {
    await client?.close();
  });

  it('lists the same people as the engine, as JSON', () => {
    const run = lantern(dataDir, 'people', '--json');
    expect(run.status, run.stderr).toBe(0);
    expect(withoutTime(JSON.parse(run.stdout) as PeopleList)).toEqual(withoutTime(expected));
  });

  it("prints one person's detail for an address, and refuses bad flags with exit code 2", () => {
    const top = expected.people.find((person) => !person.isList)!;
    const run = lantern(dataDir, 'people', top.id.toUpperCase(), '--json');
    expect(run.status, run.stderr).toBe(0);
    const detail = JSON.parse(run.stdout) as PersonDetail;
    expect(detail.person.id).toBe(top.id);
    expect(detail.months.reduce((sum, month) => sum + month.messages, 0)).toBe(top.messages);
    const text = lantern(dataDir, 'people', top.id);
    expect(text.stdout).toContain(`Their mail: ${top.query}`);
    expect(lantern(dataDir, 'people', '--sort', 'size').stderr).toContain('--sort must be messages, last or name, not "size"');
    expect(lantern(dataDir, 'people', 'nobody@nowhere.example').status).toBe(2);
  });

  it('counts the people of a search with --query', () => {
    const run = lantern(dataDir, 'people', '--query', 'has:attachment', '--mode', 'keyword', '--json');
    expect(run.status, run.stderr).toBe(0);
    const scoped = JSON.parse(run.stdout) as PeopleList;
    expect(scoped.query).toBe('has:attachment');
    expect(scoped.messages).toBeGreaterThan(0);
    expect(scoped.messages).toBeLessThan(expected.messages);
    expect(scoped.people.every((person) => person.messages <= scoped.messages)).toBe(true);
    expect(lantern(dataDir, 'people', '--query', 'x', '--mode', 'fast').stderr).toContain('--mode must be one of');
  });

  it('keeps an address apart and rejoins it', () => {
    const separated = lantern(dataDir, 'people', '--separate', 'Someone@Example.com', '--json');
    expect(separated.status, separated.stderr).toBe(0);
    expect(JSON.parse(separated.stdout)).toEqual({ separated: ['someone@example.com'] });
    const rejoined = lantern(dataDir, 'people', '--rejoin', 'someone@example.com', '--json');
    expect(JSON.parse(rejoined.stdout)).toEqual({ separated: [] });
    expect(lantern(dataDir, 'people', '--separate', 'no-at-sign').stderr).toContain('people: "no-at-sign" is not an address');
  });

  it('answers list_people with pages and, for an address, the detail', async () => {
    const page = (await client.callTool({ name: 'list_people', arguments: { limit: 5 } })) as unknown as {
      structuredContent: { total: number; nextOffset: number | null; people: { id: string; query: string }[] };
    };
    expect(page.structuredContent.total).toBe(expected.total);
    expect(page.structuredContent.people.map((person) => person.id)).toEqual(expected.people.slice(0, 5).map((person) => person.id));
    expect(page.structuredContent.nextOffset).toBe(5);
    const top = expected.people.find((person) => !person.isList)!;
    const one = (await client.callTool({ name: 'list_people', arguments: { address: top.id } })) as unknown as {
      structuredContent: { people: { id: string }[]; detail: { months: { messages: number }[]; words: string[] } };
    };
    expect(one.structuredContent.people[0]!.id).toBe(top.id);
    expect(one.structuredContent.detail.months.reduce((sum, month) => sum + month.messages, 0)).toBe(top.messages);
    const missing = (await client.callTool({ name: 'list_people', arguments: { address: 'nobody@nowhere.example' } })) as unknown as {
      isError: boolean;
      content: { text: string }[];
    };
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toContain('no mail to or from nobody@nowhere.example');
  });
});
