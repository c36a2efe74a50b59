// `lantern attachments "<query>"`: the attachments of every message a query matches (the gallery), as text or --json.
import type { GalleryPage } from '../../shared/model/gallery';
import type { SearchMode } from '../../shared/model/search';
import { openCliEngine } from '../openCliEngine';
import { printJson, printText } from '../output';
import { UsageError } from '../usage';

const MODES: readonly SearchMode[] = ['keyword', 'semantic', 'hybrid', 'rerank', 'hyde', 'auto'];

export interface AttachmentsFlags {
  mode?: string;
  limit?: string;
  offset?: string;
}

function whole(name: string, value: string | undefined, least: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < least)
    throw new UsageError(`lantern attachments: --${name} must be a whole number from ${least}, not "${value}"`);
  return Number(value);
}

function galleryText(page: GalleryPage, offset: number): string {
  if (page.total === 0) return 'No attachments: no message the query matches has any.';
  const lines = page.items.map((item) => {
    const match = item.isMatch ? ' [match]' : '';
    const sender = item.from.name || item.from.address;
    return `${item.date.slice(0, 10)}  ${item.filename} (${item.kind}, ${item.size.toLocaleString('en')} bytes)${match}  from ${sender}  ${item.ref.messageId} ${item.ref.index}`;
  });
  const shown = page.items.length === 0 ? 'none' : `${offset + 1}–${offset + page.items.length}`;
  return [`${page.total.toLocaleString('en')} attachments (showing ${shown}):`, ...lines].join('\n');
}

export async function runAttachments(query: string | undefined, flags: AttachmentsFlags, dataDir: string, json: boolean): Promise<number> {
  if (query === undefined)
    throw new UsageError('lantern attachments: give a query, e.g. lantern attachments "has:pdf from:alice" (or "" for all mail)');
  if (flags.mode !== undefined && !MODES.includes(flags.mode as SearchMode))
    throw new UsageError(`lantern attachments: --mode must be one of ${MODES.join(', ')}, not "${flags.mode}"`);
  const limit = whole('limit', flags.limit, 1);
  const offset = whole('offset', flags.offset, 0) ?? 0;
  const engine = await openCliEngine(dataDir, { access: 'read' });
  try {
    const page = await engine.listAttachments({
      query,
      mode: (flags.mode as SearchMode | undefined) ?? 'auto',
      offset,
      ...(limit ? { limit } : {}),
    });
    if (json) printJson(page);
    else printText(galleryText(page, offset));
    return 0;
  } finally {
    await engine.close();
  }
}
