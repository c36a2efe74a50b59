// Draws a picture no larger than a given size with @napi-rs/canvas, refusing one whose header states too many pixels.
import { imageSize } from './imageSize';

/** About a 60-megapixel photo: decoding more takes over 240 MB of memory, for a picture shown a few hundred pixels wide. */
export const MAX_DECODED_PIXELS = 60_000_000;

/** The picture scaled to fit `longestSide` (never enlarged), or null when its header is unreadable or states too many pixels. */
export async function scaledImage(
  bytes: Buffer,
  longestSide: number,
  format: 'webp' | 'png',
): Promise<{ bytes: Buffer; width: number; height: number } | null> {
  const stated = imageSize(bytes);
  if (!stated || stated.width * stated.height > MAX_DECODED_PIXELS || stated.width === 0 || stated.height === 0) return null;
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(bytes);
  const scale = Math.min(1, longestSide / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0, width, height);
  return { bytes: format === 'webp' ? await canvas.encode('webp', 80) : await canvas.encode('png'), width, height };
}
