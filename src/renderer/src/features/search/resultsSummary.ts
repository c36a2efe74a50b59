// The results header in plain words: how many, in what order, and what a person needs to know about how they were found.
import type { SearchMode, SearchResult } from '../../../../shared/model/search';
import { formatCount } from '../../ui/format';

/** "23 results", "About 41,000 results", and as Gmail says when nothing matches by words or by meaning, "No messages match". */
export function countLine(result: SearchResult): string {
  if (result.total === 0 && !result.isTotalEstimated) return 'No messages match';
  return `${result.isTotalEstimated ? 'About ' : ''}${formatCount(result.total)} result${result.total === 1 ? '' : 's'}`;
}

/** "Show 37 messages about similar things" when nothing matched and some messages are near in meaning; null otherwise. */
export function similarOffer(result: SearchResult): string | null {
  const count = result.similarCount ?? 0;
  if (result.total > 0 || count === 0) return null;
  return `Show ${formatCount(count)} message${count === 1 ? '' : 's'} about similar things`;
}

/** The order the list is in, as the engine ran it. */
export function orderLine(result: SearchResult): string {
  if (result.sort === 'relevance') return 'best matches first';
  return result.understood?.some((item) => item.meaning === 'oldest first') ? 'oldest first' : 'newest first';
}

const MODE_WORDS: Record<Exclude<SearchMode, 'auto'>, string> = {
  keyword: 'by the words themselves',
  semantic: 'by meaning',
  hybrid: 'by words and by meaning',
  rerank: 'by words and by meaning, then the best looked at closer',
  hyde: 'by meaning, with a passage a language model wrote',
};

/** How the list was found, in a short sentence. */
export function howLine(result: SearchResult): string {
  return `Found ${MODE_WORDS[result.mode]}.`;
}

/** What the person should know, or null: fewer words matched, meaning search covering part of the archive, a fallback. */
export function plainNote(result: SearchResult): string | null {
  const notes: string[] = [];
  if (result.modeNote?.includes('no message has all of the words'))
    notes.push('No message has every word: showing those with the most of them');
  if (result.modeNote?.startsWith('showing messages about similar things')) notes.push('Messages about similar things (none matched)');
  // While vectors are being made, a search with words says how far meaning search reaches (auto mode may have matched
  // by words alone because of it).
  if (result.parsed.text.trim() !== '' && result.embeddedShare > 0 && result.embeddedShare < 1) {
    notes.push(`Meaning search covers ${Math.min(99, Math.floor(result.embeddedShare * 100))}% of the archive so far`);
  }
  if (/fell back|ran as/.test(result.modeNote ?? '')) notes.push('The search ran a simpler way this time: see Why these results?');
  return notes.length > 0 ? notes.join('. ') : null;
}
