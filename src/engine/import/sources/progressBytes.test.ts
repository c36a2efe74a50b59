// Import progress counts bytes of the source as stored on disk: a zip's compressed bytes as its mbox inflates, a
// folder's files against their summed size (both stood still until the end before).
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, toMbox, withTempDir } from '../../../../test/corpus';
import { makeZip } from '../../../../test/zip';
import type { SourceReadOptions } from '../sourceReader';
import { readFolderTree } from './folderTree';
import { readZipArchive } from './zipArchive';

/** Reads a source, noting the bytes reported when each message arrived, and the total a reader reported, if any. */
async function readWithProgress(
  read: (path: string, options: SourceReadOptions) => AsyncIterable<unknown>,
  path: string,
): Promise<{ atMessage: number[]; total: number | null; last: number }> {
  let bytes = 0;
  let total: number | null = null;
  const atMessage: number[] = [];
  const options: SourceReadOptions = {
    signal: new AbortController().signal,
    onBytes: (done) => (bytes = done),
    onSkipped: () => {},
    onBytesTotal: (sum) => (total = sum),
  };
  for await (const _mail of read(path, options)) atMessage.push(bytes);
  return { atMessage, total, last: bytes };
}

describe('bytes read as progress', () => {
  it('counts a zip’s compressed bytes while its one large mbox is read, not only once it ends', async () => {
    const mbox = toMbox(await readCorpusMessages('io-uring-list.mbox.gz', 1500));
    await withTempDir(async (dir) => {
      const path = join(dir, 'takeout.zip');
      await writeFile(path, makeZip([{ name: 'Takeout/Mail/All mail Including Spam and Trash.mbox', content: mbox }]));
      const size = (await stat(path)).size;
      const { atMessage, last } = await readWithProgress(readZipArchive, path);
      const halfway = atMessage[Math.floor(atMessage.length / 2)]!;
      expect(halfway).toBeGreaterThan(size * 0.2);
      expect(halfway).toBeLessThan(size * 0.8);
      expect(last).toBeLessThanOrEqual(size);
      expect(last).toBeGreaterThan(size * 0.9);
    });
  });

  it('gives a folder’s summed file sizes as its total and counts its files as they are read', async () => {
    const messages = await readCorpusMessages('io-uring-list.mbox.gz', 40);
    await withTempDir(async (dir) => {
      const root = join(dir, 'mail');
      await mkdir(join(root, 'Inbox'), { recursive: true });
      for (const [index, message] of messages.entries())
        await writeFile(join(root, 'Inbox', `${String(index).padStart(3, '0')}.eml`), message);
      const sum = messages.reduce((total, message) => total + message.length, 0);
      const { atMessage, total, last } = await readWithProgress(readFolderTree, root);
      expect(total).toBe(sum);
      expect(atMessage[20]).toBeGreaterThan(0);
      expect(atMessage[20]).toBeLessThan(sum);
      expect(last).toBe(sum);
    });
  });
});
