// Test fixtures made at test time: known sentences drawn into PNG, JPEG, TIFF and GIF images and into a scanned PDF
// (a page that is only a picture, with no text layer), so OCR's output can be checked against the text drawn.
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';

const LINE_HEIGHT = 56;

/** The lines drawn black on white in a 32 px sans-serif, as PNG bytes: about what a screenshot or a fax holds. */
export function renderLines(lines: readonly string[], width = 1400): Buffer {
  const canvas = createCanvas(width, LINE_HEIGHT * (lines.length + 1));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = '32px sans-serif';
  lines.forEach((line, index) => context.fillText(line, 40, LINE_HEIGHT * (index + 1)));
  return canvas.toBuffer('image/png');
}

/**
 * A title line over a waterfall-like texture of short dark strokes placed by a seeded generator (the same picture every
 * time): the kind of chart or photo Tesseract reads letter soup into.
 */
export function renderTitledTexture(title: string): Buffer {
  let seed = 7;
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const canvas = createCanvas(1200, 500);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = '32px sans-serif';
  context.fillText(title, 40, 50);
  for (let stroke = 0; stroke < 2500; stroke += 1) {
    const shade = (): number => Math.floor(random() * 120);
    const x = 40 + random() * 1100;
    const y = 90 + random() * 380;
    context.fillStyle = `rgb(${shade()},${shade()},${shade()})`;
    context.fillRect(x, y, 3 + random() * 14, 8 + random() * 22);
  }
  return canvas.toBuffer('image/png');
}

export function toFormat(png: Buffer, format: 'jpeg' | 'tiff' | 'gif'): Promise<Buffer> {
  return sharp(png).toFormat(format).toBuffer();
}

/** A white PNG of this size: huge ones compress to a few kilobytes, so a test can hold a poster-sized image. */
export function blankImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * A one-page PDF whose page is a JPEG of the lines and nothing else, as a scanner writes it: one image XObject
 * (DCTDecode, so the JPEG's bytes go in as they are) drawn over the whole US Letter page.
 */
export async function scannedPdf(lines: readonly string[]): Promise<Buffer> {
  const { data: jpeg, info } = await sharp(renderLines(lines, 1275))
    .resize({ width: 1275, height: 1650, fit: 'contain', position: 'top', background: '#ffffff' })
    .jpeg()
    .toBuffer({ resolveWithObject: true });
  const content = 'q 612 0 0 792 0 0 cm /Scan Do Q';
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Buffer | string): void => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const objects: (string | Buffer[])[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Scan 4 0 R >> >> /Contents 5 0 R >>',
    [
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace ${info.channels === 1 ? '/DeviceGray' : '/DeviceRGB'} /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
        'latin1',
      ),
      jpeg,
      Buffer.from('\nendstream', 'latin1'),
    ],
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  push('%PDF-1.4\n');
  objects.forEach((object, index) => {
    offsets.push(length);
    push(`${index + 1} 0 obj\n`);
    if (typeof object === 'string') push(object);
    else object.forEach(push);
    push('\nendobj\n');
  });
  const xref = length;
  push(
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`,
  );
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
