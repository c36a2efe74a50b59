// The last stage of a search: the page's messages as hits, with their snippet, highlights and where they matched.
import type { SearchHit } from '../../shared/model/search';
import type { ChunkMatch } from '../vectors/chunkStore';
import type { RankedHit } from './rank';
import { copiesShown, type Copies } from './sameMail';
import type { SearchContext } from './searchContext';
import { matchOf, snippetFor } from './snippetHighlights';
import { toSummary } from './toSummary';
import { isImageTextMatch } from '../ocr/imageTextMatch';
import { listedEntryOf } from '../index/catalogEntry';
import { madeThreadMembers } from './threadMembers';

/** What the rest of the archive says about a page's messages. */
export interface PageEvidence {
  /** The other copies of mails stored more than once, which the hit shown for each stands for (see sameMail.ts). */
  copies: Copies;
  /**
   * How many other messages of a message's conversation match the query (see threadMatches.ts); null for a listing
   * without words (all mail, a folder), where every message of a conversation matches and the count says nothing.
   */
  threadMatches: ((ordinal: number) => number) | null;
}

/** `chunks` holds the passage each hit found by meaning matched; `highlightTerms` are the query's (ParsedQuery.terms). */
export async function pageHits(
  page: RankedHit[],
  chunks: Map<number, ChunkMatch>,
  highlightTerms: string[],
  { copies, threadMatches }: PageEvidence,
  context: SearchContext,
): Promise<SearchHit[]> {
  const ids = page.map((hit) => context.catalog.id(hit.ordinal));
  const places = page.map((hit) => hit.ordinal);
  const texts = new Map(
    (await context.store.getColumns(ids, ['id', 'snippet', 'text', 'attachmentTextJson'], places)).map((row) => [row.id, row]),
  );
  const members = madeThreadMembers(context.catalog);
  return page.map((hit) => {
    const entry = listedEntryOf(context.catalog, hit.ordinal);
    const threadSize = members?.sizeOf(members.threadOf[hit.ordinal]!) ?? context.catalog.threadSize(hit.ordinal);
    const stored = texts.get(entry.row.id);
    const chunk = chunks.get(hit.ordinal);
    const match = matchOf(entry, highlightTerms, chunk?.origin, stored);
    const source = chunk && hit.matchType === 'semantic' ? chunk.text : match.text;
    const { snippet, highlights } = snippetFor(
      chunk && hit.matchType === 'semantic' ? '' : (stored?.snippet ?? ''),
      source,
      highlightTerms,
      chunk?.text,
    );
    return {
      ...toSummary(entry, snippet),
      score: Number(hit.score.toFixed(4)),
      highlights,
      matchType: hit.matchType,
      matchedIn: match.matchedIn,
      ...(isImageTextMatch(stored?.attachmentTextJson, match.matchedIn) ? { matchedImageText: true } : {}),
      threadSize,
      ...(threadSize > 1 && threadMatches !== null ? { threadMatches: threadMatches(hit.ordinal) } : {}),
      ...copiesShown(hit.ordinal, copies, context.catalog),
    };
  });
}
