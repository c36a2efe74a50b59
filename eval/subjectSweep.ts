// The pasted-subject sweep: every message of a slice searched by its own Subject line, in each mode, must come back in
// the first ten, or, where other mails share that subject, the first ten must be theirs as far as thread diversity lets
// them be (no conversation takes more than DEFAULT_HITS_PER_THREAD of the first ten: a reply in a 30-mail thread is found by its thread).
import type { Engine } from '../src/engine/api/engineTypes';
import type { SearchHit, SearchMode } from '../src/shared/model/search';
import { DEFAULT_HITS_PER_THREAD } from '../src/engine/search/rank';
import type { BaselineSearch } from './bm25Baseline';

const CUTOFF = 10;
/** Listing a slice's messages a page at a time: in:anywhere so Trash is listed too, newest first. */
const LISTING_PAGE = 1000;

export interface SubjectMiss {
  slice: string;
  mode: string;
  subject: string;
  messageId: string;
  /** How many mails share the subject (after Re:/Fwd: and list tags) and how many of those the first ten held. */
  sharing: number;
  found: number;
  /** What the search ran as and why, as the result said. */
  note: string | null;
}

export interface SubjectSweep {
  slice: string;
  mode: string;
  searched: number;
  /** Found, or its subject's mails fill the first ten as far as diversity lets them. */
  found: number;
  /** The mail itself (or a copy) in the first ten. */
  ownFound: number;
  meanMs: number;
}

export interface Listed {
  /** Our id, for getMessage. */
  id: string;
  messageId: string;
  threadId: string;
  copyMessageIds: string[];
  subject: string;
}

/** The subject a reply or forward shares with its original: no Re:/Fwd:/AW: prefixes or [list] tags, spaces collapsed. */
export function sharedSubject(subject: string): string {
  let rest = subject.replace(/\s+/g, ' ').trim().toLowerCase();
  for (let previous = ''; previous !== rest;) {
    previous = rest;
    rest = rest.replace(/^(?:(?:re|fwd?|aw|wg|sv|tr|antw)(?:\[\d+\])?\s*:\s*|\[[^\]]*\]\s*)/, '');
  }
  return rest;
}

/** Every message of the store (identical copies folded into one, their Message-IDs listed), newest first. */
export async function listMessages(engine: Engine): Promise<Listed[]> {
  const listed: Listed[] = [];
  for (let offset = 0; ; offset += LISTING_PAGE) {
    const page = await engine.search({ query: 'in:anywhere', mode: 'keyword', sort: 'date', limit: LISTING_PAGE, offset });
    for (const hit of page.hits)
      listed.push({
        id: hit.id,
        messageId: hit.messageId,
        threadId: hit.threadId,
        copyMessageIds: hit.copyMessageIds ?? [],
        subject: hit.subject,
      });
    if (page.hits.length < LISTING_PAGE) return listed;
  }
}

const idsOf = (hit: SearchHit): string[] => [hit.messageId, ...(hit.copyMessageIds ?? [])];

/** The first ten of one search as the Message-IDs of each hit (a hit and its copies), what it took and why it ran so. */
type SweepSearch = (query: string) => Promise<{ hits: string[][]; tookMs: number; note: string | null }>;

/** Searches every listed message's subject in each mode (and with the BM25 baseline when given); returns the share found per mode and every miss. */
export async function sweepSubjects(
  engine: Engine,
  slice: string,
  modes: readonly SearchMode[],
  baseline?: { row: string; search: BaselineSearch },
): Promise<{ sweeps: SubjectSweep[]; misses: SubjectMiss[] }> {
  const messages = (await listMessages(engine)).filter((message) => message.subject.trim() !== '');
  const sharing = new Map<string, Set<string>>();
  /** Per shared subject, how many of its mails each conversation holds. */
  const threads = new Map<string, Map<string, number>>();
  for (const message of messages) {
    const key = sharedSubject(message.subject);
    const group = sharing.get(key) ?? new Set<string>();
    for (const id of [message.messageId, ...message.copyMessageIds]) group.add(id);
    sharing.set(key, group);
    const counts = threads.get(key) ?? new Map<string, number>();
    counts.set(message.threadId, (counts.get(message.threadId) ?? 0) + 1);
    threads.set(key, counts);
  }
  /** How many of the first ten the mails of a shared subject can take: DEFAULT_HITS_PER_THREAD per conversation, ten at most. */
  const places = (key: string): number =>
    Math.min(
      CUTOFF,
      [...threads.get(key)!.values()].reduce((sum, count) => sum + Math.min(count, DEFAULT_HITS_PER_THREAD), 0),
    );
  const searches: [string, SweepSearch][] = modes.map((mode) => [
    mode,
    async (query) => {
      const result = await engine.search({ query, mode, limit: CUTOFF });
      return { hits: result.hits.map(idsOf), tookMs: result.tookMs, note: result.modeNote };
    },
  ]);
  if (baseline)
    searches.push([
      baseline.row,
      async (query) => {
        const result = baseline.search(query, CUTOFF);
        return { hits: result.ranked.map((id) => [id]), tookMs: result.tookMs, note: null };
      },
    ]);
  const sweeps: SubjectSweep[] = [];
  const misses: SubjectMiss[] = [];
  for (const [mode, search] of searches) {
    let found = 0;
    let ownFound = 0;
    let tookMs = 0;
    for (const message of messages) {
      const result = await search(message.subject);
      tookMs += result.tookMs;
      const key = sharedSubject(message.subject);
      const group = sharing.get(key)!;
      const own = new Set([message.messageId, ...message.copyMessageIds]);
      const isOwnFound = result.hits.some((ids) => ids.some((id) => own.has(id)));
      const sharingFound = result.hits.filter((ids) => ids.some((id) => group.has(id))).length;
      if (isOwnFound) ownFound += 1;
      if (isOwnFound || (group.size > 1 && sharingFound >= places(key))) found += 1;
      else
        misses.push({
          slice,
          mode,
          subject: message.subject,
          messageId: message.messageId,
          sharing: group.size,
          found: sharingFound,
          note: result.note,
        });
    }
    sweeps.push({ slice, mode, searched: messages.length, found, ownFound, meanMs: messages.length ? tookMs / messages.length : 0 });
  }
  return { sweeps, misses };
}

/** The sweep's table and its misses (at most `shown` listed per slice and mode), for eval/results.md. */
export function subjectSweepReport(sweeps: SubjectSweep[], misses: SubjectMiss[], shown = 25): string[] {
  const lines = [
    '| slice | mode | subjects searched | found (or its thread, as diversity allows) | share | the mail itself in the first 10 | share | mean ms |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const share = (count: number, of: number): string => (of ? (count / of).toFixed(3) : '–');
  for (const sweep of sweeps) {
    lines.push(
      `| ${sweep.slice} | ${sweep.mode} | ${sweep.searched} | ${sweep.found} | ${share(sweep.found, sweep.searched)} | ${sweep.ownFound} | ${share(sweep.ownFound, sweep.searched)} | ${Math.round(sweep.meanMs)} |`,
    );
  }
  for (const sweep of sweeps) {
    const own = misses.filter((miss) => miss.slice === sweep.slice && miss.mode === sweep.mode);
    if (own.length === 0) continue;
    lines.push('', `Not found, ${sweep.slice}, ${sweep.mode} (${own.length}${own.length > shown ? `, first ${shown}` : ''}):`, '');
    for (const miss of own.slice(0, shown)) {
      const shared = miss.sharing > 1 ? ` (${miss.sharing} mails share it, ${miss.found} in the first 10)` : '';
      lines.push(`- \`${miss.subject.replace(/`/g, "'")}\` <${miss.messageId}>${shared}${miss.note ? ` — ${miss.note}` : ''}`);
    }
  }
  return lines;
}
