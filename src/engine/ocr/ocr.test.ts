// Integration: images and a scanned PDF drawn from known sentences, mailed as real .eml files, imported, read by the
// OCR stage (real tesseract.js), then found by their words and their meaning, with the hit saying where its text came from.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { mimeMessage, type Attached } from '../../../test/mimeMessage';
import type { OcrReport } from '../../shared/model/ocr';
import { openEngine } from '../api/engine';
import { KEYWORD_FOLDER } from '../index/loadIndexes';
import type { Engine } from '../api/engineTypes';
import { blankImage, renderLines, scannedPdf, toFormat } from './ocrFixtures';

/** A real .eml: mimeMessage's mbox form without its "From " line. */
async function writeEml(dir: string, id: string, subject: string, attachments: Attached[]): Promise<void> {
  const mail = mimeMessage(id, subject, 'Please see the attachment.', attachments);
  await writeFile(join(dir, `${id}.eml`), mail.subarray(mail.indexOf('\n') + 1));
}

async function buildMail(dir: string): Promise<void> {
  const png = renderLines(['The lighthouse keeper logged a storm surge', 'near the harbour on Tuesday night.']);
  await writeEml(dir, 'receipt', 'Scanned receipt', [{ filename: 'receipt.png', contentType: 'image/png', bytes: png }]);
  const jpeg = await toFormat(renderLines(['Invoice for the walnut bookshelf', 'delivered to the reading room.']), 'jpeg');
  await writeEml(dir, 'photo', 'Photo of the invoice', [{ filename: 'invoice.jpg', contentType: 'image/jpeg', bytes: jpeg }]);
  const tiff = await toFormat(renderLines(['Fax from the vineyard about the grape harvest.']), 'tiff');
  await writeEml(dir, 'fax', 'Incoming fax', [{ filename: 'fax.tif', contentType: 'application/octet-stream', bytes: tiff }]);
  const gif = await toFormat(renderLines(['The telescope mirror needs recoating.']), 'gif');
  await writeEml(dir, 'chart', 'Observatory note', [{ filename: 'note.gif', contentType: 'image/gif', bytes: gif }]);
  const pdf = await scannedPdf(['Minutes of the orchard cooperative meeting.', 'The cider press will be repaired in spring.']);
  await writeEml(dir, 'scan', 'Scanned minutes', [{ filename: 'minutes.pdf', contentType: 'application/pdf', bytes: pdf }]);
  await writeEml(dir, 'logo', 'Signature with a logo', [
    { filename: 'logo.png', contentType: 'image/png', bytes: await blankImage(120, 40) },
  ]);
  await writeEml(dir, 'poster', 'A huge poster', [
    { filename: 'poster.png', contentType: 'image/png', bytes: await blankImage(9000, 5000) },
  ]);
}

describe('text read from scans and images', () => {
  let dir: string;
  let engine: Engine;
  let firstRun: OcrReport;
  let secondRun: OcrReport;

  const open = (): Promise<Engine> => openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });

  beforeAll(async () => {
    dir = await makeTempDir();
    const mailDir = join(dir, 'mail');
    await mkdir(mailDir);
    await buildMail(mailDir);
    engine = await open();
    const report = await engine.importPaths([mailDir], 'images');
    expect(report.imported).toBe(7);
    // The keyword index as import saved it, before any text was read: the crash test below puts it back.
    await cp(join(dir, 'store', KEYWORD_FOLDER), join(dir, 'keywords-before-ocr'), { recursive: true });
    // Stopped after its first message: closing the engine stops the stage between pages, and what it wrote stays.
    const stopped = new Promise<void>((resolve) => {
      const unsubscribe = engine.subscribe((event) => {
        if (event.type === 'ocr-progress' && event.progress.done >= 1 && !event.progress.isFinished) {
          unsubscribe();
          resolve();
        }
      });
    });
    const running = engine.ocr();
    // The first event is the count before anything was read (done 0); the next follows the first message read.
    await stopped;
    await engine.close();
    firstRun = await running;
    engine = await open();
    secondRun = await engine.ocr();
  }, 180_000);

  afterAll(async () => {
    await engine.close();
  });

  it('resumes where a stopped run ended: each image is read once across the two runs', () => {
    expect(firstRun.total).toBe(7);
    expect(firstRun.read + firstRun.skipped.length).toBeGreaterThanOrEqual(1);
    expect(firstRun.read + firstRun.skipped.length).toBeLessThan(7);
    expect(secondRun.done).toBe(7);
    expect(firstRun.read + secondRun.read).toBe(5);
    expect(firstRun.skipped.length + secondRun.skipped.length).toBe(2);
    expect(secondRun.languages).toMatch(/^eng/);
  });

  it('skips a tiny image and a huge one, each with its reason', () => {
    const skipped = [...firstRun.skipped, ...secondRun.skipped].sort((first, second) => first.filename.localeCompare(second.filename));
    expect(skipped.map((item) => item.filename)).toEqual(['logo.png', 'poster.png']);
    expect(skipped[0]!.reason).toMatch(/120×40 is too small to hold text/);
    expect(skipped[1]!.reason).toMatch(/9000×5000 is over the limit of 40 megapixels/);
  });

  it.each([
    ['lighthouse', 'Scanned receipt', 'receipt.png'],
    ['walnut bookshelf', 'Photo of the invoice', 'invoice.jpg'],
    ['vineyard', 'Incoming fax', 'fax.tif'],
    ['telescope', 'Observatory note', 'note.gif'],
    ['cider press', 'Scanned minutes', 'minutes.pdf'],
  ])('finds "%s" by its words, in text read from the image', async (query, subject, filename) => {
    const result = await engine.search({ query, mode: 'keyword' });
    expect(result.hits.map((hit) => hit.subject)).toEqual([subject]);
    expect(result.hits[0]!.matchedIn).toBe(filename);
    expect(result.hits[0]!.matchedImageText).toBe(true);
  });

  it('finds a phrase from a scanned page, with an operator, and shows the text in the message', async () => {
    const phrase = await engine.search({ query: '"storm surge" has:attachment', mode: 'keyword' });
    expect(phrase.hits.map((hit) => hit.subject)).toEqual(['Scanned receipt']);
    expect(phrase.hits[0]!.snippet).toMatch(/storm surge/i);
    expect((await engine.search({ query: 'cider -subject:minutes', mode: 'keyword' })).total).toBe(0);
    const message = await engine.getMessage(phrase.hits[0]!.id);
    expect(message?.attachmentTexts).toEqual([expect.objectContaining({ filename: 'receipt.png', source: 'ocr' })]);
  });

  it('finds the text by meaning once embedded, in semantic and hybrid search', async () => {
    await engine.embed();
    for (const mode of ['semantic', 'hybrid'] as const) {
      const result = await engine.search({ query: 'grape harvest at the vineyard', mode });
      expect(result.hits[0]?.subject, mode).toBe('Incoming fax');
      expect(result.hits[0]?.matchedImageText, mode).toBe(true);
      // The passage shown is the text read from the fax, not the mail's one-line body.
      expect(result.hits[0]?.snippet, mode).toMatch(/vineyard/i);
    }
  }, 120_000);

  it('counts messages with images in the stats', async () => {
    expect((await engine.getStats()).imageText).toEqual({ done: 7, total: 7 });
  });

  it('after a crash between storing the text and saving the index, the next run indexes the text it stored', async () => {
    const [hit] = (await engine.search({ query: 'lighthouse', mode: 'keyword' })).hits;
    await engine.close();
    // As a killed run leaves it: the text is in the store, its id is noted, the saved index is the one before.
    await rm(join(dir, 'store', KEYWORD_FOLDER), { recursive: true });
    await cp(join(dir, 'keywords-before-ocr'), join(dir, 'store', KEYWORD_FOLDER), { recursive: true });
    await writeFile(join(dir, 'store', 'ocr-pending.json'), JSON.stringify([hit!.id]));
    engine = await open();
    expect((await engine.search({ query: 'lighthouse', mode: 'keyword' })).total).toBe(0);
    const report = await engine.ocr();
    expect(report).toMatchObject({ read: 0, done: 7, total: 7 });
    expect((await engine.search({ query: 'lighthouse', mode: 'keyword' })).hits.map((found) => found.id)).toEqual([hit!.id]);
  }, 120_000);
});
