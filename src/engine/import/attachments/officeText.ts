// Reads PowerPoint (.pptx), OpenDocument (.odt, .ods, .odp) and RTF text with officeparser, from the bytes in memory.
import type { ExtractorInput } from './extractorInput';
import type { OfficeFormat } from './textFormat';

export async function officeText({ bytes, signal }: ExtractorInput, format: OfficeFormat): Promise<string> {
  const { parseOffice } = await import('officeparser');
  const document = await parseOffice(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    fileType: format,
    abortSignal: signal,
    ocr: false,
    extractAttachments: false,
    ignoreNotes: false,
  });
  return document.toText();
}
