// Turns an attachment into the page images OCR reads, within limits: an image's frames as PNG, a PDF's pages with no text.
import sharp from 'sharp';
import type { OcrKind } from './ocrKind';

export interface OcrLimits {
  /** Pages (PDF pages, TIFF or GIF frames) read per file; the rest are left unread, and the note says so. */
  maxPages: number;
  /** Pixels of one image or rendered page: a larger image is skipped (a photo or a poster, not a scan of a letter). */
  maxPixels: number;
  /** Fewer pixels than this is a logo, an icon, a signature or a tracking pixel: skipped. */
  minPixels: number;
  /** Bytes of one file: a larger one is skipped before it is opened. */
  maxBytes: number;
  /** Time one page may take to be read; past it the page is given up. */
  pageTimeoutMs: number;
}

export const DEFAULT_OCR_LIMITS: OcrLimits = {
  maxPages: 20,
  maxPixels: 40_000_000,
  minPixels: 50_000,
  maxBytes: 50 * 1024 * 1024,
  pageTimeoutMs: 30_000,
};

/** A PDF page is rendered at this many pixels per point (216 dpi): small print stays readable, pages stay a few megapixels. */
const PDF_SCALE = 3;

/** The pages to read, or why there are none. `pages` yields each page's image as it is needed (a PDF renders lazily). */
export type PageImages = { pages: AsyncIterable<Uint8Array>; pageCount: number; note: string | null } | { skipped: string };

const megapixels = (pixels: number): string => `${(pixels / 1_000_000).toFixed(1).replace(/\.0$/, '')} megapixels`;

function sizeProblem(width: number, height: number, limits: OcrLimits): string | null {
  const pixels = width * height;
  if (pixels > limits.maxPixels) return `skipped: ${width}×${height} is over the limit of ${megapixels(limits.maxPixels)} for reading text`;
  if (pixels < limits.minPixels) return `skipped: ${width}×${height} is too small to hold text (a logo, icon or signature)`;
  return null;
}

const unreadPagesNote = (pageCount: number, limits: OcrLimits): string | null =>
  pageCount > limits.maxPages ? `read the first ${limits.maxPages} of ${pageCount} pages` : null;

async function imagePages(bytes: Uint8Array, limits: OcrLimits): Promise<PageImages> {
  // Read from the header alone: a huge image is refused before it is decoded.
  const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  const problem = sizeProblem(metadata.width ?? 0, metadata.height ?? 0, limits);
  if (problem) return { skipped: problem };
  const pageCount = Math.max(1, metadata.pages ?? 1);
  const read = Math.min(pageCount, limits.maxPages);
  async function* pages(): AsyncIterable<Uint8Array> {
    for (let page = 0; page < read; page += 1)
      yield await sharp(bytes, { page, limitInputPixels: limits.maxPixels })
        .flatten({ background: '#ffffff' })
        .grayscale()
        .png()
        .toBuffer();
  }
  return { pages: pages(), pageCount: read, note: unreadPagesNote(pageCount, limits) };
}

async function pdfPages(bytes: Uint8Array, limits: OcrLimits): Promise<PageImages> {
  const { getDocumentProxy, renderPageAsImage } = await import('unpdf');
  // PDF.js takes ownership of (and may detach) the buffer it is given, so it gets a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  const read = Math.min(document.numPages, limits.maxPages);
  async function* pages(): AsyncIterable<Uint8Array> {
    try {
      for (let number = 1; number <= read; number += 1) {
        const page = await document.getPage(number);
        // A page with a text layer was read at import; only pages that are pictures of text are left for OCR.
        const content = await page.getTextContent();
        if (content.items.some((item) => 'str' in item && item.str.trim() !== '')) continue;
        const { width, height } = page.getViewport({ scale: 1 });
        const scale = Math.min(PDF_SCALE, Math.sqrt(limits.maxPixels / Math.max(1, width * height)));
        yield new Uint8Array(await renderPageAsImage(document, number, { scale, canvasImport: () => import('@napi-rs/canvas') }));
      }
    } finally {
      await document.destroy();
    }
  }
  return { pages: pages(), pageCount: read, note: unreadPagesNote(document.numPages, limits) };
}

/** The attachment's pages to read, or why it is skipped; throws only when the file cannot be opened at all. */
export function pageImagesOf(kind: OcrKind, bytes: Uint8Array, limits: OcrLimits): Promise<PageImages> {
  if (bytes.length > limits.maxBytes)
    return Promise.resolve({ skipped: `skipped: ${Math.round(bytes.length / 1024 / 1024)} MB is over the limit for reading text` });
  return kind === 'image' ? imagePages(bytes, limits) : pdfPages(bytes, limits);
}
