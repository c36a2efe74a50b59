// The searchable text of a TNEF stream: its files' text, each under its name, else its message body.
import { convert } from 'html-to-text';
import { decompressRtf } from './compressedRtf';
import type { ExtractAttachmentText, ExtractorInput } from './extractorInput';
import { officeText } from './officeText';
import { readTnef, type TnefContents } from './tnef';

/** The body Outlook wrote, as text: plain if given, else HTML, else compressed RTF. */
export async function tnefBodyText(contents: TnefContents, input: ExtractorInput): Promise<string> {
  if (contents.bodyText.trim() !== '') return contents.bodyText;
  if (contents.bodyHtml.trim() !== '')
    return convert(contents.bodyHtml, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] });
  if (contents.bodyCompressedRtf) return officeText({ ...input, bytes: decompressRtf(contents.bodyCompressedRtf) }, 'rtf');
  return '';
}

/** Used for TNEF inside TNEF (embedded messages); the top-level winmail.dat is unpacked into listed files instead. */
export async function tnefText(input: ExtractorInput, extract: ExtractAttachmentText): Promise<string> {
  const contents = readTnef(input.bytes);
  const parts = [await tnefBodyText(contents, input)];
  for (const file of contents.files) {
    const result = await extract(file.filename, file.contentType, file.bytes, { ...input.limits, depth: input.limits.depth + 1 });
    if (result && result.text !== '') parts.push(`${file.filename}\n${result.text}`);
  }
  return parts.filter((part) => part.trim() !== '').join('\n\n');
}
