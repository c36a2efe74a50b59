// The built `lantern attachments` command: the gallery's listing as JSON and as text, and its usage errors.
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GalleryPage } from '../../shared/model/gallery';
import { makeTempDir, repoRoot, toMbox } from '../../../test/corpus';
import { mimeMessage } from '../../../test/mimeMessage';
import { makePdf } from '../../../test/pdfFile';

const bin = join(repoRoot, 'bin', 'lantern.mjs');

function lantern(args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, LANTERN_DATA_DIR: '' } });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

// Runs the CLI built by scripts/build-cli.mjs (run it under the out/ lock first, as the other CLI tests do).
describe('lantern attachments', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    const mbox = join(dataDir, 'made.mbox');
    await writeFile(
      mbox,
      toMbox([
        mimeMessage('budget', 'The antenna budget', 'See the attached report.', [
          { filename: 'report.pdf', contentType: 'application/pdf', bytes: makePdf(['The antenna budget is 4,200 euros']) },
          { filename: 'setup.exe', contentType: 'application/octet-stream', bytes: Buffer.from('MZ a program') },
        ]),
        mimeMessage('plain', 'No files', 'Nothing attached.', []),
      ]),
    );
    expect(lantern(['import', mbox, '--data-dir', join(dataDir, 'store')]).status).toBe(0);
  }, 120_000);

  it('lists the attachments of the matching mail as JSON, with kinds and whether the words match inside', () => {
    const result = lantern(['attachments', 'antenna', '--mode', 'keyword', '--json', '--data-dir', join(dataDir, 'store')]);
    expect(result.stderr).toBe('');
    const page = JSON.parse(result.stdout) as GalleryPage;
    expect(page.total).toBe(2);
    expect(page.items.map((item) => [item.filename, item.kind, item.isMatch, item.canPreview])).toEqual([
      ['report.pdf', 'pdf', true, true],
      ['setup.exe', 'program', false, false],
    ]);
    expect(page.items[0]!.from.address).toBe('ada@example.com');
  });

  it('prints a line per attachment as text, pages with --limit and --offset, and refuses a bad flag', () => {
    const text = lantern(['attachments', '', '--limit', '1', '--offset', '1', '--data-dir', join(dataDir, 'store')]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^2 attachments \(showing 2–2\):\n2024-01-08 {2}setup\.exe \(program, 12 bytes\) {2}from Ada Lovelace/);
    const bad = lantern(['attachments', '', '--limit', 'many', '--data-dir', join(dataDir, 'store')]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('lantern attachments: --limit must be a whole number from 1, not "many"');
  });
});
