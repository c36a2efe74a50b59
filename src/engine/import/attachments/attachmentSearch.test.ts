// Integration: mail with real attachments imported through the engine; words only in an attachment find the mail.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForTest } from '../../../../test/bundle';
import { makeTempDir, readCorpusMessages, repoRoot, sharedDir, toMbox } from '../../../../test/corpus';
import { mimeMessage } from '../../../../test/mimeMessage';
import { makeDocx, makeXlsx } from '../../../../test/officeFiles';
import { openEngine } from '../../api/engine';
import type { Engine } from '../../api/engineTypes';

const tnefDir = join(sharedDir, 'fixtures/mimekit/UnitTests/TestData/tnef');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function buildMailbox(dir: string): Promise<{ file: string; realPdfMessage: Buffer }> {
  // Message 295 of the usrp-users slice: a real question with two real PDF plots attached.
  const realPdfMessage = (await readCorpusMessages('usrp-users-list.mbox.gz', 295)).at(-1)!;
  const realPdf = readFileSync(join(tnefDir, 'MAPI_ATTACH_DATA_OBJ', 'VIA_Nytt_1402.pdf'));
  const messages = [
    realPdfMessage,
    mimeMessage('office', 'Numbers for the review', 'See the attached files.', [
      {
        filename: 'budget.xlsx',
        contentType: XLSX,
        bytes: await makeXlsx('Costs', [
          ['item', 'cost'],
          ['gyroscope', 1200],
        ]),
      },
      { filename: 'minutes.docx', contentType: DOCX, bytes: makeDocx(['Minutes of Monday', 'The flux capacitor needs replacing.']) },
    ]),
    mimeMessage('outlook', 'Newsletter from Outlook', 'Sent from Outlook in rich text.', [
      { filename: 'winmail.dat', contentType: 'application/ms-tnef', bytes: readFileSync(join(tnefDir, 'MAPI_ATTACH_DATA_OBJ.tnef')) },
    ]),
    mimeMessage('damaged', 'Broken report', 'The report is attached.', [
      { filename: 'broken.pdf', contentType: 'application/pdf', bytes: realPdf.subarray(0, 3_000) },
    ]),
    mimeMessage('badtnef', 'Unreadable winmail', 'Outlook sent this.', [
      {
        filename: 'winmail.dat',
        contentType: 'application/ms-tnef',
        bytes: readFileSync(join(sharedDir, 'fixtures/node-tnef-npm/badchecksum.dat')),
      },
    ]),
    // A real Outlook mail whose winmail.dat holds a picture and two Outlook items (a task, a meeting) as embedded TNEF.
    Buffer.concat([Buffer.from('From outlook@example.com Mon Jan  8 11:00:00 2024\n'), readFileSync(join(tnefDir, 'rich-text.eml'))]),
  ];
  const file = join(dir, 'attachments.mbox');
  await writeFile(file, toMbox(messages));
  return { file, realPdfMessage };
}

describe('attachment text at import', () => {
  let engine: Engine;
  let mailbox: string;

  beforeAll(async () => {
    const dir = await makeTempDir();
    mailbox = (await buildMailbox(dir)).file;
    engine = await openEngine({ dataDir: join(dir, 'data'), timeZone: 'UTC' });
    const report = await engine.importPaths([mailbox], 'attachments');
    expect(report.failed).toBe(0);
    expect(report.imported).toBe(6);
  });

  afterAll(async () => {
    await engine.close();
  });

  async function only(query: string): Promise<{ subject: string; matchedIn: string; snippet: string; id: string }[]> {
    return (await engine.search({ query, limit: 50 })).hits.map(({ subject, matchedIn, snippet, id }) => ({
      subject,
      matchedIn,
      snippet,
      id,
    }));
  }

  it('finds a real PDF attachment by a word that is only in the PDF, and says so', async () => {
    const hits = await only('amplitude');
    expect(hits.map((hit) => [hit.subject, hit.matchedIn])).toEqual([['[USRP-users] B210: 1/f noise and LO offset', 'B210-noise1.pdf']]);
    expect(hits[0]!.snippet).toMatch(/Amplitude/);
    const message = (await engine.getMessage(hits[0]!.id))!;
    expect(message.text).not.toMatch(/amplitude/i);
    expect(message.subject).not.toMatch(/amplitude/i);
    expect(message.attachmentTexts.map((item) => item.filename)).toEqual(['B210-noise1.pdf', 'B210-noise2.pdf']);
  });

  it('finds words only inside an Excel workbook and a Word document', async () => {
    expect((await only('gyroscope')).map((hit) => hit.matchedIn)).toEqual(['budget.xlsx']);
    expect((await only('capacitor')).map((hit) => hit.matchedIn)).toEqual(['minutes.docx']);
    expect((await only('gyroscope capacitor')).map((hit) => hit.subject)).toEqual(['Numbers for the review']);
  });

  it('lists the files inside winmail.dat and searches their text', async () => {
    const hits = await only('aberdeen');
    expect(hits.map((hit) => [hit.subject, hit.matchedIn])).toEqual([['Newsletter from Outlook', 'VIA_Nytt_1402.pdf']]);
    const message = (await engine.getMessage(hits[0]!.id))!;
    expect(message.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      ['VIA_Nytt_1402.doc', 'application/msword'],
      ['VIA_Nytt_1402.pdf', 'application/pdf'],
      ['VIA_Nytt_14021.htm', 'text/html'],
    ]);
    expect(message.attachments[1]!.size).toBe(readFileSync(join(tnefDir, 'MAPI_ATTACH_DATA_OBJ', 'VIA_Nytt_1402.pdf')).length);
    expect(message.attachmentTexts.find((item) => item.filename === 'VIA_Nytt_1402.doc')?.error).toMatch(
      /^Office 97-2003 file could not be read/,
    );
  });

  it('reads the Outlook items embedded in a real winmail.dat', async () => {
    const hits = await only('nephew');
    expect(hits.map((hit) => [hit.subject, hit.matchedIn])).toEqual([['Rich Text', 'Build a train table']]);
    const message = (await engine.getMessage(hits[0]!.id))!;
    expect(message.text).not.toMatch(/nephew/i);
    expect(message.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      ['kitten-playing-with-a-christmas-tree.jpg', 'image/jpeg'],
      ['Build a train table', 'application/ms-tnef'],
      ['Christmas Celebration!', 'application/ms-tnef'],
    ]);
    expect((await only('has:image')).map((hit) => hit.subject)).toEqual(['Rich Text']);
  });

  it('matches filename: and has: against the listed attachments, winmail.dat contents included', async () => {
    expect((await only('filename:budget')).map((hit) => hit.subject)).toEqual(['Numbers for the review']);
    expect((await only('filename:VIA_Nytt_1402')).map((hit) => hit.subject)).toEqual(['Newsletter from Outlook']);
    expect((await only('has:spreadsheet')).map((hit) => hit.subject)).toEqual(['Numbers for the review']);
    expect(new Set((await only('has:document')).map((hit) => hit.subject))).toEqual(
      new Set(['Numbers for the review', 'Newsletter from Outlook']),
    );
    expect(new Set((await only('has:pdf')).map((hit) => hit.subject))).toEqual(
      new Set(['[USRP-users] B210: 1/f noise and LO offset', 'Newsletter from Outlook', 'Broken report']),
    );
  });

  it('imports a mail whose PDF is damaged and notes why its text is missing', async () => {
    const [hit] = await only('subject:broken');
    const message = (await engine.getMessage(hit!.id))!;
    expect(message.attachments.map((attachment) => attachment.filename)).toEqual(['broken.pdf']);
    expect(message.attachmentTexts).toEqual([
      { filename: 'broken.pdf', text: '', error: expect.stringMatching(/^PDF could not be read: ./) },
    ]);
  });

  it('keeps an unreadable winmail.dat listed, with the reason', async () => {
    const [hit] = await only('subject:unreadable');
    const message = (await engine.getMessage(hit!.id))!;
    expect(message.attachments.map((attachment) => attachment.filename)).toEqual(['winmail.dat']);
    expect(message.attachmentTexts).toEqual([
      { filename: 'winmail.dat', text: '', error: expect.stringMatching(/could not be read: tnef: not a TNEF stream/) },
    ]);
  });

  it('gives the same attachments and text when parsing runs on worker threads', async () => {
    const worker = await bundleForTest('parse-worker-attachments', { file: join(repoRoot, 'src/engine/import/parseWorker.ts') });
    const dataDir = await makeTempDir();
    const workerEngine = await openEngine({ dataDir, timeZone: 'UTC', parseWorkerScript: worker });
    try {
      expect((await workerEngine.importPaths([mailbox], 'workers')).imported).toBe(6);
      const inline = await engine.search({ query: '', sort: 'date', limit: 10 });
      for (const hit of inline.hits) {
        const [mine, theirs] = [await engine.getMessage(hit.id), await workerEngine.getMessage(hit.id)];
        expect(theirs?.attachments).toEqual(mine?.attachments);
        expect(theirs?.attachmentTexts).toEqual(mine?.attachmentTexts);
      }
    } finally {
      await workerEngine.close();
    }
  });
});
