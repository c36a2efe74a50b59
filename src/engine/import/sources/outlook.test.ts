// Outlook files import directly: a PST's folders and flags, an OST's attachments, .msg files against msgreader's own expectations.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDir } from '../../../../test/corpus';
import { withEngine } from '../../../../test/engine';
import type { ImportProgress } from '../../../shared/model/importing';
import type { Engine } from '../../api/engineTypes';
import { readOutlookDataFile } from './pstFile';

const outlookDir = join(sharedDir, 'outlook');
const enronPst = join(outlookDir, 'pst-extractor-npm', 'enron.pst');
const testOst = join(outlookDir, 'pst-extractor-npm', 'pstextractortestpdf@outlook.com.ost');
const msgDir = join(outlookDir, 'msgreader', 'test');

async function folderCounts(engine: Engine): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await engine.listFolders()).filter((folder) => folder.kind === 'folder').map((folder) => [folder.path, folder.count]),
  );
}

/** The fields of msgreader's expected JSON this test compares. */
interface ExpectedMsg {
  subject?: string;
  senderName?: string;
  senderEmail?: string;
  senderAddressType?: string;
  headers?: string;
  attachments: { fileName?: string; name?: string; innerMsgContent?: boolean }[];
}

describe('Outlook files', () => {
  it('imports a PST with its folder tree, dates, senders and attachments', async () => {
    await withEngine(async (engine) => {
      const progress: ImportProgress[] = [];
      engine.subscribe((event) => {
        if (event.type === 'import-progress') progress.push(event.progress);
      });
      const report = await engine.importPaths([enronPst], 'pst');
      expect(report).toMatchObject({ imported: 71, failed: 0 });
      // "Top of Personal Folders" is Outlook's container, not a folder anyone named.
      expect(await folderCounts(engine)).toEqual({
        'lokay-m/MLOKAY (Non-Privileged)': 1,
        'lokay-m/MLOKAY (Non-Privileged)/Personal': 47,
        'lokay-m/MLOKAY (Non-Privileged)/Sent Items': 2,
        'lokay-m/MLOKAY (Non-Privileged)/Systems': 7,
        'lokay-m/MLOKAY (Non-Privileged)/TW-Commercial Group': 14,
      });
      expect((await engine.getStats()).sources[0]).toMatchObject({ kind: 'pst', messages: 71 });
      expect((await engine.search({ query: 'in:"sent items"', limit: 1 })).total).toBe(2);
      expect((await engine.search({ query: 'is:unread', limit: 1 })).total).toBe(0);
      // Exchange glued two dates into some Date headers; none may fall back to the day of the import.
      expect((await engine.search({ query: 'after:2002-01-01', limit: 1 })).total).toBe(0);
      expect((await engine.search({ query: 'before:2000-01-01', limit: 1 })).total).toBe(0);

      const cirque = await engine.search({ query: 'subject:"Cirque du Soleil"', limit: 5 });
      expect(cirque.hits.map((hit) => hit.subject)).toEqual(['Cirque du Soleil - Dralion']);
      const fromDennis = await engine.search({ query: 'from:dennis.lee@enron.com', limit: 10 });
      expect(fromDennis.total).toBe(3);
      expect(fromDennis.hits.every((hit) => hit.from.name === 'Lee  Dennis')).toBe(true);

      const oba = (await engine.search({ query: 'subject:"New OBA\'s"', limit: 1 })).hits[0]!;
      expect(oba.attachments).toHaveLength(11);
      expect(oba.attachments[0]).toEqual({
        filename: 'OBA_27602_Citizens.doc',
        contentType: 'application/msword',
        size: 53760,
        contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const detail = (await engine.getMessage(oba.id))!;
      expect(detail.to.map((address) => address.address)).toEqual(['lorraine.lindberg@enron.com', 'kimberly.watson@enron.com']);
      expect(detail.text).toContain('OBA');

      const finished = progress.filter((update) => update.phase === 'done').at(-1)!;
      expect(finished.bytesDone).toBe(finished.bytesTotal);
    });
  });

  it('stops reading a PST when the import is cancelled, reporting progress on the way', async () => {
    const controller = new AbortController();
    const bytes: number[] = [];
    let messages = 0;
    for await (const mail of readOutlookDataFile(enronPst, { signal: controller.signal, onBytes: (done) => bytes.push(done) })) {
      expect(mail.kind).toBe('message');
      messages += 1;
      if (messages === 5) controller.abort();
    }
    expect(messages).toBe(5);
    expect(bytes.length).toBeGreaterThanOrEqual(5);
    expect(bytes.every((done, index) => index === 0 || done >= bytes[index - 1]!)).toBe(true);
    expect(bytes.at(-1)).toBeLessThan(13_984_768);
  });

  it('imports an OST: only its mail folders, unread flags and the attachments with their bytes', async () => {
    await withEngine(async (engine) => {
      const report = await engine.importPaths([testOst], 'ost');
      expect(report).toMatchObject({ imported: 2, failed: 0 });
      // The calendar's holidays are not mail.
      expect(await folderCounts(engine)).toEqual({ Inbox: 2 });
      expect((await engine.search({ query: 'is:unread', limit: 1 })).total).toBe(2);
      const pdf = (await engine.search({ query: 'subject:"single PDF"', limit: 1 })).hits[0]!;
      expect(pdf.from).toEqual({ name: 'Ed', address: 'epfromer@gmail.com' });
      expect(pdf.attachments).toEqual([
        {
          filename: 'Clinometer Usage.pdf',
          contentType: 'application/pdf',
          size: 87069,
          contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      ]);
      expect((await engine.search({ query: 'filename:clinometer', limit: 1 })).total).toBe(1);
      // Its bytes were kept, so the app can open it: a whole PDF.
      const stored = await readFile((await engine.attachmentFile({ messageId: pdf.id, index: 0 })).path);
      expect([stored.length, stored.subarray(0, 5).toString('latin1')]).toEqual([87069, '%PDF-']);
      // A word that only the PDF holds finds the mail, and says it matched in the PDF.
      const detail = (await engine.getMessage(pdf.id))!;
      const pdfText = detail.attachmentTexts.find((item) => item.filename === 'Clinometer Usage.pdf')?.text ?? '';
      const ownWords = new Set(`${detail.subject} ${detail.text}`.toLowerCase().match(/[a-z]{6,}/g) ?? []);
      const onlyInPdf = (pdfText.toLowerCase().match(/[a-z]{8,}/g) ?? []).find((word) => !ownWords.has(word));
      expect(onlyInPdf, 'the PDF has a text layer with words of its own').toBeDefined();
      const byPdfWord = await engine.search({ query: onlyInPdf!, limit: 5, mode: 'keyword' });
      expect(byPdfWord.hits.map((hit) => [hit.id, hit.matchedIn])).toContainEqual([pdf.id, 'Clinometer Usage.pdf']);
      // Images the HTML shows inline are not listed as attachments; the one it does not show is.
      const welcome = (await engine.search({ query: 'subject:welcome', limit: 1 })).hits[0]!;
      expect(welcome.attachments.map((attachment) => attachment.filename)).toEqual(['landing-winstore.png']);
    });
  });

  it('imports .msg files as msgreader reads them: subject, sender, attachments, embedded messages', async () => {
    const names = ['attachmentFiles', 'msgInMsg', 'msgInMsgInMsg', 'attachmentsOrder', 'nonUnicodeCP932', 'sent', 'voteItems', 'test1'];
    await withEngine(async (engine) => {
      const report = await engine.importPaths(
        names.map((name) => join(msgDir, `${name}.msg`)),
        'msg',
      );
      expect(report).toMatchObject({ imported: names.length, failed: 0 });
      expect((await engine.getStats()).sources.map((source) => source.kind)).toEqual(names.map(() => 'msg'));
      const hits = (await engine.search({ query: 'before:2100-01-01', limit: 50 })).hits;
      for (const name of names) {
        const expected = JSON.parse(await readFile(join(msgDir, `${name}.json`), 'utf8')) as ExpectedMsg;
        const hit = hits.find((candidate) => candidate.subject === expected.subject);
        expect(hit, name).toBeDefined();
        if (expected.senderName) expect(hit!.from.name, name).toBe(expected.senderName);
        if (expected.senderAddressType === 'SMTP') expect(hit!.from.address, name).toBe(expected.senderEmail!.toLowerCase());
        const attachmentNames = expected.attachments.map((attachment) => attachment.fileName ?? `${attachment.name}.eml`);
        expect(
          hit!.attachments.map((attachment) => attachment.filename),
          name,
        ).toEqual(attachmentNames);
      }
      const nested = hits.find((hit) => hit.subject === 'I have sub attachments!')!;
      expect(nested.attachments[0]).toMatchObject({ filename: 'I have attachments!.eml', contentType: 'message/rfc822' });
      const test1 = (await engine.getMessage(hits.find((hit) => hit.subject === 'title')!.id))!;
      expect([test1.to, test1.cc].map((list) => list.map((entry) => entry.address))).toEqual([['to@example.com'], ['cc@example.com']]);
      expect((await engine.search({ query: 'Non Unicode 本文', limit: 5 })).total).toBe(1);
    });
  });

  it('imports .msg files inside a dropped folder, reports a damaged one and goes on', async () => {
    await withEngine(async (engine, dir) => {
      const tree = join(dir, 'Saved mail', 'Projects');
      await mkdir(tree, { recursive: true });
      await copyFile(join(msgDir, 'sent.msg'), join(tree, 'sent.msg'));
      await copyFile(join(msgDir, 'Outer mail.msg'), join(dir, 'Saved mail', 'Outer mail.msg'));
      await writeFile(join(tree, 'broken.msg'), (await readFile(join(msgDir, 'test1.msg'))).subarray(0, 1500));
      const report = await engine.importPaths([join(dir, 'Saved mail')], 'tree');
      expect(report).toMatchObject({ imported: 2, failed: 1 });
      expect(report.errors[0]).toMatchObject({
        position: join('Projects', 'broken.msg'),
        reason: expect.stringMatching(/^msg: broken\.msg /),
      });
      expect(await folderCounts(engine)).toEqual({ Projects: 1, 'Saved mail': 1 });
      const outer = (await engine.search({ query: 'subject:"Outer mail"', limit: 1 })).hits[0]!;
      expect(outer.attachments.map((attachment) => attachment.filename)).toEqual(['OUTER 1.pdf', 'OUTER 2.pdf', 'Inner mail.eml']);
    });
  });

  it('detects a PST by its content, and reports cut-short, encrypted and non-Outlook files clearly', async () => {
    await withEngine(async (engine, dir) => {
      const original = await readFile(enronPst);
      await writeFile(join(dir, 'cut.pst'), original.subarray(0, 1_000_000));
      const encrypted = Buffer.from(original);
      encrypted[513] = 2;
      await writeFile(join(dir, 'locked.pst'), encrypted);
      // An OLE compound file whose directory names Word's streams, not an Outlook item's.
      const word = Buffer.alloc(1024);
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(word);
      word.writeUInt16LE(9, 0x1e);
      word.writeUInt32LE(0, 0x30);
      for (const [index, name] of ['Root Entry', 'WordDocument'].entries()) {
        word.write(name, 512 + index * 128, 'utf16le');
        word.writeUInt16LE((name.length + 1) * 2, 512 + index * 128 + 64);
      }
      await writeFile(join(dir, 'letter.doc'), word);
      const report = await engine.importPaths([join(dir, 'cut.pst'), join(dir, 'locked.pst'), join(dir, 'letter.doc')], 'bad');
      expect(report.imported).toBe(0);
      expect(report.errors.map((error) => error.reason)).toEqual([
        'pst: cut.pst is cut short: it has 1,000,000 of its 13,984,768 bytes (an interrupted copy or download?); copy the whole file again',
        expect.stringMatching(/^pst: locked\.pst uses Outlook's high encryption/),
        expect.stringMatching(/letter\.doc is an Office compound document .*not an Outlook \.msg message$/),
      ]);

      // The engine goes on: the same PST under another name imports whole.
      await copyFile(enronPst, join(dir, 'archive.bin'));
      const renamed = await engine.importPaths([join(dir, 'archive.bin')], 'renamed');
      expect(renamed).toMatchObject({ imported: 71, failed: 0 });
      expect((await engine.getStats()).sources).toEqual([expect.objectContaining({ kind: 'pst', messages: 71 })]);
    });
  });
});
