// `lantern ocr` as a shell uses it: the built CLI imports a mail with a scanned image, reads it, and finds its words.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, repoRoot } from '../../../test/corpus';
import { mimeMessage } from '../../../test/mimeMessage';
import { renderLines } from '../../engine/ocr/ocrFixtures';
import type { OcrReport } from '../../shared/model/ocr';
import type { SearchResult } from '../../shared/model/search';
import type { Stats } from '../../shared/model/stats';

const bin = join(repoRoot, 'bin', 'lantern.mjs');

function lantern(args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, LANTERN_DATA_DIR: '' } });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

describe('lantern ocr', () => {
  let dataDir: string;

  beforeAll(async () => {
    execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], { cwd: repoRoot });
    dataDir = await makeTempDir();
    const mailDir = join(await makeTempDir(), 'mail');
    await mkdir(mailDir);
    const image = renderLines(['The beekeeper counted forty hives', 'along the southern meadow.']);
    const mail = mimeMessage('hives', 'Photo of the notebook', 'Page attached.', [
      { filename: 'notebook.png', contentType: 'image/png', bytes: image },
    ]);
    await writeFile(join(mailDir, 'hives.eml'), mail.subarray(mail.indexOf('\n') + 1));
    expect(lantern(['import', mailDir, '--json', '--data-dir', dataDir]).status).toBe(0);
  }, 120_000);

  it('reads the image, reports it as JSON, and its words then find the mail, marked as text read from the image', () => {
    const before = JSON.parse(
      lantern(['search', 'beekeeper', '--mode', 'keyword', '--json', '--data-dir', dataDir]).stdout,
    ) as SearchResult;
    expect(before.total).toBe(0);
    const run = lantern(['ocr', '--json', '--data-dir', dataDir]);
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as OcrReport;
    expect(report).toMatchObject({ read: 1, skipped: [], done: 1, total: 1 });
    const after = JSON.parse(lantern(['search', 'beekeeper', '--mode', 'keyword', '--json', '--data-dir', dataDir]).stdout) as SearchResult;
    expect(after.hits.map((hit) => [hit.subject, hit.matchedIn, hit.matchedImageText])).toEqual([
      ['Photo of the notebook', 'notebook.png', true],
    ]);
    const stats = JSON.parse(lantern(['stats', '--json', '--data-dir', dataDir]).stdout) as Stats;
    expect(stats.imageText).toEqual({ done: 1, total: 1 });
  }, 120_000);

  it('an assistant searching over MCP is told the match is text read from the image', async () => {
    const client = new Client({ name: 'lantern-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp', '--data-dir', dataDir],
        env: { TZ: 'UTC' },
        stderr: 'ignore',
      }),
    );
    try {
      const reply = (await client.callTool({ name: 'search_emails', arguments: { query: 'beekeeper', mode: 'keyword' } })) as {
        structuredContent?: { hits: { matchedIn: string; matchedImageText?: boolean }[] };
      };
      expect(reply.structuredContent?.hits).toEqual([expect.objectContaining({ matchedIn: 'notebook.png', matchedImageText: true })]);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('says in words what it did, and nothing is left to read on a second run', () => {
    const run = lantern(['ocr', '--data-dir', dataDir]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^1 of 1 messages with images or scanned pages read \(eng\); 0 attachments got text read from the image/);
  }, 60_000);

  it('refuses arguments with exit code 2', () => {
    const run = lantern(['ocr', 'extra', '--data-dir', dataDir]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/lantern ocr: takes no arguments/);
  });
});
