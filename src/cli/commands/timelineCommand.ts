// `lantern timeline "<query>"`: a search's matches by day, month or year, and its facets, as text or --json.
import type { SearchMode, SortOrder } from '../../shared/model/search';
import { openCliEngine } from '../openCliEngine';
import { printJson, printText } from '../output';
import { UsageError } from '../usage';
import { MODES, SORTS } from './queryCommands';
import { timelineText } from './timelineText';

export interface TimelineFlags {
  sort?: string;
  mode?: string;
}

export async function runTimeline(query: string | undefined, flags: TimelineFlags, dataDir: string, json: boolean): Promise<number> {
  if (query === undefined) throw new UsageError('lantern timeline: give a query, e.g. lantern timeline "from:alice" (or "" for all mail)');
  if (flags.sort !== undefined && !SORTS.includes(flags.sort as SortOrder))
    throw new UsageError(`lantern timeline: --sort must be relevance or date, not "${flags.sort}"`);
  if (flags.mode !== undefined && !MODES.includes(flags.mode as SearchMode))
    throw new UsageError(`lantern timeline: --mode must be one of ${MODES.join(', ')}, not "${flags.mode}"`);
  const engine = await openCliEngine(dataDir, { access: 'read' });
  try {
    const timeline = await engine.timeline({
      query,
      sort: flags.sort as SortOrder | undefined,
      mode: (flags.mode as SearchMode | undefined) ?? 'auto',
    });
    if (json) printJson(timeline);
    else printText(timelineText(timeline));
    return 0;
  } finally {
    await engine.close();
  }
}
