// Reads the text of one attachment for search: picks a reader by format, caps size, time and length, and never throws.
import { assertNever } from '../../../shared/assertNever';
import { decodeText } from './decodeText';
import { docxText } from './docxText';
import { htmlText } from './htmlText';
import { mailText, outlookItemText } from './mailText';
import { officeText } from './officeText';
import { pdfText } from './pdfText';
import { textFormatOf, type TextFormat } from './textFormat';
import { tnefText } from './tnefText';
import { withTimeLimit } from './withTimeLimit';
import { xlsxText } from './xlsxText';
import { zipBombProblem } from './zipBomb';
import { errorMessage } from '../../../shared/errorMessage';
import type { ExtractedText, ExtractionLimits, ExtractorInput } from './extractorInput';

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = { maxBytes: 25 * 1024 * 1024, maxChars: 200_000, timeoutMs: 10_000, depth: 0 };

/** TNEF inside TNEF (forwarded Outlook mail) is opened this many levels deep. */
const MAX_TNEF_DEPTH = 3;

const FORMAT_NAMES: Record<TextFormat['kind'], string> = {
  pdf: 'PDF',
  docx: 'Word document',
  xlsx: 'Excel workbook',
  office: 'document',
  html: 'HTML file',
  text: 'text file',
  tnef: 'Outlook winmail.dat (TNEF)',
  legacyOffice: 'Office 97-2003 file',
  message: 'attached mail',
  outlookItem: 'attached Outlook item',
};

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

function formatName(format: TextFormat): string {
  return format.kind === 'office' ? `${format.format.toUpperCase()} document` : FORMAT_NAMES[format.kind];
}

/** Line ends made uniform, control characters and runs of blank lines dropped. */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(?![\n\t])\p{Cc}/gu, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function read(format: TextFormat, input: ExtractorInput): Promise<string> {
  switch (format.kind) {
    case 'pdf':
      return pdfText(input);
    case 'docx':
      return docxText(input);
    case 'xlsx':
      return xlsxText(input);
    case 'office':
      return officeText(input, format.format);
    case 'html':
      return htmlText(input);
    case 'text':
      return Promise.resolve(decodeText(input.bytes, input.contentType));
    case 'tnef':
      return tnefText(input, extractAttachmentText);
    case 'message':
      return mailText(input.bytes);
    case 'outlookItem':
      return outlookItemText(input.bytes);
    case 'legacyOffice':
      return Promise.reject(
        new Error('this older binary format has no reader here; saved as .docx, .xlsx or .pptx it would be searchable'),
      );
    default:
      return assertNever(format);
  }
}

/**
 * The attachment's text, `{ text: '', error }` when it should have text but could not be read, or null when it is a
 * kind that has no text to read (images, archives, audio). Never throws.
 */
export async function extractAttachmentText(
  filename: string,
  contentType: string,
  bytes: Uint8Array,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): Promise<ExtractedText | null> {
  let format: TextFormat | null = null;
  try {
    format = textFormatOf(filename, contentType, bytes);
    if (!format) return null;
    if (bytes.length > limits.maxBytes)
      return { text: '', error: `not read: ${sizeText(bytes.length)} is over the ${sizeText(limits.maxBytes)} limit for attachment text` };
    if (format.kind === 'tnef' && limits.depth >= MAX_TNEF_DEPTH)
      return { text: '', error: `not read: TNEF nested more than ${MAX_TNEF_DEPTH} levels deep` };
    // Office readers inflate the whole zip in memory, so a bomb is stopped before them.
    const bomb = format.kind === 'docx' || format.kind === 'xlsx' || format.kind === 'office' ? await zipBombProblem(bytes) : null;
    if (bomb) return { text: '', error: `not read: ${bomb}` };
    const chosen = format;
    const text = await withTimeLimit(limits.timeoutMs, (signal) =>
      read(chosen, { bytes, contentType, maxChars: limits.maxChars, signal, limits }),
    );
    return { text: tidy(text.slice(0, limits.maxChars * 2)).slice(0, limits.maxChars) };
  } catch (error) {
    const reason = errorMessage(error);
    return { text: '', error: `${format ? formatName(format) : 'attachment'} could not be read: ${reason}` };
  }
}
