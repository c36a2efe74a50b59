// The gallery on a real archive: every match's attachments (counted against the search's own hits), thumbnails
// bounded in size, previews of a PDF and a picture with the query marked, and programs never previewed.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import type { GalleryItem } from '../../shared/model/gallery';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { mimeMessage } from '../../../test/mimeMessage';
import { makePdf } from '../../../test/pdfFile';
import { imageSize } from './imageSize';

/** A PNG header stating 30,000 × 30,000 pixels (3.6 GB decoded) on a file of a few bytes. */
function hugePngHeader(): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(30_000, 16);
  header.writeUInt32BE(30_000, 20);
  return header;
}

function decoded(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

describe('attachment gallery', () => {
  let engine: Engine;
  let dataDir: string;

  beforeAll(async () => {
    const dir = await makeTempDir();
    // The first 300 messages of the usrp-users list hold photos, screenshots and two PDFs (B210-noise1/2.pdf).
    const raw = await readCorpusMessages('usrp-users-list.mbox.gz', 300);
    const made = [
      mimeMessage('budget', 'The antenna budget', 'See the attached report.', [
        {
          filename: 'report.pdf',
          contentType: 'application/pdf',
          bytes: makePdf(['Quarterly figures', 'The antenna budget is 4,200 euros']),
        },
        { filename: 'setup.exe', contentType: 'application/octet-stream', bytes: Buffer.from('MZ a program stands here') },
        { filename: 'huge.png', contentType: 'image/png', bytes: hugePngHeader() },
        { filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('The mast is 12 m tall.\nThe MAST stands on the roof.') },
      ]),
    ];
    const file = join(dir, 'gallery.mbox');
    await writeFile(file, toMbox([...raw, ...made]));
    dataDir = join(dir, 'store');
    engine = await openEngine({ dataDir, timeZone: 'UTC' });
    await engine.importPaths([file], 'gallery');
  }, 240_000);

  afterAll(async () => {
    await engine.close();
  });

  /** The attachments of every hit the search lists, paging through all of them: the independent count. */
  async function attachmentsOfHits(query: string): Promise<number> {
    let count = 0;
    for (let offset = 0; ; offset += 1000) {
      const result = await engine.search({ query, mode: 'keyword', sort: 'date', limit: 1000, offset });
      count += result.hits.reduce((sum, hit) => sum + hit.attachments.length, 0);
      if (offset + 1000 >= result.total) return count;
    }
  }

  async function allItems(query: string): Promise<GalleryItem[]> {
    const items: GalleryItem[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await engine.listAttachments({ query, mode: 'keyword', offset, limit: 100 });
      items.push(...page.items);
      if (page.items.length < 100) return items;
    }
  }

  it.each(['', 'has:pdf', 'has:image', 'noise', '-has:image', 'from:ada@example.com', 'before:2019-05-10'])(
    'lists the attachments of every message %j matches, as many as its hits hold',
    async (query) => {
      const expected = await attachmentsOfHits(query);
      const page = await engine.listAttachments({ query, mode: 'keyword', limit: 10 });
      expect(page.total).toBe(expected);
      if (query === '' || query === 'has:pdf') expect(expected).toBeGreaterThan(query === '' ? 20 : 2);
      expect((await allItems(query)).length).toBe(expected);
    },
    60_000,
  );

  it('gives each item its name, size, kind, sender, date and whether the query matches inside it', async () => {
    const items = await allItems('antenna budget');
    const report = items.find((item) => item.filename === 'report.pdf')!;
    expect(report).toMatchObject({ kind: 'pdf', isMatch: true, canPreview: true, hasThumbnail: true, subject: 'The antenna budget' });
    expect(report.from.address).toBe('ada@example.com');
    expect(report.date).toBe('2024-01-08T10:00:00.000Z');
    expect(report.size).toBeGreaterThan(300);
    expect(items.find((item) => item.filename === 'huge.png')).toMatchObject({ kind: 'image', isMatch: false });
    const noise = await allItems('has:pdf noise');
    expect(noise.map((item) => item.filename)).toEqual(expect.arrayContaining(['B210-noise1.pdf', 'B210-noise2.pdf']));
  });

  it('never previews a program: the call is refused and the item says so', async () => {
    const program = (await allItems('from:ada@example.com')).find((item) => item.filename === 'setup.exe')!;
    expect(program).toMatchObject({ kind: 'program', canPreview: false, hasThumbnail: false });
    await expect(engine.previewAttachment({ ref: program.ref, query: '' })).rejects.toThrow(/setup\.exe” is a program or script/);
    expect(await engine.attachmentThumbnail(program.ref)).toBeNull();
  });

  it('makes thumbnails no larger than 240 pixels, keeps them, and draws none for a picture stating too many pixels', async () => {
    const images = (await allItems('has:image')).filter((item) => item.hasThumbnail && item.filename !== 'huge.png');
    expect(images.length).toBeGreaterThan(5);
    for (const item of [...images.slice(0, 3), ...(await allItems('has:pdf noise'))]) {
      const thumbnail = await engine.attachmentThumbnail(item.ref);
      expect(thumbnail, item.filename).toMatch(/^data:image\/webp;base64,/);
      const bytes = decoded(thumbnail!);
      const { loadImage } = await import('@napi-rs/canvas');
      const image = await loadImage(bytes);
      expect(Math.max(image.width, image.height), item.filename).toBeLessThanOrEqual(240);
      expect(bytes.length).toBeLessThan(60_000);
      expect(await engine.attachmentThumbnail(item.ref)).toBe(thumbnail);
    }
    const huge = (await allItems('from:ada@example.com')).find((item) => item.filename === 'huge.png')!;
    expect(imageSize(hugePngHeader())).toEqual({ width: 30_000, height: 30_000 });
    expect(await engine.attachmentThumbnail(huge.ref)).toBeNull();
  }, 120_000);

  it('previews a PDF page drawn in the engine, with the query word boxed on it', async () => {
    const report = (await allItems('antenna')).find((item) => item.filename === 'report.pdf')!;
    const preview = await engine.previewAttachment({ ref: report.ref, query: 'antenna' });
    if (preview.kind !== 'pdf') throw new Error(`expected a PDF preview, got ${preview.kind}`);
    expect(preview).toMatchObject({ page: 1, pageCount: 1, matchPages: [1] });
    expect(preview.dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(preview.width).toBe(1200);
    expect(preview.marks).toHaveLength(1);
    const [mark] = preview.marks;
    // "antenna" is on the second line, a little below the top of a letter-size page, right of the left margin.
    expect(mark!.left).toBeGreaterThan(0.1);
    expect(mark!.top).toBeGreaterThan(0.05);
    expect(mark!.top).toBeLessThan(0.15);
    expect(mark!.width).toBeGreaterThan(0.03);
  }, 60_000);

  it('previews a picture as itself, and a file without a picture or pages as its text with the words marked', async () => {
    const photo = (await allItems('has:image')).find((item) => /\.jpe?g$/i.test(item.filename) && item.size < 8 * 1024 * 1024)!;
    const preview = await engine.previewAttachment({ ref: photo.ref, query: '' });
    if (preview.kind !== 'image') throw new Error(`expected an image preview, got ${preview.kind}`);
    expect(preview.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
    expect(preview.width).toBeGreaterThan(0);
    await expect(engine.previewAttachment({ ref: { messageId: photo.ref.messageId, index: 99 }, query: '' })).rejects.toThrow(
      /there is none at index 99/,
    );
    const notes = (await allItems('mast')).find((item) => item.filename === 'notes.txt')!;
    expect(notes).toMatchObject({ kind: 'text', isMatch: true });
    const text = await engine.previewAttachment({ ref: notes.ref, query: 'mast' });
    if (text.kind !== 'text') throw new Error(`expected a text preview, got ${text.kind}`);
    expect(text.text).toContain('The mast is 12 m tall.');
    expect(text.highlights.map(({ start, end }) => text.text.slice(start, end))).toEqual(['mast', 'MAST']);
  }, 60_000);
});
