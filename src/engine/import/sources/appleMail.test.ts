// Apple Mail: an exported .mbox bundle, and Mail's own storage with .emlx files and their read/flagged state.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../../test/corpus';
import { openEngine } from '../../api/engine';

function emlx(message: Buffer, flags: number | null): Buffer {
  const plist =
    flags === null
      ? ''
      : `<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>flags</key><integer>${flags}</integer></dict></plist>\n`;
  return Buffer.concat([Buffer.from(`${message.length}\n`), message, Buffer.from(plist)]);
}

describe('Apple Mail', () => {
  it('imports exported .mbox bundles and Mail storage trees with .emlx files, folders named after the bundles', async () => {
    const messages = await readCorpusMessages('usrp-users-list.mbox.gz', 8);
    const body = (message: Buffer) => message.subarray(message.indexOf(0x0a) + 1);
    const root = join(await makeTempDir(), 'Mailboxes');
    // "Export Mailbox…" writes Name.mbox/mbox (+ table_of_contents); nested mailboxes become nested bundles.
    await mkdir(join(root, 'Work.mbox', 'Projects.mbox'), { recursive: true });
    await writeFile(join(root, 'Work.mbox', 'mbox'), toMbox(messages.slice(0, 2)));
    await writeFile(join(root, 'Work.mbox', 'table_of_contents'), Buffer.from([0, 1, 2, 3]));
    await writeFile(join(root, 'Work.mbox', 'Projects.mbox', 'mbox'), toMbox(messages.slice(2, 4)));
    // Mail's own storage: INBOX.mbox/<uuid>/Data/…/Messages/<n>.emlx with flags (bit 0 read, bit 4 flagged).
    const storage = join(root, 'INBOX.mbox', '6A1B0C2D-1111-2222-3333-444455556666', 'Data', '1', 'Messages');
    await mkdir(storage, { recursive: true });
    await writeFile(join(storage, '101.emlx'), emlx(body(messages[4]!), 1));
    await writeFile(join(storage, '102.emlx'), emlx(body(messages[5]!), 1 | 16));
    await writeFile(join(storage, '103.emlx'), emlx(body(messages[6]!), 0));
    await writeFile(join(storage, '104.emlx'), Buffer.from('not a length\nFrom: x@example.com\n\nbody'));

    const engine = await openEngine({ dataDir: join(await makeTempDir(), 'store') });
    try {
      const report = await engine.importPaths([root], 'apple');
      expect(report).toMatchObject({ imported: 7, failed: 1 });
      expect(report.errors[0]).toMatchObject({ position: expect.stringContaining('104.emlx'), reason: expect.stringContaining('emlx') });
      const folders = (await engine.listFolders())
        .filter((folder) => folder.kind === 'folder')
        .map((folder) => [folder.path, folder.count]);
      expect(folders.sort()).toEqual([
        ['INBOX', 3],
        ['Work', 2],
        ['Work/Projects', 2],
      ]);
      expect((await engine.search({ query: 'in:inbox is:unread', limit: 10 })).total).toBe(1);
      expect((await engine.search({ query: 'in:inbox is:starred', limit: 10 })).total).toBe(1);
    } finally {
      await engine.close();
    }
  });
});
