// Words are never lost: when words could be a constraint or part of a subject, the other reading is searched too, shown
// when the typed one finds nothing, and offered (with its count) when the typed one finds few.
import type { SearchResult } from '../../shared/model/search';

/** Below this many results, a reading that applied constraints offers the words read as words. */
export const FEW_RESULTS = 5;

function joinNotes(first: string | null, second: string | null): string | null {
  return first && second ? `${first}; ${second}` : (first ?? second);
}

/**
 * `result` is the search of the query as read; `search` runs another query text the same way. Returns the result to
 * show, its `parsed.alternative` set only when that reading finds mail (with its count), or removed.
 */
export async function withAlternativeReading(
  result: SearchResult,
  search: (query: string) => Promise<SearchResult>,
  /** The query's words are some mail's whole subject: the words read as words are shown, whatever the constraints find. */
  isPastedSubject = false,
): Promise<SearchResult> {
  const alternative = result.parsed.alternative;
  if (!alternative) return result;
  const withoutIt = (): SearchResult => ({ ...result, parsed: { ...result.parsed, alternative: undefined } });
  const showsWords = isPastedSubject && alternative.reads === 'words';
  // A reading that searched the words as typed is offered the constraints always; one that applied constraints offers
  // the plain words only when the constraints left few results.
  if (alternative.reads === 'words' && result.total >= FEW_RESULTS && !showsWords) return withoutIt();
  const other = await search(alternative.query);
  if (other.total === 0 || (!showsWords && other.total <= (alternative.reads === 'words' ? result.total : 0))) return withoutIt();
  const words = alternative.flips.map((flip) => `"${flip.text}"`).join(', ');
  const meanings = alternative.flips.map((flip) => flip.meaning).join(', ');
  if (result.total > 0 && !showsWords)
    return { ...result, parsed: { ...result.parsed, alternative: { ...alternative, total: other.total } } };
  const note =
    showsWords && result.total > 0
      ? `the query is the subject of a mail: showing ${words} searched as words, not read as ${meanings}`
      : alternative.reads === 'words'
        ? `no message matches ${meanings}: showing ${words} searched as words`
        : `no message holds ${words} as words: showing ${words} read as ${meanings}`;
  return {
    ...other,
    query: result.query,
    parsed: { ...result.parsed, alternative: { ...alternative, total: other.total, isShown: true } },
    tookMs: result.tookMs + other.tookMs,
    modeNote: joinNotes(note, other.modeNote),
  };
}
