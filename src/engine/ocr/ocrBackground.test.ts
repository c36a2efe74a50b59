// Integration: the app's background OCR stage (embedding: 'background'), and mail imported while it reads.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { mimeMessage } from '../../../test/mimeMessage';
import type { OcrProgress } from '../../shared/model/ocr';
import { openEngine } from '../api/engine';
import { renderLines, scannedPdf } from './ocrFixtures';

async function mailFolder(dir: string, name: string, mails: Buffer[]): Promise<string> {
  const folder = join(dir, name);
  await mkdir(folder);
  await Promise.all(mails.map((mail, index) => writeFile(join(folder, `${index}.eml`), mail.subarray(mail.indexOf('\n') + 1))));
  return folder;
}

describe('the OCR stage in the background', () => {
  it('reads the images of mail imported while it was reading others, after the run going on', async () => {
    const dir = await makeTempDir();
    const scans = await Promise.all(
      ['first', 'second', 'third'].map(async (word) =>
        mimeMessage(`scan-${word}`, `Scan ${word}`, 'Scan attached.', [
          { filename: `${word}.pdf`, contentType: 'application/pdf', bytes: await scannedPdf([`The ${word} page of the ledger.`]) },
        ]),
      ),
    );
    const later = mimeMessage('zeppelin', 'Postcard', 'See the picture.', [
      { filename: 'postcard.png', contentType: 'image/png', bytes: renderLines(['Greetings from the zeppelin hangar.']) },
    ]);
    const engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC', embedding: 'background' });
    try {
      const events: OcrProgress[] = [];
      let onReading: () => void = () => undefined;
      const reading = new Promise<void>((resolve) => (onReading = resolve));
      let onAllRead: () => void = () => undefined;
      const allRead = new Promise<void>((resolve) => (onAllRead = resolve));
      engine.subscribe((event) => {
        if (event.type !== 'ocr-progress') return;
        events.push(event.progress);
        if (event.progress.total === 3 && !event.progress.isFinished) onReading();
        if (event.progress.isFinished && event.progress.total === 4 && event.progress.done === 4) onAllRead();
      });
      await engine.importPaths([await mailFolder(dir, 'scans', scans)], 'scans');
      await reading;
      // The run reading the scans made its list before this mail came; it is read by the run that follows.
      await engine.importPaths([await mailFolder(dir, 'later', [later])], 'later');
      const waited = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('ocr: the mail imported during the run was never read')), 90_000),
      );
      await Promise.race([allRead, waited]);
      const found = await engine.search({ query: 'zeppelin', mode: 'keyword' });
      expect(found.hits.map((hit) => [hit.subject, hit.matchedImageText])).toEqual([['Postcard', true]]);
      expect(events.some((progress) => progress.total === 3 && progress.isFinished)).toBe(true);
    } finally {
      await engine.close();
    }
  }, 240_000);
});
