// The gallery's page: each attachment of every message a query matches, newest mail first, with whether its text matches.
import type { GalleryItem, GalleryPage, GalleryRequest } from '../../shared/model/gallery';
import { foldText, words } from '../index/fold';
import { decodeAttachmentTexts } from '../store/messageRecord';
import type { SearchContext } from '../search/searchContext';
import { attachmentKind } from './attachmentKind';
import { matchingMessages } from './matchingMessages';
import { canThumbnail } from './thumbnail';

const DEFAULT_PAGE = 60;
const MAX_PAGE = 500;

/** Whether any query word is in the folded text, as a whole word's start (the keyword index's own folding). */
export function holdsAnyWord(text: string, queryWords: readonly string[]): boolean {
  if (queryWords.length === 0 || text === '') return false;
  const folded = foldText(text);
  return queryWords.some((word) => new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(folded));
}

export async function listAttachments(request: GalleryRequest, context: SearchContext): Promise<GalleryPage> {
  const started = performance.now();
  const { catalog } = context;
  const { ordinals, highlightTerms } = await matchingMessages(request.query, request.mode ?? 'auto', context, request.isTyping);
  const all: { ordinal: number; index: number }[] = [];
  for (const ordinal of ordinals) catalog.attachments(ordinal).forEach((_, index) => all.push({ ordinal, index }));
  const offset = Math.max(0, request.offset ?? 0);
  const limit = Math.min(MAX_PAGE, Math.max(1, request.limit ?? DEFAULT_PAGE));
  const page = all.slice(offset, offset + limit);
  const queryWords = [...new Set(highlightTerms.flatMap((term) => words(term)))];
  const pageIds = [...new Set(page.map(({ ordinal }) => catalog.id(ordinal)))];
  const texts = new Map(
    queryWords.length === 0
      ? []
      : (await context.store.getColumns(pageIds, ['id', 'attachmentTextJson'])).map((row) => [
          row.id,
          decodeAttachmentTexts(row.attachmentTextJson),
        ]),
  );
  const items = page.map(({ ordinal, index }): GalleryItem => {
    const attachment = catalog.attachments(ordinal)[index]!;
    const kind = attachmentKind(attachment.filename, attachment.contentType);
    const sender = catalog.sender(ordinal);
    const text = texts.get(catalog.id(ordinal))?.find((item) => item.filename === attachment.filename)?.text ?? '';
    const isKept = Boolean(attachment.contentHash) && !attachment.notStored;
    return {
      ref: { messageId: catalog.id(ordinal), index },
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.size,
      kind,
      from: sender,
      date: new Date(catalog.dates[ordinal]!).toISOString(),
      subject: catalog.subject(ordinal),
      isMatch: holdsAnyWord(attachment.filename, queryWords) || holdsAnyWord(text, queryWords),
      canPreview: isKept && kind !== 'program',
      hasThumbnail: isKept && canThumbnail(kind, attachment.size),
    };
  });
  return { query: request.query, total: all.length, items, tookMs: Math.round(performance.now() - started) };
}
