// Thumbnails for the gallery: a picture scaled down, a PDF's first page; made once on demand and kept in the data folder.
import { nodeCrypto } from '../nodeCrypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorMessage } from '../../shared/errorMessage';
import type { AttachmentRef } from '../../shared/model/attachment';
import type { AttachmentKind } from '../../shared/model/gallery';
import type { Catalog } from '../index/catalog';
import { attachmentFile } from '../store/attachmentFile';
import type { MessageStore } from '../store/messageStore';
import { attachmentKind } from './attachmentKind';
import { drawPage, openPdf } from './pdfPages';
import { scaledImage } from './scaledImage';

/** The longest side of a thumbnail, in pixels: twice a card's, for sharp screens. */
export const THUMBNAIL_SIZE = 240;
/** Larger files get an icon: reading them for a 240-pixel picture would stall the engine for every card. */
export const MAX_THUMBNAIL_IMAGE_BYTES = 40 * 1024 * 1024;
export const MAX_THUMBNAIL_PDF_BYTES = 60 * 1024 * 1024;
/** The folder in the data folder; its files can be deleted at any time and are made again. */
export const THUMBNAIL_FOLDER = 'thumbnails';

export function canThumbnail(kind: AttachmentKind, size: number): boolean {
  return (kind === 'image' && size <= MAX_THUMBNAIL_IMAGE_BYTES) || (kind === 'pdf' && size <= MAX_THUMBNAIL_PDF_BYTES);
}

async function makeThumbnail(kind: AttachmentKind, bytes: Buffer): Promise<Buffer | null> {
  if (kind === 'image') return (await scaledImage(bytes, THUMBNAIL_SIZE, 'webp'))?.bytes ?? null;
  const pdf = await openPdf(bytes);
  try {
    const page = await pdf.page(1);
    const { width, height } = page.getViewport({ scale: 1 });
    // A landscape page is fitted by its width, a portrait one by its height.
    const drawn = await drawPage(page, width >= height ? THUMBNAIL_SIZE : (THUMBNAIL_SIZE * width) / height, 'webp');
    return drawn.image;
  } finally {
    await pdf.close();
  }
}

async function readCached(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

async function keep(folder: string, path: string, bytes: Buffer): Promise<void> {
  await mkdir(folder, { recursive: true });
  const temporary = join(folder, `.${nodeCrypto().randomBytes(6).toString('hex')}.partial`);
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * A WebP data URL no larger than THUMBNAIL_SIZE on either side, or null when the attachment gets an icon (not a picture
 * or PDF, a program, too large, a picture whose header states too many pixels, a PDF PDF.js cannot draw). Kept under
 * the attachment's hash, so mail sharing a file shares its thumbnail.
 */
export async function attachmentThumbnail(
  ref: AttachmentRef,
  dataDir: string,
  catalog: Catalog,
  store: MessageStore,
): Promise<string | null> {
  const file = await attachmentFile(ref, dataDir, catalog, store);
  const kind = attachmentKind(file.filename, file.contentType);
  if (!canThumbnail(kind, file.size)) return null;
  const folder = join(dataDir, THUMBNAIL_FOLDER);
  const hash = catalog.attachments(catalog.ordinalOf(ref.messageId)!)[ref.index]!.contentHash!;
  const path = join(folder, `${hash}-${THUMBNAIL_SIZE}.webp`);
  let thumbnail = await readCached(path);
  if (!thumbnail) {
    try {
      thumbnail = await makeThumbnail(kind, await readFile(file.path));
    } catch (error) {
      // A damaged picture or PDF gets its icon, as one too large does; the preview says what is wrong with it.
      console.warn(`thumbnail: “${file.filename}” could not be drawn (${errorMessage(error)})`);
      return null;
    }
    if (!thumbnail) return null;
    await keep(folder, path, thumbnail);
  }
  return `data:image/webp;base64,${thumbnail.toString('base64')}`;
}
