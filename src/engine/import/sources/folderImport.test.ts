// A dropped folder accounts for every file in it: each is recognised by content as if it were dropped alone, and the
// files that hold no mail are named in the report with what they are.
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PSTUtil } from 'pst-extractor/dist/PSTUtil.class.js';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, sharedDir, toMbox } from '../../../../test/corpus';
import { withEngine } from '../../../../test/engine';
import { makeZip } from '../../../../test/zip';
import type { ImportReport } from '../../../shared/model/importing';
import type { Engine } from '../../api/engineTypes';

const enronPst = join(sharedDir, 'outlook', 'pst-extractor-npm', 'enron.pst');
const testOst = join(sharedDir, 'outlook', 'pst-extractor-npm', 'pstextractortestpdf@outlook.com.ost');
const cpythonMessages = join(sharedDir, 'fixtures', 'cpython-test_email', 'data');
const pdf = join(sharedDir, 'fixtures', 'mimekit', 'UnitTests', 'TestData', 'tnef', 'MAPI_ATTACH_DATA_OBJ', 'VIA_Nytt_1402.pdf');

async function folderCounts(engine: Engine): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await engine.listFolders()).filter((folder) => folder.kind === 'folder').map((folder) => [folder.path, folder.count]),
  );
}

async function oneMessage(): Promise<Buffer> {
  const [first] = await readCorpusMessages('usrp-users-list.mbox.gz', 1);
  return first!.subarray(first!.indexOf(0x0a) + 1);
}

/**
 * The Enron PST with every folder's class turned from mail ("IPF.Note") into tasks: a real Outlook file that holds
 * no mail folder. The PST's "compressible encryption" is a byte substitution, so the class is found and written in it.
 */
async function tasksOnlyPst(): Promise<Buffer> {
  const encode = (text: string): Buffer => {
    const inverse: number[] = [];
    PSTUtil.compEnc.forEach((plain, index) => (inverse[plain] = index));
    return Buffer.from([...Buffer.from(text, 'utf16le')].map((byte) => inverse[byte]!));
  };
  const bytes = await readFile(enronPst);
  const [mail, tasks] = [encode('IPF.Note'), encode('IPF.Task')];
  for (let at = bytes.indexOf(mail); at !== -1; at = bytes.indexOf(mail, at + 1)) tasks.copy(bytes, at);
  return bytes;
}

describe('folder imports', () => {
  it('imports a PST, an OST and an .eml in one folder, each as it imports alone, folders nested under the file', async () => {
    const alone = await withEngine(async (engine, dir) => {
      await writeFile(join(dir, 'note.eml'), await oneMessage());
      const reports: ImportReport[] = [];
      for (const path of [enronPst, testOst, join(dir, 'note.eml')]) reports.push(await engine.importPaths([path], 'alone'));
      return reports;
    });
    expect(alone).toMatchObject([{ imported: 71 }, { imported: 2 }, { imported: 1 }]);
    await withEngine(async (engine, dir) => {
      const folder = join(dir, 'd');
      await mkdir(folder);
      await copyFile(enronPst, join(folder, 'Outlook.pst'));
      await copyFile(testOst, join(folder, 'archive.ost'));
      await writeFile(join(folder, 'note.eml'), await oneMessage());
      const report = await engine.importPaths([folder], 'folder');
      expect(report).toMatchObject({
        imported: 74,
        duplicates: 0,
        alreadyImported: 0,
        failed: 0,
        errors: [],
        skipped: [],
        skippedFiles: 0,
      });
      expect(await folderCounts(engine)).toEqual({
        'Outlook/lokay-m/MLOKAY (Non-Privileged)': 1,
        'Outlook/lokay-m/MLOKAY (Non-Privileged)/Personal': 47,
        'Outlook/lokay-m/MLOKAY (Non-Privileged)/Sent Items': 2,
        'Outlook/lokay-m/MLOKAY (Non-Privileged)/Systems': 7,
        'Outlook/lokay-m/MLOKAY (Non-Privileged)/TW-Commercial Group': 14,
        'archive/Inbox': 2,
        d: 1,
      });
    });
  }, 120_000);

  it('reads a zip and an mbox.gz inside a folder with their own readers, each a folder named after the file', async () => {
    const messages = await readCorpusMessages('usrp-users-list.mbox.gz', 6);
    await withEngine(async (engine, dir) => {
      const folder = join(dir, 'Backups');
      await mkdir(join(folder, '2023'), { recursive: true });
      await writeFile(
        join(folder, '2023', 'takeout.zip'),
        makeZip([{ name: 'Takeout/Mail/Inbox.mbox', content: toMbox(messages.slice(0, 3)) }]),
      );
      await writeFile(join(folder, 'Lists.mbox.gz'), gzipSync(toMbox(messages.slice(3))));
      const report = await engine.importPaths([folder], 'archives');
      expect(report).toMatchObject({ imported: 6, failed: 0, errors: [], skippedFiles: 0 });
      expect(await folderCounts(engine)).toEqual({ '2023/takeout/Inbox': 3, Lists: 3 });
    });
  });

  it('imports a folder that holds only a PST', async () => {
    await withEngine(async (engine, dir) => {
      const folder = join(dir, 'Outlook files');
      await mkdir(folder);
      await copyFile(enronPst, join(folder, 'backup.pst'));
      expect(await engine.importPaths([folder], 'pst-only')).toMatchObject({ imported: 71, failed: 0, errors: [] });
    });
  }, 60_000);

  it('reads RFC 822 files named .msg in a folder as it reads them alone, not as Outlook items', async () => {
    const names = (await readdir(cpythonMessages)).filter((name) => /^msg_\d+[a-z]?\.txt$/.test(name)).sort();
    expect(names.length).toBeGreaterThan(40);
    const copy = async (dir: string): Promise<string[]> => {
      const folder = join(dir, 'saved');
      await mkdir(folder);
      for (const name of names) await copyFile(join(cpythonMessages, name), join(folder, name.replace(/\.txt$/, '.msg')));
      return names.map((name) => join(folder, name.replace(/\.txt$/, '.msg')));
    };
    const alone = await withEngine(async (engine, dir) => {
      const files = await copy(dir);
      const report = await engine.importPaths(files, 'alone');
      return {
        imported: report.imported + report.duplicates,
        refused: report.errors.filter((error) => error.position === '').map((error) => error.source.split('/').at(-1)),
      };
    });
    expect(alone.imported).toBeGreaterThan(40);
    await withEngine(async (engine, dir) => {
      await copy(dir);
      const report = await engine.importPaths([join(dir, 'saved')], 'folder');
      expect(report.errors.map((error) => error.reason)).not.toContainEqual(expect.stringMatching(/not an Outlook message/));
      expect(report.imported + report.duplicates).toBe(alone.imported);
      expect(report.skipped.map((file) => file.path)).toEqual(alone.refused);
    });
  }, 60_000);

  it('names an Outlook file without mail: skipped inside a folder, an error when dropped alone', async () => {
    await withEngine(async (engine, dir) => {
      const folder = join(dir, 'Outlook');
      await mkdir(folder);
      await writeFile(join(folder, 'tasks.pst'), await tasksOnlyPst());
      await writeFile(join(folder, 'note.eml'), await oneMessage());
      const report = await engine.importPaths([folder], 'folder');
      expect(report).toMatchObject({ imported: 1, failed: 0, skippedFiles: 1 });
      expect(report.skipped).toEqual([
        {
          path: 'tasks.pst',
          reason: expect.stringMatching(/^an Outlook data file with no mail folders \(its folders hold tasks: 71 items\)$/),
        },
      ]);

      const alone = await engine.importPaths([join(folder, 'tasks.pst')], 'alone');
      expect(alone.imported).toBe(0);
      expect(alone.errors).toEqual([
        expect.objectContaining({ reason: expect.stringMatching(/^pst: tasks\.pst holds no mail: .*tasks: 71 items/) }),
      ]);
    });
  }, 60_000);

  it('names every file that holds no mail with what it is, and counts hidden and system files', async () => {
    await withEngine(async (engine, dir) => {
      const folder = join(dir, 'Documents');
      await mkdir(join(folder, 'old'), { recursive: true });
      await copyFile(pdf, join(folder, 'report.pdf'));
      await writeFile(join(folder, 'notes.txt'), 'Shopping list\n\nmilk, bread\n');
      await writeFile(join(folder, 'old', 'empty.eml'), '');
      await writeFile(join(folder, '.DS_Store'), Buffer.from([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31]));
      await writeFile(join(folder, 'Thumbs.db'), Buffer.alloc(64));
      const nothing = await engine.importPaths([folder], 'no-mail');
      expect(nothing.imported).toBe(0);
      expect(nothing.errors.map((error) => error.reason)).toEqual([expect.stringMatching(/Documents holds no mail Lantern can read/)]);
      expect(nothing.skipped).toEqual([
        { path: 'notes.txt', reason: 'a text file that is not a mail message' },
        { path: join('old', 'empty.eml'), reason: 'an empty file' },
        { path: 'report.pdf', reason: 'a PDF document' },
      ]);
      expect([nothing.skippedFiles, nothing.hiddenFiles]).toEqual([5, 2]);

      await writeFile(join(folder, 'note.eml'), await oneMessage());
      const some = await engine.importPaths([folder], 'some-mail');
      expect(some).toMatchObject({ imported: 1, failed: 0, errors: [], skippedFiles: 5, hiddenFiles: 2 });
      expect(some.skipped.map((file) => file.path)).toEqual(['notes.txt', join('old', 'empty.eml'), 'report.pdf']);
    });
  });
});
