// Decides how to read an attachment's text: by its leading bytes first, then its content type, then its file name.
import { contentTypeFromMagic, extensionOf } from './contentType';

export type OfficeFormat = 'pptx' | 'odt' | 'ods' | 'odp' | 'rtf';

export type TextFormat =
  | { kind: 'pdf' }
  | { kind: 'docx' }
  | { kind: 'xlsx' }
  | { kind: 'office'; format: OfficeFormat }
  | { kind: 'html' }
  | { kind: 'text' }
  | { kind: 'tnef' }
  /** Word, Excel and PowerPoint 97-2003 files: no maintained reader for them is installed. */
  | { kind: 'legacyOffice' }
  /** A mail attached to a mail (message/rfc822, .eml), or an Outlook item (.msg). */
  | { kind: 'message' }
  | { kind: 'outlookItem' };

const ZIP_FORMATS: Record<string, TextFormat> = {
  docx: { kind: 'docx' },
  docm: { kind: 'docx' },
  xlsx: { kind: 'xlsx' },
  xlsm: { kind: 'xlsx' },
  pptx: { kind: 'office', format: 'pptx' },
  odt: { kind: 'office', format: 'odt' },
  ods: { kind: 'office', format: 'ods' },
  odp: { kind: 'office', format: 'odp' },
};

const TYPE_FORMATS: [RegExp, TextFormat][] = [
  [/^application\/pdf$/, { kind: 'pdf' }],
  [/wordprocessingml\.document/, { kind: 'docx' }],
  [/spreadsheetml\.sheet/, { kind: 'xlsx' }],
  [/presentationml\.presentation/, { kind: 'office', format: 'pptx' }],
  [/opendocument\.text$/, { kind: 'office', format: 'odt' }],
  [/opendocument\.spreadsheet$/, { kind: 'office', format: 'ods' }],
  [/opendocument\.presentation$/, { kind: 'office', format: 'odp' }],
  [/^(application|text)\/rtf$/, { kind: 'office', format: 'rtf' }],
  [/^application\/(vnd\.)?ms-tnef$/, { kind: 'tnef' }],
  [/^message\/(rfc822|global)$/, { kind: 'message' }],
  [/^application\/(msword|vnd\.ms-excel|vnd\.ms-powerpoint)$/, { kind: 'legacyOffice' }],
  [/^(text\/html|application\/xhtml\+xml)$/, { kind: 'html' }],
  [/^text\/(plain|csv|tab-separated-values|markdown|x-markdown)$/, { kind: 'text' }],
];

const EXTENSION_FORMATS: Record<string, TextFormat> = {
  ...ZIP_FORMATS,
  pdf: { kind: 'pdf' },
  rtf: { kind: 'office', format: 'rtf' },
  htm: { kind: 'html' },
  html: { kind: 'html' },
  txt: { kind: 'text' },
  csv: { kind: 'text' },
  tsv: { kind: 'text' },
  md: { kind: 'text' },
  log: { kind: 'text' },
  eml: { kind: 'message' },
  doc: { kind: 'legacyOffice' },
  xls: { kind: 'legacyOffice' },
  ppt: { kind: 'legacyOffice' },
};

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function isZipBased(format: TextFormat): boolean {
  return format.kind === 'docx' || format.kind === 'xlsx' || (format.kind === 'office' && format.format !== 'rtf');
}

/** Office files inside a zip name their main part in the local headers, which are plain text in the stream. */
function zipFormatOf(bytes: Uint8Array): TextFormat | null {
  const names = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 1 << 20)));
  if (names.includes('word/document.xml')) return { kind: 'docx' };
  if (names.includes('xl/workbook.xml')) return { kind: 'xlsx' };
  if (names.includes('ppt/presentation.xml')) return { kind: 'office', format: 'pptx' };
  const odf = /mimetypeapplication\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)(?!-)/.exec(names.slice(0, 200));
  if (odf) return { kind: 'office', format: odf[1] === 'text' ? 'odt' : odf[1] === 'spreadsheet' ? 'ods' : 'odp' };
  return null;
}

/** How to read the attachment's text, or null when it is a kind with no text we read (images, archives, audio). */
export function textFormatOf(filename: string, contentType: string, bytes: Uint8Array): TextFormat | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const extension = extensionOf(filename);
  const magic = contentTypeFromMagic(bytes);
  if (magic === 'application/pdf') return { kind: 'pdf' };
  if (magic === 'application/ms-tnef') return { kind: 'tnef' };
  if (magic === 'application/rtf') return { kind: 'office', format: 'rtf' };
  if (magic !== '') return null;
  if (OLE_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    if (extension === 'msg' || /ms-outlook/.test(type)) return { kind: 'outlookItem' };
    return /^(doc|xls|ppt|dot|xlt|pot)$/.test(extension) || /ms-?(word|excel|powerpoint)/.test(type) ? { kind: 'legacyOffice' } : null;
  }
  const byType = TYPE_FORMATS.find(([pattern]) => pattern.test(type))?.[1] ?? null;
  if (isZip(bytes)) return ZIP_FORMATS[extension] ?? zipFormatOf(bytes) ?? (byType && isZipBased(byType) ? byType : null);
  if (filename.trim().toLowerCase() === 'winmail.dat') return { kind: 'tnef' };
  // A file that claims a format but does not look like it is still handed to that reader, whose error is then noted.
  return byType ?? EXTENSION_FORMATS[extension] ?? null;
}
