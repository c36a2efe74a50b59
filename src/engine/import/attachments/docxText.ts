// Reads the text of a Word (.docx) document with mammoth.
import type { ExtractorInput } from './extractorInput';

export async function docxText({ bytes }: ExtractorInput): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  return result.value;
}
