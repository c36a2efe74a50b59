// Attachment text from real files of every format read: built here (Office, OpenDocument, RTF) or taken from shared data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCorpusMessages, sharedDir } from '../../../../test/corpus';
import { makeDocx, makeOdt, makePptx, makeXlsx } from '../../../../test/officeFiles';
import { makeZip } from '../../../../test/zip';
import { DEFAULT_EXTRACTION_LIMITS, extractAttachmentText } from './extractAttachmentText';

const tnefDir = join(sharedDir, 'fixtures/mimekit/UnitTests/TestData/tnef');
let realPdf: Buffer;

beforeAll(async () => {
  // Message 295 of the usrp-users slice carries two real PDFs (plots made by the sender).
  const [message] = (await readCorpusMessages('usrp-users-list.mbox.gz', 295)).slice(-1);
  const parsed = await simpleParser(message!);
  realPdf = parsed.attachments.find((attachment) => attachment.filename === 'B210-noise1.pdf')!.content;
});

describe('extractAttachmentText', () => {
  it('reads a real PDF attachment with unpdf', async () => {
    const result = await extractAttachmentText('B210-noise1.pdf', 'application/pdf', realPdf);
    expect(result?.error).toBeUndefined();
    expect(result?.text).toContain('B210 demodulator noise');
    expect(result?.text).toContain('RX gain = 40 dB');
  });

  it('notes a damaged PDF instead of failing', async () => {
    const cut = realPdf.subarray(0, 2_000);
    const result = await extractAttachmentText('report.pdf', 'application/pdf', cut);
    expect(result).toEqual({ text: '', error: expect.stringMatching(/^PDF could not be read: ./) });
  });

  it('reads Word, Excel, PowerPoint and OpenDocument files', async () => {
    const docx = await extractAttachmentText(
      'minutes.docx',
      'application/octet-stream',
      makeDocx(['Quarterly minutes', 'The flux capacitor needs replacing.']),
    );
    expect(docx).toEqual({ text: 'Quarterly minutes\n\nThe flux capacitor needs replacing.' });
    const xlsx = await extractAttachmentText(
      'budget.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      await makeXlsx('Costs', [
        ['item', 'cost'],
        ['gyroscope', 1200],
      ]),
    );
    expect(xlsx).toEqual({ text: 'Costs\nitem\tcost\ngyroscope\t1200' });
    const pptx = await extractAttachmentText('deck.pptx', '', makePptx(['Roadmap for the heliograph', 'Second slide about tachyons']));
    expect(pptx?.text).toContain('Roadmap for the heliograph');
    expect(pptx?.text).toContain('Second slide about tachyons');
    const odt = await extractAttachmentText('letter', 'application/octet-stream', makeOdt(['Dear committee, the orrery is ready.']));
    expect(odt).toEqual({ text: 'Dear committee, the orrery is ready.' });
  });

  it('reads RTF, HTML, CSV and plain text in their declared charsets', async () => {
    const rtf = await extractAttachmentText(
      'note.rtf',
      'application/rtf',
      Buffer.from('{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\f0\\pard Hello {\\b zeppelin} crew.\\par}'),
    );
    expect(rtf?.text).toContain('zeppelin');
    const html = await extractAttachmentText(
      'page.htm',
      'text/html',
      Buffer.from(
        '<html><head><meta charset="iso-8859-1"><style>p{}</style></head><body><p>Caf\xe9 <b>astrolabe</b></p><img src="x.png"></body></html>',
        'latin1',
      ),
    );
    expect(html).toEqual({ text: 'Café astrolabe' });
    const csv = await extractAttachmentText(
      'data.csv',
      'text/csv; charset=windows-1252',
      Buffer.from('name;price\r\nkl\xf6ppel;3\r\n', 'latin1'),
    );
    expect(csv).toEqual({ text: 'name;price\nklöppel;3' });
    const utf16 = await extractAttachmentText(
      'notes.txt',
      'text/plain',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('sextant readings', 'utf16le')]),
    );
    expect(utf16).toEqual({ text: 'sextant readings' });
  });

  it('reads the files inside a TNEF stream found inside another attachment', async () => {
    const result = await extractAttachmentText(
      'winmail.dat',
      'application/ms-tnef',
      readFileSync(join(tnefDir, 'MAPI_ATTACH_DATA_OBJ.tnef')),
    );
    expect(result?.error).toBeUndefined();
    expect(result?.text).toContain('VIA_Nytt_1402.pdf');
    expect(result?.text).toContain('VIA_Nytt_14021.htm');
  });

  it('reads the body of a TNEF stream that carries no files', async () => {
    const result = await extractAttachmentText('winmail.dat', 'application/ms-tnef', readFileSync(join(tnefDir, 'rtf.tnef')));
    expect(result?.error).toBeUndefined();
    expect(result?.text.length).toBeGreaterThan(0);
    const html = await extractAttachmentText('winmail.dat', 'application/ms-tnef', readFileSync(join(tnefDir, 'body.tnef')));
    expect(html?.text).toContain('THE BILL OF RIGHTS');
  });

  it('gives no text (and no note) for kinds without text: images, archives', async () => {
    expect(await extractAttachmentText('photo.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBeNull();
    expect(await extractAttachmentText('files.zip', 'application/zip', makeZip([{ name: 'a.txt', content: 'x' }]))).toBeNull();
  });

  it('notes what it does not read: older Office files, oversized files, a broken TNEF', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect((await extractAttachmentText('old.doc', 'application/msword', ole))?.error).toMatch(/^Office 97-2003 file could not be read: /);
    const big = await extractAttachmentText('huge.txt', 'text/plain', Buffer.alloc(2048, 0x61), {
      ...DEFAULT_EXTRACTION_LIMITS,
      maxBytes: 1024,
    });
    expect(big).toEqual({ text: '', error: 'not read: 2 KB is over the 1 KB limit for attachment text' });
    const broken = await extractAttachmentText(
      'winmail.dat',
      'application/ms-tnef',
      readFileSync(join(sharedDir, 'fixtures/node-tnef-npm/badchecksum.dat')),
    );
    expect(broken?.error).toMatch(/^Outlook winmail\.dat \(TNEF\) could not be read: tnef: not a TNEF stream/);
  });

  it('keeps at most maxChars of text', async () => {
    const result = await extractAttachmentText('long.txt', 'text/plain', Buffer.from('word '.repeat(10_000)), {
      ...DEFAULT_EXTRACTION_LIMITS,
      maxChars: 100,
    });
    expect(result?.text).toHaveLength(100);
  });

  it('gives up on an attachment that takes longer than its time limit', async () => {
    const pages = Buffer.from(readFileSync(join(tnefDir, 'MAPI_ATTACH_DATA_OBJ', 'VIA_Nytt_1402.pdf')));
    const started = performance.now();
    const result = await extractAttachmentText('slow.pdf', 'application/pdf', pages, { ...DEFAULT_EXTRACTION_LIMITS, timeoutMs: 1 });
    expect(result).toEqual({ text: '', error: 'PDF could not be read: took longer than 1 ms' });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
