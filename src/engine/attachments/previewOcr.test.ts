// A picture and a scanned PDF whose text the OCR stage read: the gallery finds them by that text, and their previews
// show it, marked, as "text read from the image".
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, toMbox } from '../../../test/corpus';
import { mimeMessage } from '../../../test/mimeMessage';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import { renderLines, scannedPdf } from '../ocr/ocrFixtures';

describe('previews of text read by OCR', () => {
  let engine: Engine;

  beforeAll(async () => {
    const dir = await makeTempDir();
    const png = renderLines(['The lighthouse keeper logged a storm surge', 'near the harbour on Tuesday night.']);
    const pdf = await scannedPdf(['Minutes of the orchard cooperative meeting.', 'The cider press will be repaired in spring.']);
    const file = join(dir, 'scans.mbox');
    await writeFile(
      file,
      toMbox([
        mimeMessage('receipt', 'Scanned receipt', 'See the picture.', [{ filename: 'receipt.png', contentType: 'image/png', bytes: png }]),
        mimeMessage('minutes', 'Scanned minutes', 'See the scan.', [
          { filename: 'minutes.pdf', contentType: 'application/pdf', bytes: pdf },
        ]),
      ]),
    );
    engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'scans');
    await engine.ocr();
  }, 240_000);

  afterAll(async () => {
    await engine.close();
  });

  it('lists a picture by the words read from it and shows them marked under it', async () => {
    const page = await engine.listAttachments({ query: 'lighthouse', mode: 'keyword' });
    expect(page.items.map((item) => [item.filename, item.isMatch])).toEqual([['receipt.png', true]]);
    const preview = await engine.previewAttachment({ ref: page.items[0]!.ref, query: 'lighthouse' });
    if (preview.kind !== 'image') throw new Error(`expected an image preview, got ${preview.kind}`);
    expect(preview.imageText?.text.toLowerCase()).toContain('lighthouse keeper');
    expect(preview.imageText!.highlights.map(({ start, end }) => preview.imageText!.text.slice(start, end).toLowerCase())).toEqual([
      'lighthouse',
    ]);
  });

  it('shows a scanned page drawn, with the text read from it (there is no text layer to mark)', async () => {
    const page = await engine.listAttachments({ query: 'cider', mode: 'keyword' });
    expect(page.items.map((item) => [item.filename, item.isMatch])).toEqual([['minutes.pdf', true]]);
    const preview = await engine.previewAttachment({ ref: page.items[0]!.ref, query: 'cider' });
    if (preview.kind !== 'pdf') throw new Error(`expected a PDF preview, got ${preview.kind}`);
    expect(preview.marks).toEqual([]);
    expect(preview.imageText?.text.toLowerCase()).toContain('cider press');
    expect(preview.imageText!.highlights).toHaveLength(1);
  });
});
