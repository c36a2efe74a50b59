// Every kind of export imports by content: Takeout .zip and .tgz, readpst trees, maildir, a lone .eml.
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, sharedDir, toMbox } from '../../../../test/corpus';
import { withEngine } from '../../../../test/engine';
import { makeZip } from '../../../../test/zip';

async function tgz(files: { name: string; data: Buffer }[]): Promise<Buffer> {
  const archive = pack();
  for (const file of files) archive.entry({ name: file.name }, file.data);
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive as AsyncIterable<Buffer>) chunks.push(chunk);
  return gzipSync(Buffer.concat(chunks));
}

/** A Takeout mbox built from the io-uring archive: Gmail's separator, thread ids and labels added. */
async function takeoutMbox(count: number): Promise<{ mbox: Buffer; messageIds: Set<string>; threads: Set<string> }> {
  const raw = await readCorpusMessages('io-uring-list.mbox.gz', count);
  const messageIds = new Set<string>();
  const threads = new Set<string>();
  const labelled = raw.map((message, index) => {
    const newline = message.indexOf(0x0a);
    const body = message.subarray(newline + 1);
    messageIds.add(/^Message-ID:\s*<?([^>\s]+)>?/im.exec(body.toString('latin1'))?.[1] ?? `none-${index}`);
    const thread = String(7_000_000 + Math.floor(index / 5));
    threads.add(thread);
    const labels = index % 2 === 0 ? 'Inbox,Important,Opened' : 'Sent,"Projects, 2024"';
    return Buffer.concat([
      Buffer.from(`From ${thread}@xxx Mon Jan 01 00:00:00 +0000 2024\nX-GM-THRID: ${thread}\nX-Gmail-Labels: ${labels}\n`),
      body,
    ]);
  });
  return { mbox: toMbox(labelled), messageIds, threads };
}

describe('import sources', () => {
  it('imports a Takeout .zip directly, with labels and threads', async () => {
    const { mbox, messageIds, threads } = await takeoutMbox(200);
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'takeout-20241122T000000Z-001.zip');
      await writeFile(
        file,
        makeZip([
          { name: 'Takeout/archive_browser.html', content: '<html></html>' },
          { name: 'Takeout/Mail/All mail Including Spam and Trash.mbox', content: mbox },
        ]),
      );
      const report = await engine.importPaths([file], 'zip');
      expect(report.failed).toBe(0);
      expect(report.messages).toBe(messageIds.size);
      expect((await engine.search({ query: 'in:inbox', limit: 1 })).total).toBe(100);
      expect((await engine.search({ query: 'label:projects-2024', limit: 1 })).total).toBe(100);
      expect((await engine.search({ query: 'is:important', limit: 1 })).total).toBe(100);
      expect((await engine.getStats()).threads).toBe(threads.size);
      expect((await engine.getStats()).sources[0]).toMatchObject({ kind: 'zip' });
      const folders = await engine.listFolders();
      expect(folders.find((folder) => folder.kind === 'folder')?.name).toBe('All mail Including Spam and Trash');
      expect((await engine.importPaths([file], 'again')).imported).toBe(0);
    });
  });

  it('imports a Takeout .tgz directly', async () => {
    const { mbox, messageIds } = await takeoutMbox(60);
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'takeout.tgz');
      await writeFile(file, await tgz([{ name: 'Takeout/Mail/Inbox.mbox', data: mbox }]));
      const report = await engine.importPaths([file], 'tgz');
      expect(report).toMatchObject({ failed: 0, messages: messageIds.size });
      expect((await engine.listFolders()).find((folder) => folder.kind === 'folder')?.name).toBe('Inbox');
    });
  });

  it('imports readpst -r and -e exports of a PST as folder trees', async () => {
    await withEngine(async (engine, dir) => {
      const pst = join(sharedDir, 'outlook', 'pst-extractor-npm', 'enron.pst');
      await mkdir(join(dir, 'r'));
      await mkdir(join(dir, 'e'));
      execFileSync('readpst', ['-q', '-r', '-o', join(dir, 'r'), pst]);
      execFileSync('readpst', ['-q', '-e', '-o', join(dir, 'e'), pst]);
      const fromMbox = await engine.importPaths([join(dir, 'r')], 'readpst-r');
      expect(fromMbox.failed).toBe(0);
      expect(fromMbox.imported).toBe(71);
      const folders = Object.fromEntries(
        (await engine.listFolders()).filter((folder) => folder.kind === 'folder').map((folder) => [folder.name, folder.count]),
      );
      expect(folders).toEqual({ 'MLOKAY (Non-Privileged)': 1, Personal: 47, 'Sent Items': 2, Systems: 7, 'TW-Commercial Group': 14 });
      expect((await engine.search({ query: 'in:"sent items"', limit: 1 })).total).toBe(2);
      // The same messages as .eml files are the same messages: nothing new.
      const fromEml = await engine.importPaths([join(dir, 'e')], 'readpst-e');
      expect(fromEml.failed).toBe(0);
      // readpst -e itself now and then writes 70 of the 71 files (seen 1 run in 8), so count what it wrote.
      const written = (await readdir(join(dir, 'e'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
      expect(written).toBeGreaterThanOrEqual(70);
      expect(fromEml.imported + fromEml.alreadyImported).toBe(written);
    });
  });

  it('imports a maildir with its flags and a lone .eml file', async () => {
    const [first, second, third] = await readCorpusMessages('usrp-users-list.mbox.gz', 3);
    const body = (message: Buffer) => message.subarray(message.indexOf(0x0a) + 1);
    await withEngine(async (engine, dir) => {
      const maildir = join(dir, 'Mail');
      for (const folder of ['cur', 'new', 'tmp', '.Archive/cur', '.Archive/new', '.Archive/tmp'])
        await mkdir(join(maildir, folder), { recursive: true });
      await writeFile(join(maildir, 'cur', '1.host:2,S'), body(first!));
      await writeFile(join(maildir, 'new', '2.host'), body(second!));
      await writeFile(join(maildir, '.Archive', 'cur', '3.host:2,FS'), body(third!));
      const report = await engine.importPaths([maildir], 'maildir');
      expect(report).toMatchObject({ imported: 3, failed: 0 });
      expect((await engine.search({ query: 'is:unread', limit: 1 })).total).toBe(1);
      expect((await engine.search({ query: 'is:starred', limit: 1 })).total).toBe(1);
      expect((await engine.search({ query: 'in:archive', limit: 1 })).total).toBe(1);
      const eml = join(dir, 'note.eml');
      await writeFile(eml, body(first!));
      expect(await engine.importPaths([eml], 'eml')).toMatchObject({ alreadyImported: 1, duplicates: 0 });
    });
  });

  it('reports a folder without mail, and a zip without mail, clearly', async () => {
    await withEngine(async (engine, dir) => {
      await mkdir(join(dir, 'photos'));
      await writeFile(join(dir, 'photos', 'a.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
      await writeFile(join(dir, 'pictures.zip'), makeZip([{ name: 'a.jpg', content: Buffer.from([0xff, 0xd8, 0xff]) }]));
      const report = await engine.importPaths([join(dir, 'photos'), join(dir, 'pictures.zip')], 'empty');
      expect(report.imported).toBe(0);
      expect(report.errors.map((error) => error.reason)).toEqual([
        expect.stringMatching(/photos holds no mail/),
        expect.stringMatching(/pictures.zip holds no mail/),
      ]);
    });
  });
});
