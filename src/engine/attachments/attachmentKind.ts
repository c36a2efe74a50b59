// Sorts an attachment into how it can be looked at, by the name a desktop would go by and the type the sender gave.
import { fileExtension, isExecutableAttachment } from '../../shared/attachments/executableAttachment';
import type { AttachmentKind } from '../../shared/model/gallery';

/** Pictures the browser draws itself; never SVG, which is a document that can hold scripts and links. */
const IMAGE_TYPES = new Map([
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['bmp', 'image/bmp'],
]);

/** Files whose text the import reads (see import/attachments): shown as that text. */
const DOCUMENT_EXTENSIONS = new Set(['doc', 'docx', 'odt', 'rtf', 'xls', 'xlsx', 'ods', 'ppt', 'pptx', 'odp', 'eml', 'msg']);
const TEXT_EXTENSIONS = new Set(['txt', 'text', 'csv', 'tsv', 'log', 'md', 'json', 'xml', 'html', 'htm', 'ics', 'vcf', 'patch', 'diff']);

function baseType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

export function attachmentKind(filename: string, contentType: string): AttachmentKind {
  if (isExecutableAttachment(filename, contentType)) return 'program';
  const extension = fileExtension(filename);
  const type = baseType(contentType);
  if (IMAGE_TYPES.has(extension) || [...IMAGE_TYPES.values()].includes(type)) return 'image';
  if (extension === 'pdf' || type === 'application/pdf') return 'pdf';
  if (DOCUMENT_EXTENSIONS.has(extension)) return 'document';
  if (TEXT_EXTENSIONS.has(extension) || type.startsWith('text/')) return 'text';
  return 'other';
}

/** The type to show an image under: from its name first, since senders often say application/octet-stream. */
export function imageType(filename: string, contentType: string): string {
  return IMAGE_TYPES.get(fileExtension(filename)) ?? baseType(contentType);
}
