// Reads the text layer of a PDF with unpdf (PDF.js built for servers, no worker, no eval).
import type { ExtractorInput } from './extractorInput';

export async function pdfText({ bytes, signal }: ExtractorInput): Promise<string> {
  const { getDocumentProxy, extractText } = await import('unpdf');
  // PDF.js takes ownership of (and may detach) the buffer it is given, so it gets a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  const destroy = (): void => void document.destroy();
  signal.addEventListener('abort', destroy, { once: true });
  try {
    const { text } = await extractText(document, { mergePages: true });
    if (text.trim() === '') throw new Error('it has no text layer (scanned pages are not read)');
    return text;
  } finally {
    signal.removeEventListener('abort', destroy);
    await document.destroy();
  }
}
