// Opens one message for reading: the full record with its HTML sanitised.
// sanitize-html is loaded by the first message opened, not by the engine's start (every command waited for it).
import type { IOptions } from 'sanitize-html';
import type { MessageDetail } from '../../shared/model/message';
import type { Catalog } from '../index/catalog';
import { listedEntryOf, recipients } from '../index/catalogEntry';
import { decodeAttachmentTexts, decodeHeaders } from '../store/messageRecord';
import type { MessageStore } from '../store/messageStore';
import { toSummary } from '../search/toSummary';

/** Mail HTML keeps its layout but loses scripts, handlers, forms and frames; remote images are blocked later by the viewer. */
const sanitizeOptions = (defaultTags: string[]): IOptions => ({
  allowedTags: defaultTags.concat(['img', 'center', 'font', 'span', 'style', 'h1', 'h2', 'u', 's']),
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'color', 'dir', 'lang', 'title', 'class'],
    a: ['href', 'name', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['face', 'size', 'color'],
    td: ['colspan', 'rowspan', 'style', 'align', 'valign', 'width', 'bgcolor'],
    th: ['colspan', 'rowspan', 'style', 'align', 'valign', 'width', 'bgcolor'],
    table: ['border', 'cellpadding', 'cellspacing', 'width', 'bgcolor', 'style', 'align'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'cid', 'data'],
  allowVulnerableTags: true,
});

/** Enough for reading and for an assistant; the index has all of it. */
const MAX_ATTACHMENT_TEXT = 20_000;

export async function readMessage(id: string, catalog: Catalog, store: MessageStore): Promise<MessageDetail | null> {
  const ordinal = catalog.ordinalOf(id);
  if (ordinal === undefined) return null;
  const [record] = await store.get([id]);
  if (!record) return null;
  const entry = listedEntryOf(catalog, ordinal);
  const { default: sanitizeHtml } = await import('sanitize-html');
  return {
    ...toSummary(entry, record.snippet),
    bcc: recipients(entry, 'bcc'),
    text: record.text,
    html: record.html ? sanitizeHtml(record.html, sanitizeOptions(sanitizeHtml.defaults.allowedTags)) : null,
    headers: decodeHeaders(record.headersJson),
    origin: { sourceId: record.sourceId, file: record.sourceFile, offset: record.sourceOffset },
    attachmentTexts: decodeAttachmentTexts(record.attachmentTextJson).map((item) => ({
      ...item,
      text: item.text.slice(0, MAX_ATTACHMENT_TEXT),
    })),
  };
}
