// What `lantern search` adds when nothing matched: the spelling the archive has ("Did you mean") and the offer of
// messages about similar things, as the app's results header shows them.
import type { SearchResult } from '../shared/model/search';
import { applySuggestion } from '../shared/query/didYouMean';
import { forTerminalLine } from './terminalText';

/** The query with every suggestion applied, last first so the earlier spans stay where they were. */
function correctedQuery(result: SearchResult): string | null {
  const suggestions = [...(result.suggestions ?? [])].sort((first, second) => second.span.start - first.span.start);
  if (suggestions.length === 0) return null;
  return suggestions.reduce((text, suggestion) => applySuggestion(text, suggestion), result.query);
}

/** Lines for a result with no hits; none for one that found mail. */
export function nothingFoundLines(result: SearchResult): string[] {
  if (result.total > 0 || result.isTotalEstimated) return [];
  const lines: string[] = [];
  const corrected = correctedQuery(result);
  lines.push(corrected === null ? 'No messages match.' : `No messages match. Did you mean: ${forTerminalLine(corrected)}`);
  if (result.similarCount) {
    const count = result.similarCount;
    lines.push(
      `${count} message${count === 1 ? ' is' : 's are'} about similar things: lantern search --similar ${JSON.stringify(forTerminalLine(result.query))}`,
    );
  }
  return lines;
}
