// What the reading pane shows for one attachment: the picture, a PDF page drawn in the engine, or the text read from it.
import { readFile } from 'node:fs/promises';
import { LanternError } from '../../shared/contract/errors';
import { errorMessage } from '../../shared/errorMessage';
import { executableRefusal } from '../../shared/attachments/executableAttachment';
import type { AttachmentPreview, PreviewRequest } from '../../shared/model/gallery';
import { parseQuery } from '../../shared/query/parse';
import type { Catalog } from '../index/catalog';
import { words } from '../index/fold';
import { highlightRanges } from '../search/snippetHighlights';
import { attachmentFile } from '../store/attachmentFile';
import type { AttachmentText } from '../../shared/model/message';
import { decodeAttachmentTexts } from '../store/messageRecord';
import type { MessageStore } from '../store/messageStore';
import { attachmentKind, imageType } from './attachmentKind';
import { drawPage, openPdf, wordMarks } from './pdfPages';
import { imageSize } from './imageSize';
import { scaledImage } from './scaledImage';

/** Pictures up to this size are sent as they are; larger ones are drawn smaller first. */
const MAX_UNSCALED_IMAGE_BYTES = 8 * 1024 * 1024;
/** The longest side of a scaled picture: sharp in a reading pane on a large screen. */
const PREVIEW_IMAGE_SIZE = 2000;
/** A page is drawn this wide: sharp at the pane's width on a sharp screen, about 200 KB of PNG. */
const PAGE_WIDTH = 1200;
/** Pages read for "which pages hold a match": a long PDF's later pages are still reached by paging. */
const MAX_PAGES_SEARCHED = 300;
const MAX_PDF_BYTES = 100 * 1024 * 1024;

interface PreviewContext {
  dataDir: string;
  catalog: Catalog;
  store: MessageStore;
  timeZone: string;
}

function queryWords(query: string, timeZone: string): { terms: string[]; words: string[] } {
  if (query.trim() === '') return { terms: [], words: [] };
  const terms = parseQuery(query, { timeZone }).terms.highlightTerms;
  return { terms, words: [...new Set(terms.flatMap((term) => words(term)))] };
}

async function storedText(ref: PreviewRequest['ref'], filename: string, store: MessageStore): Promise<AttachmentText> {
  const [row] = await store.getColumns([ref.messageId], ['attachmentTextJson']);
  const texts = row ? decodeAttachmentTexts(row.attachmentTextJson) : [];
  return texts.find((item) => item.filename === filename) ?? { filename, text: '' };
}

export async function previewAttachment(request: PreviewRequest, context: PreviewContext): Promise<AttachmentPreview> {
  const { ref } = request;
  const file = await attachmentFile(ref, context.dataDir, context.catalog, context.store);
  const kind = attachmentKind(file.filename, file.contentType);
  if (kind === 'program') throw new LanternError('bad-request', `preview: ${executableRefusal(file.filename)}`);
  const base = { ref, filename: file.filename, contentType: file.contentType, size: file.size };
  const wanted = queryWords(request.query, context.timeZone);
  const stored = await storedText(ref, file.filename, context.store);
  const imageText =
    stored.source === 'ocr' && stored.text !== '' ? { text: stored.text, highlights: highlightRanges(stored.text, wanted.terms) } : null;
  if (kind === 'image') {
    const bytes = await readFile(file.path);
    const scaled = file.size > MAX_UNSCALED_IMAGE_BYTES ? await scaledImage(bytes, PREVIEW_IMAGE_SIZE, 'webp') : null;
    if (scaled)
      return {
        ...base,
        kind,
        dataUrl: `data:image/webp;base64,${scaled.bytes.toString('base64')}`,
        width: scaled.width,
        height: scaled.height,
        isScaled: true,
        imageText,
      };
    if (file.size > MAX_UNSCALED_IMAGE_BYTES)
      throw new LanternError('bad-request', `preview: “${file.filename}” is too large a picture to show here; save it and open it instead`);
    const size = imageSize(bytes);
    const type = imageType(file.filename, file.contentType);
    return {
      ...base,
      kind,
      dataUrl: `data:${type};base64,${bytes.toString('base64')}`,
      width: size?.width ?? 0,
      height: size?.height ?? 0,
      isScaled: false,
      imageText,
    };
  }
  if (kind === 'pdf' && file.size <= MAX_PDF_BYTES) {
    const pdf = await openPdf(await readFile(file.path)).catch((error: unknown) => {
      throw new LanternError('bad-request', `preview: “${file.filename}” is not a PDF that can be drawn (${errorMessage(error)})`);
    });
    try {
      const matchPages: number[] = [];
      for (let number = 1; number <= Math.min(pdf.pageCount, MAX_PAGES_SEARCHED) && wanted.words.length > 0; number += 1) {
        if ((await wordMarks(await pdf.page(number), wanted.words)).length > 0) matchPages.push(number);
      }
      const pageNumber = Math.min(Math.max(1, request.page ?? matchPages[0] ?? 1), pdf.pageCount);
      const page = await pdf.page(pageNumber);
      const drawn = await drawPage(page, PAGE_WIDTH, 'png');
      return {
        ...base,
        kind: 'pdf',
        page: pageNumber,
        pageCount: pdf.pageCount,
        dataUrl: `data:image/png;base64,${drawn.image.toString('base64')}`,
        width: drawn.width,
        height: drawn.height,
        marks: await wordMarks(page, wanted.words),
        matchPages,
        imageText,
      };
    } finally {
      await pdf.close();
    }
  }
  const note =
    stored.text === ''
      ? stored.error
        ? `No text could be read from it: ${stored.error}`
        : 'No text was read from this file at import.'
      : null;
  return {
    ...base,
    kind: 'text',
    text: stored.text,
    highlights: highlightRanges(stored.text, wanted.terms),
    isReadByOcr: stored.source === 'ocr',
    note,
  };
}
