// A PDF's pages drawn by PDF.js in the engine (never in the window), and where the query's words sit on each page.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageMark } from '../../shared/model/gallery';
import { foldText } from '../index/fold';

type PdfDocument = Awaited<ReturnType<(typeof PdfJs)['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** PDF.js reads the 14 standard fonts (Helvetica, Times …) from its own package; without them their text is not drawn. */
function standardFontFolder(): string {
  return `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
}

export interface OpenedPdf {
  pageCount: number;
  page(number: number): Promise<PdfPage>;
  close(): Promise<void>;
}

/** Opens a PDF from its bytes (copied: PDF.js may detach the buffer it is given); no eval, no fetching. */
export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    standardFontDataUrl: standardFontFolder(),
    useSystemFonts: false,
  }).promise;
  return { pageCount: document.numPages, page: (number) => document.getPage(number), close: () => document.destroy() };
}

/** Draws one page `width` pixels wide. */
export async function drawPage(
  page: PdfPage,
  width: number,
  format: 'png' | 'webp',
): Promise<{ image: Buffer; width: number; height: number }> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  // A PDF without a background of its own is drawn on white paper, as a viewer shows it.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // PDF.js's types name the DOM's canvas; in Node it draws on @napi-rs/canvas's, which has the same methods.
  const target = { canvas, canvasContext: context, viewport } as unknown as Parameters<PdfPage['render']>[0];
  await page.render(target).promise;
  const image = format === 'webp' ? await canvas.encode('webp', 80) : await canvas.encode('png');
  return { image, width: canvas.width, height: canvas.height };
}

interface TextItem {
  str: string;
  width: number;
  height: number;
  transform: number[];
}

function isTextItem(item: object): item is TextItem {
  return 'str' in item && 'transform' in item;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Boxes around each query word on the page, as fractions of the page: the part of each text run the word takes, by
 * its share of the run's characters (PDF.js gives a run's width, not each glyph's), which is close for running text.
 */
export async function wordMarks(page: PdfPage, queryWords: readonly string[]): Promise<PageMark[]> {
  if (queryWords.length === 0) return [];
  const viewport = page.getViewport({ scale: 1 });
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${queryWords.map(escapeRegExp).join('|')})`, 'gu');
  const content = await page.getTextContent();
  const marks: PageMark[] = [];
  for (const item of content.items) {
    if (!isTextItem(item) || item.str.trim() === '') continue;
    const folded = foldText(item.str);
    // Folding can change a run's length (ß → ss); then the shares are off, so mark the whole run.
    const isAligned = folded.length === item.str.length;
    const [, , , fontHeight = item.height, x = 0, y = 0] = item.transform;
    const height = Math.abs(fontHeight) || item.height;
    for (const match of folded.matchAll(pattern)) {
      const start = isAligned ? match.index / item.str.length : 0;
      const share = isAligned ? match[0].length / item.str.length : 1;
      const [left, top] = viewport.convertToViewportPoint(x + item.width * start, y + height);
      marks.push({
        left: left / viewport.width,
        top: top / viewport.height,
        width: (item.width * share) / viewport.width,
        height: (height * 1.2) / viewport.height,
      });
    }
  }
  return marks;
}
