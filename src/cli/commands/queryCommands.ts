// `lantern search|show|folders|stats|embed`: read the store (embed also writes vectors) and print.
import type { SearchMode, SortOrder } from '../../shared/model/search';
import { MAX_PAGE_SIZE, MAX_QUERY_LENGTH } from '../../shared/contract/apiLimits';
import { openCliEngine, openUnroutedCliEngine } from '../openCliEngine';
import { printEmbedding, printFolders, printJson, printMessage, printSearch, printStats } from '../output';
import { progressPrinter } from '../progress';
import { UsageError } from '../usage';

export const SORTS: readonly SortOrder[] = ['relevance', 'date'];
export const MODES: readonly SearchMode[] = ['keyword', 'semantic', 'hybrid', 'rerank', 'hyde', 'auto'];

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`lantern search: --${name} must be a whole number, not "${value}"`);
  return Number(value);
}

export interface SearchFlags {
  limit?: string;
  offset?: string;
  sort?: string;
  mode?: string;
  similar?: boolean;
}

export async function runSearch(query: string | undefined, flags: SearchFlags, dataDir: string, json: boolean): Promise<number> {
  if (query === undefined) throw new UsageError('lantern search: give a query, e.g. lantern search "from:alice budget"');
  // The router's bounds, checked here: the search is called without the router (see openUnroutedCliEngine).
  if (query.length > MAX_QUERY_LENGTH) throw new UsageError(`lantern search: the query is longer than ${MAX_QUERY_LENGTH} characters`);
  const limit = wholeNumber('limit', flags.limit, 20);
  if (limit < 1 || limit > MAX_PAGE_SIZE) throw new UsageError(`lantern search: --limit must be from 1 to ${MAX_PAGE_SIZE}, not ${limit}`);
  const offset = wholeNumber('offset', flags.offset, 0);
  if (flags.sort !== undefined && !SORTS.includes(flags.sort as SortOrder))
    throw new UsageError(`lantern search: --sort must be relevance or date, not "${flags.sort}"`);
  if (flags.mode !== undefined && !MODES.includes(flags.mode as SearchMode))
    throw new UsageError(`lantern search: --mode must be one of ${MODES.join(', ')}, not "${flags.mode}"`);
  const engine = await openUnroutedCliEngine(dataDir, { access: 'read' });
  try {
    const result = await engine.search({
      query,
      limit,
      offset,
      sort: flags.sort as SortOrder | undefined,
      mode: (flags.mode as SearchMode | undefined) ?? 'auto',
      ...(flags.similar ? { similar: true } : {}),
    });
    if (json) printJson(result);
    else printSearch(result);
    return 0;
  } finally {
    await engine.close();
  }
}

export async function runShow(id: string | undefined, dataDir: string, json: boolean): Promise<number> {
  if (!id) throw new UsageError('lantern show: give a message id (from lantern search)');
  const engine = await openCliEngine(dataDir, { access: 'read' });
  try {
    const message = await engine.getMessage(id);
    if (!message) throw new UsageError(`lantern show: no message with id ${id}`);
    if (json) printJson(message);
    else printMessage(message);
    return 0;
  } finally {
    await engine.close();
  }
}

export async function runListing(what: 'folders' | 'stats' | 'embed', dataDir: string, json: boolean): Promise<number> {
  const engine = await openCliEngine(dataDir, { access: what === 'embed' ? 'write' : 'read' });
  try {
    switch (what) {
      case 'folders': {
        const folders = await engine.listFolders();
        if (json) printJson(folders);
        else printFolders(folders);
        return 0;
      }
      case 'stats': {
        const stats = await engine.getStats();
        if (json) printJson(stats);
        else printStats(stats);
        return 0;
      }
      case 'embed': {
        const progress = progressPrinter();
        const unsubscribe = !json || process.stderr.isTTY ? engine.subscribe(progress.onEvent) : () => {};
        const report = await engine.embed();
        unsubscribe();
        progress.finish();
        if (json) printJson(report);
        else printEmbedding(report);
        return 0;
      }
    }
  } finally {
    await engine.close();
  }
}
