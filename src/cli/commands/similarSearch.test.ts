// The built `lantern search` when nothing matches: the "Did you mean" line, the count of messages about similar things,
// and --similar listing exactly that many, as text and as JSON. Real usrp-users mail, embedded by `lantern embed`.
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../shared/model/search';
import { makeTempDir, readCorpusMessages, repoRoot, toMbox } from '../../../test/corpus';

const bin = join(repoRoot, 'bin', 'lantern.mjs');
/** Misspelt words about the archive's topics: no message holds them, a few dozen are about similar things. */
const MISSPELT = 'fpgaaa imageee upgraddde';

function lantern(args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, LANTERN_DATA_DIR: '' } });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

// Runs the CLI built by scripts/build-cli.mjs (run it under the out/ lock first, as the other CLI tests do).
describe('lantern search, when nothing matches', () => {
  let store: string;

  beforeAll(async () => {
    const dataDir = await makeTempDir();
    const mbox = join(dataDir, 'slice.mbox');
    await writeFile(mbox, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 250)));
    store = join(dataDir, 'store');
    expect(lantern(['import', mbox, '--data-dir', store]).status).toBe(0);
  }, 120_000);

  it('says no messages match and suggests the words the archive holds', () => {
    const result = lantern(['search', MISSPELT, '--mode', 'keyword', '--data-dir', store]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('No messages match. Did you mean: fpga image upgraded');
    // Before vectors there is nothing to offer by meaning.
    expect(result.stdout).not.toMatch(/similar things/);
  });

  it('offers the messages about similar things once there are vectors, and --similar lists that many', () => {
    expect(lantern(['embed', '--json', '--data-dir', store]).status).toBe(0);
    const text = lantern(['search', MISSPELT, '--data-dir', store]);
    expect(text.stdout).toContain('No messages match. Did you mean:');
    const offer = /^(\d+) messages are about similar things: lantern search --similar "fpgaaa imageee upgraddde"$/m.exec(text.stdout);
    expect(offer).not.toBeNull();

    const found = JSON.parse(lantern(['search', MISSPELT, '--json', '--data-dir', store]).stdout) as SearchResult;
    expect(found.total).toBe(0);
    expect(found.similarCount).toBe(Number(offer![1]));

    const similar = lantern(['search', MISSPELT, '--similar', '--limit', '100', '--json', '--data-dir', store]);
    expect(similar.stderr).toBe('');
    const listed = JSON.parse(similar.stdout) as SearchResult;
    expect(listed.mode).toBe('semantic');
    expect(listed.total).toBe(found.similarCount);
    expect(listed.hits).toHaveLength(listed.total);
    expect(listed.modeNote).toMatch(/^showing messages about similar things/);
  }, 300_000);

  it("gives MCP's search_emails the same count and the same similar flag", async () => {
    const client = new Client({ name: 'lantern-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp', '--data-dir', store],
        env: { TZ: 'UTC' },
        stderr: 'ignore',
      }),
    );
    try {
      const call = async (query: Record<string, unknown>): Promise<{ total: number; mode: string; similarCount?: number }> => {
        const response = (await client.callTool({ name: 'search_emails', arguments: query })) as {
          content: { text: string }[];
          isError?: boolean;
        };
        expect(response.isError ?? false).toBe(false);
        return JSON.parse(response.content[0]!.text) as { total: number; mode: string; similarCount?: number };
      };
      const found = await call({ query: MISSPELT });
      expect(found.total).toBe(0);
      expect(found.similarCount).toBeGreaterThan(0);
      const listed = await call({ query: MISSPELT, similar: true, limit: 50 });
      expect(listed).toMatchObject({ total: found.similarCount, mode: 'semantic' });
    } finally {
      await client.close();
    }
  }, 60_000);

  it('offers nothing when nothing is near enough', () => {
    const found = JSON.parse(lantern(['search', 'xylophonequartz', '--json', '--data-dir', store]).stdout) as SearchResult;
    expect(found.total).toBe(0);
    expect(found.similarCount).toBeUndefined();
    expect(lantern(['search', 'xylophonequartz', '--data-dir', store]).stdout).toContain('No messages match.\n');
  });
});
