// Archives cut short (an interrupted download or copy): the report names the entry being read and how far the reading
// got, and the messages read before the cut are kept.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, toMbox } from '../../../../test/corpus';
import { withEngine } from '../../../../test/engine';
import { makeZip } from '../../../../test/zip';

async function tar(files: { name: string; data: Buffer }[]): Promise<Buffer> {
  const archive = pack();
  for (const file of files) archive.entry({ name: file.name }, file.data);
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const ENDS_EARLY =
  /^tar: takeout\.tgz: the archive ends early inside Takeout\/Mail\/All mail\.mbox after ([\d.]+) (KB|MB) \(([\d,]+) messages read\); the messages read so far were imported$/;

describe('archives cut short', () => {
  it('names the entry of a cut .tgz and how far it got, and keeps the messages read', async () => {
    const mbox = toMbox(await readCorpusMessages('io-uring-list.mbox.gz', 400));
    const whole = gzipSync(
      await tar([
        { name: 'Takeout/archive_browser.html', data: Buffer.from('<html></html>') },
        { name: 'Takeout/Mail/All mail.mbox', data: mbox },
      ]),
    );
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'takeout.tgz');
      await writeFile(file, whole.subarray(0, Math.floor(whole.length * 0.6)));
      const report = await engine.importPaths([file], 'cut');
      expect(report.errors).toHaveLength(1);
      const reason = report.errors[0]!.reason;
      expect(reason).toMatch(ENDS_EARLY);
      const read = Number(ENDS_EARLY.exec(reason)![3]!.replace(/,/g, ''));
      expect(read).toBeGreaterThan(100);
      expect(read).toBeLessThan(400);
      expect(report.imported + report.duplicates).toBe(read);
      expect(report.messages).toBe(report.imported);
    });
  });

  it('says a cut .mbox.gz ends early after how many messages', async () => {
    const whole = gzipSync(toMbox(await readCorpusMessages('io-uring-list.mbox.gz', 200)));
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'inbox.mbox.gz');
      await writeFile(file, whole.subarray(0, Math.floor(whole.length / 2)));
      const report = await engine.importPaths([file], 'cut');
      const match = /^mbox: inbox\.mbox\.gz ends early: the compressed file is cut off after [\d.]+ KB \(([\d,]+) messages read\)/.exec(
        report.errors[0]?.reason ?? '',
      );
      expect(match, report.errors[0]?.reason).not.toBeNull();
      expect(report.imported + report.duplicates).toBe(Number(match![1]));
    });
  });

  it('says a cut .zip is cut short rather than "not a zip"', async () => {
    const whole = makeZip([{ name: 'Takeout/Mail/Inbox.mbox', content: toMbox(await readCorpusMessages('io-uring-list.mbox.gz', 50)) }]);
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'takeout.zip');
      await writeFile(file, whole.subarray(0, Math.floor(whole.length * 0.7)));
      const report = await engine.importPaths([file], 'cut');
      expect(report.errors.map((error) => error.reason)).toEqual([
        expect.stringMatching(/^zip: takeout\.zip is cut short: its table of contents, which a zip keeps at its end, is missing/),
      ]);
    });
  });
});
